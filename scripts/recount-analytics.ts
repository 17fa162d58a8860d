// Recounts the analytics rollups from the raw page views, in SITE_TIMEZONE:
//   npm run analytics:recount [-- --from YYYY-MM-DD]
// after deleting raw page views by hand, or after changing SITE_TIMEZONE. Without --from it
// recounts every day whose raw rows are all still there (see PAGE_VIEW_RETENTION_DAYS).
// With the embedded database, stop the server first.
import { parseArgs } from "node:util";
import { firstCompleteRawDay, recountPageViewRollups } from "#app/server/analytics/analytics.server";
import { runWithDatabase } from "./lib/cli";

function parseFrom(): string | undefined {
  const { values } = parseArgs({ options: { from: { type: "string" } } });
  if (values.from === undefined) return undefined;
  const date = new Date(`${values.from}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.from) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== values.from) {
    throw new Error(`--from must be a date as YYYY-MM-DD, not "${values.from}".`);
  }
  return values.from;
}

let from: string | undefined;
try {
  from = parseFrom();
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run analytics:recount [-- --from YYYY-MM-DD]`);
  process.exit(2);
}

await runWithDatabase("Recount failed", async ({ db }, config) => {
  const timeZone = config.SITE_TIMEZONE;
  const start = from ?? (await firstCompleteRawDay(db, { timeZone, retentionDays: config.PAGE_VIEW_RETENTION_DAYS }));
  await recountPageViewRollups(db, { timeZone, from: start });
  console.log(`Recounted page views from ${start} on, in ${timeZone}. Earlier days keep their counts.`);
});
