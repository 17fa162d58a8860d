import { describe, expect, it } from "vitest";
import { digestPeriod, digestSlots } from "./newsletter-schedule";

describe("digest slots", () => {
  it("finds the last and next Monday 07:00 in Lusaka (UTC+2)", () => {
    const now = new Date("2026-11-25T10:00:00Z"); // a Wednesday
    const { last, next } = digestSlots({ weekday: 1, time: "07:00" }, now, "Africa/Lusaka");
    expect(last!.toISOString()).toBe("2026-11-23T05:00:00.000Z");
    expect(next.toISOString()).toBe("2026-11-30T05:00:00.000Z");
  });

  it("counts today's slot as passed only from its minute on", () => {
    const schedule = { weekday: 3, time: "12:00" };
    const before = digestSlots(schedule, new Date("2026-11-25T09:59:59Z"), "Africa/Lusaka");
    expect(before.last!.toISOString()).toBe("2026-11-18T10:00:00.000Z");
    expect(before.next.toISOString()).toBe("2026-11-25T10:00:00.000Z");
    const at = digestSlots(schedule, new Date("2026-11-25T10:00:00Z"), "Africa/Lusaka");
    expect(at.last!.toISOString()).toBe("2026-11-25T10:00:00.000Z");
    expect(at.next.toISOString()).toBe("2026-12-02T10:00:00.000Z");
  });

  it("follows a zone's clock change (Sunday 09:00 in Berlin around the end of summer time)", () => {
    const { last, next } = digestSlots({ weekday: 0, time: "09:00" }, new Date("2026-10-28T12:00:00Z"), "Europe/Berlin");
    expect(last!.toISOString()).toBe("2026-10-25T08:00:00.000Z"); // winter time, UTC+1
    expect(next.toISOString()).toBe("2026-11-01T08:00:00.000Z");
    expect(digestSlots({ weekday: 0, time: "09:00" }, new Date("2026-10-20T12:00:00Z"), "Europe/Berlin").last!.toISOString()).toBe("2026-10-18T07:00:00.000Z");
  });

  it("covers the seven days up to a slot", () => {
    const end = new Date("2026-11-30T05:00:00Z");
    expect(digestPeriod(end)).toEqual({ start: new Date("2026-11-23T05:00:00Z"), end });
  });
});
