import { describe, expect, it } from "vitest";
import { containsWebAddress, displayNameMaxLength, validateComment, validateDisplayName } from "./comment-schema";

describe("validateDisplayName", () => {
  it("takes a name, trimmed", () => {
    expect(validateDisplayName("  Mutinta Hamoonga ")).toEqual({ ok: true, name: "Mutinta Hamoonga" });
    expect(validateDisplayName("Dr. Banda")).toEqual({ ok: true, name: "Dr. Banda" });
    expect(validateDisplayName("Chipo (Grade 4, Ndola)")).toEqual({ ok: true, name: "Chipo (Grade 4, Ndola)" });
  });

  it("refuses a blank name and one longer than comments allow a name", () => {
    expect(validateDisplayName("   ")).toEqual({ ok: false, error: "Please enter a display name." });
    expect(validateDisplayName(undefined)).toEqual({ ok: false, error: "Please enter a display name." });
    expect(validateDisplayName("x".repeat(displayNameMaxLength))).toMatchObject({ ok: true });
    expect(validateDisplayName("x".repeat(displayNameMaxLength + 1))).toEqual({ ok: false, error: "Display name must be at most 80 characters." });
  });

  it("refuses a name that carries a web address, however it is written", () => {
    for (const name of [
      "VISIT cheap-pills.example NOW",
      "VISIT CHEAP-PILLS.EXAMPLE NOW",
      "https://cheap-pills.example",
      "see www.cheap-pills",
      "cheap-pills。example",
      "ftp://files",
    ]) {
      expect(validateDisplayName(name), name).toEqual({ ok: false, error: "A display name cannot contain a web address." });
    }
  });
});

describe("the rule comments and names share", () => {
  it("checks a comment by the same steps, with its own length and no refusal of links (a moderator reads them)", () => {
    expect(validateComment("  Thank you!  ")).toEqual({ ok: true, content: "Thank you!" });
    expect(validateComment("")).toEqual({ ok: false, error: "Please write your comment." });
    expect(validateComment("x".repeat(2001))).toEqual({ ok: false, error: "Your comment is too long: at most 2,000 characters." });
    expect(validateComment("The syllabus is on www.ecz.org.zm")).toMatchObject({ ok: true });
  });

  it("tells a web address from ordinary punctuation", () => {
    expect(containsWebAddress("e.g. a name")).toBe(false);
    expect(containsWebAddress("3.14")).toBe(false);
    expect(containsWebAddress("Ph.D")).toBe(false);
    expect(containsWebAddress("a.b")).toBe(false);
    expect(containsWebAddress("example.com")).toBe(true);
  });
});
