import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("lets a caller's class win over a default for the same property", () => {
    expect(cn("px-4 py-2", "px-2")).toBe("py-2 px-2");
    expect(cn("bg-accent", "bg-destructive")).toBe("bg-destructive");
  });

  it("drops false, null and undefined and keeps the rest in order", () => {
    expect(cn("rounded-md", false, null, undefined, "border")).toBe("rounded-md border");
  });
});
