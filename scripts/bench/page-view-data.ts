import { sql } from "drizzle-orm";
import { recountPageViewRollups } from "#app/server/analytics/analytics.server";
import type { AppDb } from "#app/server/db/types.server";

/**
 * Fills an empty database with `rows` page views spread over the last 90 days: 2,000 paths
 * with a long tail, 40 referrers (a third of views with none), 200,000 visitors. Raw rows
 * go in with the rollup trigger switched off (as a restore does), then the rollups are
 * recounted from them in one set-based pass each (as `npm run analytics:recount` does):
 * the same counts the trigger keeps, in minutes rather than the hour 10 million trigger
 * passes take.
 */
export async function generatePageViews(db: AppDb, rows: number, timeZone: string, progress: (done: number) => void) {
  const chunk = 1_000_000;
  for (let done = 0; done < rows; done += chunk) {
    const size = Math.min(chunk, rows - done);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('educator.restoring', 'on', true)`);
      await tx.execute(sql`
        insert into page_views (path, referrer, visitor_id, created_at)
        select '/articles/' || (floor(power(random(), 3) * 2000))::int,
               case when random() < 0.33 then null else 'https://ref' || (floor(random() * 40))::int || '.example/' end,
               'visitor-' || (floor(random() * 200000))::int,
               now() - random() * interval '90 days'
        from generate_series(1, ${size})`);
    });
    progress(done + size);
  }
  await recountPageViewRollups(db, { timeZone, from: "1970-01-01" });
}
