import { describe, expect, it } from "vitest";
import { publicFileAt } from "./public-files.server";

describe("publicFileAt", () => {
  it("names a file of the public bucket, each segment decoded once", () => {
    expect(publicFileAt("/uploads/media/articles/1_ab.png")).toEqual({ bucket: "media", key: "articles/1_ab.png" });
    expect(publicFileAt("/uploads/%6Dedia/articles/1_ab.png")).toEqual({ bucket: "media", key: "articles/1_ab.png" });
  });

  it.each([
    "/uploads/resources/a/1.pdf",
    "/uploads/imports/1.json",
    "/uploads/school-packs/2026-11-28T17-57-28Z.zip",
    "/uploads/%72esources/a/1.pdf",
    "/uploads//media/a.png",
    "/uploads/media//a.png",
    "/uploads/media/",
    "/uploads/media",
    "/uploads/MEDIA/a.png",
    "/uploads/media./a.png",
    "/uploads/media/%2e%2e/resources/a/1.pdf",
    "/uploads/media/%252e%252e/resources/a/1.pdf",
    "/uploads/media/..%2Fresources%2Fa%2F1.pdf",
    "/uploads/media/a%2Fb.png",
    "/uploads/media/a%5cb.png",
    "/uploads/media/a.png%00",
    "/uploads/media/.hidden.png",
    "/uploads/media/%E0%A4%A.png",
    "/downloads/media/a.png",
  ])("refuses %s", (sitePath) => {
    expect(publicFileAt(sitePath)).toBeNull();
  });
});
