// One formatter, made once: toLocaleDateString builds a new one on every call.
const longDateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "5 March 2026": how the public site writes a date (publication, comments). */
export function longDate(value: Date | string): string {
  return longDateFormat.format(new Date(value));
}
