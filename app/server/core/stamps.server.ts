import { services } from "./services.server";

/**
 * A date written on the server in the site's time zone, so the browser hydrates the same text
 * the server rendered.
 */
export function stampDate(date: Date) {
  return {
    iso: date.toISOString(),
    text: date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: services().config.SITE_TIMEZONE }),
  };
}

export type DateStamp = ReturnType<typeof stampDate>;

/** As stampDate, with the time of day: "30 Nov 2026, 07:00". */
export function stampDateTime(date: Date): DateStamp {
  const timeZone = services().config.SITE_TIMEZONE;
  return {
    iso: date.toISOString(),
    text: date.toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }),
  };
}
