import { describe, expect, it } from "vitest";
import { foundTrendingText } from "./news-types";
import { formatCount, plural, pluralWord } from "./plural";

const subscribers = { one: "confirmed subscriber", other: "confirmed subscribers" };

describe("plural", () => {
  it("writes the singular for exactly one, the plural for every other count", () => {
    expect(plural(1, subscribers)).toBe("1 confirmed subscriber");
    expect(plural(0, subscribers)).toBe("0 confirmed subscribers");
    expect(plural(2, subscribers)).toBe("2 confirmed subscribers");
    expect(plural(21, subscribers)).toBe("21 confirmed subscribers");
  });

  it("groups the digits of large counts", () => {
    expect(plural(1210, { one: "view", other: "views" })).toBe("1,210 views");
    expect(plural(1_000_001, { one: "view", other: "views" })).toBe("1,000,001 views");
  });

  it("writes counts as Intl.NumberFormat would in English, without its cost", () => {
    const english = new Intl.NumberFormat("en-US");
    for (const count of [0, 7, 999, 1000, 12_345, 999_999, 1_234_567_890, -1234, 2.5, 1234.5678, 0.0004])
      expect(formatCount(count)).toBe(english.format(count));
  });

  it("gives the word alone, for text that writes its number apart", () => {
    expect(pluralWord(1, { one: "item", other: "items" })).toBe("item");
    expect(pluralWord(3, { one: "item", other: "items" })).toBe("items");
  });
});

describe("texts with a count", () => {
  it("keep the spec's words with the noun agreeing with the number", () => {
    expect(foundTrendingText(1)).toBe("Found 1 trending item.");
    expect(foundTrendingText(12)).toBe("Found 12 trending items.");
  });
});
