import { sql } from "drizzle-orm";
import type { AppDb } from "../../app/server/db-types.server";

/**
 * Fills an empty database with `rows` page views spread over the last 90 days: 2,000 paths
 * with a long tail, 40 referrers (a third of views with none), 200,000 visitors. Raw rows
 * go in with the rollup trigger switched off (as a restore does), then the rollups are
 * computed from them in one set-based pass each: the same counts the trigger keeps,
 * in minutes rather than the hour 10 million trigger passes take.
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
  const day = sql`(created_at at time zone ${timeZone})::date`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`insert into page_view_visitor_days (day, visitor_id) select distinct ${day}, visitor_id from page_views`);
    await tx.execute(sql`insert into page_view_days (day, views, visitors) select ${day}, count(*), count(distinct visitor_id) from page_views group by 1`);
    await tx.execute(sql`insert into page_view_path_days (day, path, views) select ${day}, path, count(*) from page_views group by 1, 2`);
    await tx.execute(sql`insert into page_view_referrer_days (day, referrer, views) select ${day}, coalesce(referrer, ''), count(*) from page_views group by 1, 2`);
  });
}
