import { describe, expect, it } from "vitest";
import { questionPath } from "./community";
import { isOfflineReadingPath } from "./offline";

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
