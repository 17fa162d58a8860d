import { describe, expect, it } from "vitest";
import { moreFailuresText } from "./import-texts";

describe("an import result's list of images left as links", () => {
  it("says how many more there were than it lists", () => {
    expect(moreFailuresText(20, 36)).toBe("and 16 more");
    expect(moreFailuresText(5, 5)).toBeNull();
    expect(moreFailuresText(0, 0)).toBeNull();
  });
});
