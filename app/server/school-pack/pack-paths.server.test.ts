import { describe, expect, it } from "vitest";
import { firstPageKeyOf, packedPageKey, pageFileOf } from "./pack-paths.server";

describe("the pages a school pack holds", () => {
  it("names a page by its path, a list by its filters and cursor in one order", () => {
    expect(packedPageKey("/")).toBe("/");
    expect(packedPageKey("/articles/0b6c1c5e-2f7a-4d0e-9a51-3c1f1b2a9e10")).toBe("/articles/0b6c1c5e-2f7a-4d0e-9a51-3c1f1b2a9e10");
    expect(packedPageKey("/resources?lang=ny&level=grade-4")).toBe("/resources?level=grade-4&lang=ny");
    expect(packedPageKey("/resources?after=abc.def&lang=ny")).toBe("/resources?lang=ny&after=abc.def");
    expect(packedPageKey("/ask-kafundisha?category=career&show=popular")).toBe("/ask-kafundisha?show=popular&category=career");
    expect(packedPageKey("/category/health?after=xyz")).toBe("/category/health?after=xyz");
  });

  it("leaves out what a pack cannot hold: searches, sorts, unknown or repeated parameters, pages it does not keep", () => {
    for (const link of [
      "/resources?q=fractions",
      "/articles?sort=popular",
      "/articles?level=grade-4", // All Articles is packed without filters
      "/resources?level=grade-4&level=grade-5",
      "/resources?level=../../etc",
      "/about?after=x", // not a list
      "/newsletter",
      "/ask-kafundisha/unsubscribe",
      `/articles/${"a".repeat(201)}`,
    ])
      expect(packedPageKey(link), link).toBeNull();
  });

  it("keeps a question's address of an id and 80 characters of title", () => {
    const path = `/ask-kafundisha/0b6c1c5e-2f7a-4d0e-9a51-3c1f1b2a9e10-${"word-".repeat(16).slice(0, 80)}`;
    expect(path.length).toBeGreaterThan(100);
    expect(packedPageKey(path)).toBe(path);
  });

  it("gives each page a file, a list's later pages beside its first", () => {
    expect(pageFileOf("/")).toBe("index.html");
    expect(pageFileOf("/articles/x")).toBe("articles/x.html");
    expect(pageFileOf("/resources?level=grade-4&lang=ny")).toBe("resources/level-grade-4_lang-ny.html");
    expect(pageFileOf("/articles?after=abc", 2)).toBe("articles/page-2.html");
    expect(pageFileOf("/resources?level=grade-4&after=abc", 3)).toBe("resources/level-grade-4/page-3.html");
    expect(firstPageKeyOf("/resources?level=grade-4&after=abc")).toBe("/resources?level=grade-4");
    expect(firstPageKeyOf("/articles?after=abc")).toBe("/articles");
    expect(firstPageKeyOf("/articles")).toBeNull();
  });
});
