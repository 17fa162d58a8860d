import { describe, expect, it } from "vitest";
import { localDateTimeValue, zonedDateTime } from "./zoned-time";

describe("wall-clock times in the site's time zone", () => {
  it("reads a datetime-local value in the zone, with its offset", () => {
    expect(zonedDateTime("2026-11-30T07:00", "Africa/Lusaka")?.toISOString()).toBe("2026-11-30T05:00:00.000Z");
    expect(zonedDateTime("2026-11-30T07:00", "UTC")?.toISOString()).toBe("2026-11-30T07:00:00.000Z");
    expect(zonedDateTime("2026-01-15T09:30", "America/New_York")?.toISOString()).toBe("2026-01-15T14:30:00.000Z");
    expect(zonedDateTime("2026-07-15T09:30", "America/New_York")?.toISOString()).toBe("2026-07-15T13:30:00.000Z");
  });

  it("refuses what is no real date and time", () => {
    for (const value of ["", "2026-02-30T07:00", "2026-11-30T24:00", "2026-11-30 07:00", "2026-11-30T07:60", "tomorrow"]) {
      expect(zonedDateTime(value, "Africa/Lusaka"), value).toBeNull();
    }
  });

  it("gives back the value an instant shows in the zone", () => {
    const instant = new Date("2026-11-30T05:00:00Z");
    expect(localDateTimeValue(instant, "Africa/Lusaka")).toBe("2026-11-30T07:00");
    expect(zonedDateTime(localDateTimeValue(instant, "Europe/London"), "Europe/London")).toEqual(instant);
  });
});
