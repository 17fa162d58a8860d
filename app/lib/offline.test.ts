import { describe, expect, it } from "vitest";
import { questionPath } from "./community";
import { deviceLimit, isOfflineReadingPath, isResourceDownloadPath, limitRefusal, savedBytes, unusedFiles, usageText } from "./offline";

const id = "3f2b8c1e-9a4d-4e7b-8c21-5d6f7a8b9c0d";

describe("isOfflineReadingPath", () => {
  it("keeps articles and Ask Kafundisha questions by their own addresses", () => {
    expect(isOfflineReadingPath(`/articles/${id}`)).toBe(true);
    expect(isOfflineReadingPath(questionPath({ id, slug: "teaching-fractions-when-there-are-no-learner-books" }))).toBe(true);
    expect(isOfflineReadingPath(questionPath({ id, slug: "question" }))).toBe(true);
  });

  it("keeps nothing else: lists, a question's address without its words or with other characters, other pages", () => {
    for (const path of [
      "/articles",
      `/articles/${id}/og.jpg`,
      "/ask-kafundisha",
      "/ask-kafundisha/unsubscribe",
      `/ask-kafundisha/${id}`,
      `/ask-kafundisha/${id}-`,
      `/ask-kafundisha/${id}-Upper-Case`,
      `/ask-kafundisha/${id}-two--hyphens`,
      `/ask-kafundisha/${id}-words/more`,
      `/ask-kafundisha/not-a-uuid-${id}`,
      `/admin/articles/${id}`,
    ]) {
      expect(isOfflineReadingPath(path), path).toBe(false);
    }
  });
});

describe("isResourceDownloadPath", () => {
  it("is a resource's download address, by its id and file name", () => {
    expect(isResourceDownloadPath(`/downloads/${id}/lesson-plan-fractions.pdf`)).toBe(true);
    for (const path of [
      "/downloads",
      `/downloads/${id}`,
      `/downloads/${id}/`,
      `/downloads/not-a-uuid/plan.pdf`,
      `/downloads/${id}/plan.pdf/more`,
      `/uploads/${id}/plan.pdf`,
    ]) {
      expect(isResourceDownloadPath(path), path).toBe(false);
    }
  });
});

describe("the device limit", () => {
  it("is one of the choices kept, else 100 MB", () => {
    expect(deviceLimit("250")).toBe(250);
    expect(deviceLimit("50")).toBe(50);
    for (const stored of [null, "", "75", "abc", "1e9", "-100"]) expect(deviceLimit(stored), String(stored)).toBe(100);
  });

  it("refuses what would pass it, saying what is needed and what is free", () => {
    const mb = 1024 * 1024;
    expect(limitRefusal(40 * mb, 10 * mb, 50)).toBeNull();
    expect(limitRefusal(40 * mb, 10 * mb + 1, 50)).toBe(
      "Not saved: this needs 10.0 MB, and 10.0 MB of the 50 MB for this device is free. Choose less, or make room under Saved.",
    );
    expect(limitRefusal(120 * mb, 0, 100)).toBeNull();
    // Over the limit already (it was lowered): nothing is free.
    expect(limitRefusal(120 * mb, 2048, 100)).toBe(
      "Not saved: this needs 2 KB, and 0 bytes of the 100 MB for this device is free. Choose less, or make room under Saved.",
    );
  });

  it("shows the use beside it", () => {
    expect(usageText(Math.round(3.4 * 1024 * 1024), 100)).toBe("3.4 MB of 100 MB");
    expect(usageText(0, 50)).toBe("0 bytes of 50 MB");
  });
});

describe("saved files", () => {
  const plan = `/downloads/${id}/plan.pdf`;
  const first = {
    path: "/articles/a",
    images: ["/uploads/a.webp", "/uploads/shared.webp"],
    files: { "/articles/a": 1000, "/uploads/a.webp": 200, "/uploads/shared.webp": 50, [plan]: 5000 },
  };
  const second = { path: "/articles/b", images: ["/uploads/shared.webp"], files: { "/articles/b": 800, "/uploads/shared.webp": 50, [plan]: 5000 } };

  it("count each file once, however many articles keep it; an article saved before sizes were kept counts nothing", () => {
    expect(savedBytes([first])).toBe(6250);
    expect(savedBytes([first, second])).toBe(7050);
    expect(savedBytes([first, second, { path: "/articles/old", images: [] }])).toBe(7050);
    expect(savedBytes([])).toBe(0);
  });

  it("are dropped only when no article left keeps them", () => {
    expect(unusedFiles(["/articles/a", "/uploads/a.webp", "/uploads/shared.webp", plan], [second])).toEqual(["/articles/a", "/uploads/a.webp"]);
    expect(unusedFiles([plan, plan], [])).toEqual([plan]);
    // An article saved before sizes were kept still holds its page and pictures.
    expect(unusedFiles(["/uploads/old.webp", "/articles/old"], [{ path: "/articles/old", images: ["/uploads/old.webp"] }])).toEqual([]);
  });
});
