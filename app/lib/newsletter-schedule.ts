import { localDateTimeValue, zonedDateTime } from "./zoned-time";

/** When the weekly digest goes out: a weekday (0 Sunday … 6 Saturday) and a time ("07:00") in the site's time zone. */
export interface DigestSchedule {
  weekday: number;
  time: string;
  /** When the schedule was set: slots before it are not sent (nothing is "caught up" from before). */
  since: string;
}

export const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const dayMs = 24 * 60 * 60 * 1000;

/** The schedule's slots around `now`, from the last one to have passed (or null) to the next one to come. */
export function digestSlots(schedule: Pick<DigestSchedule, "weekday" | "time">, now: Date, timeZone: string): { last: Date | null; next: Date } {
  const today = localDateTimeValue(now, timeZone).slice(0, 10);
  const todayUtc = Date.parse(`${today}T00:00:00Z`);
  let last: Date | null = null;
  let next: Date | null = null;
  // Eight days back and forward cover a week on each side, whatever the clock changes do.
  for (let offset = -8; offset <= 8; offset++) {
    const day = new Date(todayUtc + offset * dayMs);
    if (day.getUTCDay() !== schedule.weekday) continue;
    const slot = zonedDateTime(`${day.toISOString().slice(0, 10)}T${schedule.time}`, timeZone);
    if (!slot) continue;
    if (slot.getTime() <= now.getTime()) last = slot;
    else if (!next) next = slot;
  }
  return { last, next: next! };
}

/** A period of the digest: the seven days up to `end`. */
export function digestPeriod(end: Date): { start: Date; end: Date } {
  return { start: new Date(end.getTime() - 7 * dayMs), end };
}
