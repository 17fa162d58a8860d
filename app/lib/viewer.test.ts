import { describe, expect, it } from "vitest";
import { ownPage } from "./viewer";

describe("a page asked for as the reader's own", () => {
  it("adds the marker once, keeping the path, the other parameters and the fragment", () => {
    const site = "https://magazine.example.org";
    expect(ownPage("/", site)).toBe("/?me");
    expect(ownPage("/articles/x?q=lunch#comments", site)).toBe("/articles/x?q=lunch&me#comments");
    expect(ownPage("/about?me&x=1", site)).toBe("/about?x=1&me");
  });
});
