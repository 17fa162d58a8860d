import { describe, expect, it } from "vitest";
import { hook, hooked, hooks } from "./reader-hooks";

describe("reader hooks", () => {
  it("are data attributes, each named once", () => {
    const names = Object.values(hooks);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(name).toMatch(/^data-[a-z]+(-[a-z]+)*$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it("are put on an element as props and found by their selector", () => {
    expect(hook(hooks.listResults)).toEqual({ "data-list-results": "" });
    expect(hook(hooks.sharePath, "/articles/1")).toEqual({ "data-share-path": "/articles/1" });
    expect(hooked(hooks.commentForm)).toBe("[data-comment-form]");
  });
});
