import { describe, expect, it } from "vitest";
import { maxRememberedPathLength, rememberedPathTest } from "./paths.server";

describe("remembered answers about paths", () => {
  it("answers a path seen before from memory, but never remembers a path longer than any of ours", () => {
    const asked: string[] = [];
    const isShort = rememberedPathTest((path) => {
      asked.push(path);
      return path.length < 10;
    });
    expect([isShort("/a"), isShort("/a")]).toEqual([true, true]);
    expect(asked).toEqual(["/a"]);
    const long = `/articles/${"x".repeat(12 * 1024)}`;
    expect(long.length).toBeGreaterThan(maxRememberedPathLength);
    expect([isShort(long), isShort(long)]).toEqual([false, false]);
    expect(asked).toEqual(["/a", long, long]);
    const longest = `/${"y".repeat(maxRememberedPathLength - 1)}`;
    isShort(longest);
    isShort(longest);
    expect(asked.filter((path) => path === longest)).toHaveLength(1);
  });

  it("keeps at most 10,000 paths: past that it starts again", () => {
    const asked = new Map<string, number>();
    const test = rememberedPathTest((path) => {
      asked.set(path, (asked.get(path) ?? 0) + 1);
      return null;
    });
    for (let index = 0; index < 10_000; index++) test(`/p/${index}`);
    test("/p/0");
    expect(asked.get("/p/0")).toBe(1); // still remembered (null is an answer too)
    test("/p/10000"); // the 10,001st: memory starts again
    test("/p/0");
    expect(asked.get("/p/0")).toBe(2);
  });
});
