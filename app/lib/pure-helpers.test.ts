import { localPath } from "./local-path";
import { describe, expect, it } from "vitest";
import { categoryLabel, isClickableCategory } from "./category-label";
import { readTimeLabel, readTimeMinutes } from "./read-time";
import { slugify } from "./slug";

describe("slugify", () => {
  it("lower-cases and turns runs of other characters into one hyphen, none at the ends", () => {
    expect(slugify("  Hello, World!  ")).toBe("hello-world");
    expect(slugify("CBC: What's New -- in 2026?")).toBe("cbc-what-s-new-in-2026");
    expect(slugify("Éducation")).toBe("ducation");
    expect(slugify("!!!")).toBe("");
  });
});

describe("read time", () => {
  it("is words / 200 rounded, at least 1", () => {
    expect(readTimeMinutes("")).toBe(1);
    expect(readTimeMinutes("word ".repeat(299))).toBe(1);
    expect(readTimeMinutes("word ".repeat(300))).toBe(2);
    expect(readTimeMinutes("word ".repeat(1000))).toBe(5);
    expect(readTimeLabel(readTimeMinutes("word ".repeat(500)))).toBe("3 min read");
  });
});

describe("category badge label", () => {
  it("turns the slug into capitalised words; only five slugs are clickable", () => {
    expect(categoryLabel("education-news")).toBe("Education News");
    expect(categoryLabel("ask-kafundisha")).toBe("Ask Kafundisha");
    expect(["education-news", "health", "sports", "technology", "entrepreneurship"].every(isClickableCategory)).toBe(true);
    expect(isClickableCategory("ask-kafundisha")).toBe(false);
    expect(isClickableCategory("teacher-swaps")).toBe(false);
  });
});

describe("localPath", () => {
  const site = "https://magazine.example.org/auth?redirectTo=x";
  it("keeps a path of the site, with its query and fragment", () => {
    expect(localPath("/admin/articles?after=abc#top", site)).toBe("/admin/articles?after=abc#top");
    expect(localPath("/", site)).toBe("/");
  });
  it("sends every way out of the site home, as a browser would read it", () => {
    for (const payload of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\\\t\\evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/./\\evil.example",
      "/./\\/evil.example",
      "/a/../..//evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "",
      null,
      42,
    ]) {
      expect(localPath(payload, site), JSON.stringify(payload)).toBe("/");
    }
  });
});
