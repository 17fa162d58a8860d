import { localDateTimeValue, zonedDateTime } from "./zoned-time";

/** The monthly school pack: made on a day of the month (1–28, so every month has it) at night, site time. */
export interface SchoolPackSchedule {
  day: number;
  /** When the schedule was set: no slot before it is made (nothing is "caught up" from before). */
  since: string;
}

/** The hour packs are made on their day: at night, when few read the site. */
export const schoolPackTime = "02:00";
export const schoolPackDays = Array.from({ length: 28 }, (_, index) => index + 1);

/** The schedule's slot this month and its neighbours: the last to have passed (or null) and the next to come. */
export function schoolPackSlots(day: number, now: Date, timeZone: string): { last: Date | null; next: Date } {
  const [year, month] = localDateTimeValue(now, timeZone).slice(0, 7).split("-").map(Number) as [number, number];
  const slots = [-1, 0, 1].flatMap((offset) => {
    const first = new Date(Date.UTC(year, month - 1 + offset, 1));
    const date = `${first.toISOString().slice(0, 8)}${String(day).padStart(2, "0")}`;
    const slot = zonedDateTime(`${date}T${schoolPackTime}`, timeZone);
    return slot ? [slot] : [];
  });
  const passed = slots.filter((slot) => slot.getTime() <= now.getTime());
  return { last: passed.at(-1) ?? null, next: slots.find((slot) => slot.getTime() > now.getTime())! };
}
