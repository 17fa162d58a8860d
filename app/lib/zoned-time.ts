// Dates and times as the site's editors read them: a wall-clock time in the site's time zone
// (SITE_TIMEZONE), which is what a datetime-local field holds, and the instant it names.

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instant`, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(new Date(instant))
      .map(({ type, value }) => [type, Number(value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * "2026-11-30T07:00" in `timeZone` as an instant; null when it is no real date and time. In a
 * clock change's gap the time is read with the offset from before the change.
 */
export function zonedDateTime(local: string, timeZone: string): Date | null {
  const match = localDateTime.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // The zone's offset at the wall time read as UTC, then again at the instant that gives.
  let instant = wall - (wallClock(wall, timeZone) - wall);
  instant = wall - (wallClock(instant, timeZone) - instant);
  return new Date(instant);
}

/** `date` as a datetime-local value ("2026-11-30T07:00") in `timeZone`. */
export function localDateTimeValue(date: Date, timeZone: string): string {
  return new Date(wallClock(date.getTime(), timeZone)).toISOString().slice(0, 16);
}
