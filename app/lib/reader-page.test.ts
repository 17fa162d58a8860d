import { describe, expect, it } from "vitest";
import { keptOnServer } from "./reader-page";

describe("keptOnServer", () => {
  it("hides a reader page's data from serializers while its components read it as usual", () => {
    const data = keptOnServer({ title: "Teaching large classes", related: [{ id: "a" }] });
    expect(data.title).toBe("Teaching large classes");
    expect(data.related).toEqual([{ id: "a" }]);
    const { title } = data;
    expect(title).toBe("Teaching large classes");
    expect(Object.keys(data)).toEqual([]);
    expect(JSON.stringify(data)).toBe("{}");
  });
});
