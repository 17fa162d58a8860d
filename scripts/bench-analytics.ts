// Analytics benchmark: fills a fresh database with page views spread over 90 days, then
// measures the analytics screen's server time (30-day range, warm) and the ingestion rate
// through the real /api/page-views endpoint. Prints figures; asserts nothing.
//
//   npm run build && npm run bench:analytics                       # embedded (PGlite)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:analytics
//
// BENCH_ROWS (default 10,000,000 on PostgreSQL, 1,000,000 embedded), BENCH_INGEST_SECONDS (10).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadAnalytics } from "../app/server/analytics.server";
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from "../app/server/db.server";
import { selectRows } from "../app/server/db-types.server";
import { createPostgresDatabase, dropPostgresDatabase } from "../tests/helpers/database";

const adminUrl = process.env.BENCH_DATABASE_URL;
const rows = Number(process.env.BENCH_ROWS ?? (adminUrl ? 10_000_000 : 1_000_000));
const chunk = 500_000;
const timeZone = "Africa/Lusaka";

async function openBenchDatabase(): Promise<{ database: Database; cleanup(): Promise<void> }> {
  if (adminUrl) {
    const url = await createPostgresDatabase(adminUrl);
    const database = await openPostgresDatabase(url);
    return { database, cleanup: async () => (await database.close(), await dropPostgresDatabase(adminUrl, url)) };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "educator-bench-"));
  const database = await openEmbeddedDatabase({ dataDir: path.join(folder, "pgdata") });
  return { database, cleanup: async () => (await database.close(), fs.rmSync(folder, { recursive: true, force: true })) };
}

function seconds(since: number) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

const { database, cleanup } = await openBenchDatabase();
try {
  const { db } = database;
  await database.migrate();
  await db.execute(sql`insert into app_settings (key, value) values ('site_timezone', ${timeZone}) on conflict (key) do update set value = excluded.value`);

  console.log(`database: ${database.kind}; generating ${rows.toLocaleString("en-US")} page views over 90 days…`);
  const started = performance.now();
  for (let done = 0; done < rows; done += chunk) {
    const size = Math.min(chunk, rows - done);
    // 2,000 paths with a long tail, 40 referrers (a third none), 200,000 visitors, times over 90 days.
    await db.execute(sql`
      insert into page_views (path, referrer, visitor_id, created_at)
      select '/articles/' || (floor(power(random(), 3) * 2000))::int,
             case when random() < 0.33 then null else 'https://ref' || (floor(random() * 40))::int || '.example/' end,
             'visitor-' || (floor(random() * 200000))::int,
             now() - random() * interval '90 days'
      from generate_series(1, ${size})`);
    process.stdout.write(`  ${(done + size).toLocaleString("en-US")} rows (${seconds(started)} s)\n`);
  }
  console.log(`generated in ${seconds(started)} s (rollups kept by the trigger as rows arrived)`);
  await database.vacuum();

  const timings: number[] = [];
  for (let run = 0; run < 12; run++) {
    const start = performance.now();
    await loadAnalytics(db, { range: 30, timeZone });
    timings.push(performance.now() - start);
  }
  const warm = timings.slice(2).sort((a, b) => a - b);
  console.log(`analytics screen, 30 days, warm: median ${warm[Math.floor(warm.length / 2)]!.toFixed(1)} ms, max ${warm.at(-1)!.toFixed(1)} ms (10 runs)`);
  const [rollupRows] = await selectRows<{ n: number }>(db, sql`select (select count(*) from page_view_path_days)::int as n`);
  console.log(`rollup rows read for paths: ${rollupRows!.n.toLocaleString("en-US")} in all, instead of ${rows.toLocaleString("en-US")} raw rows`);
} finally {
  await cleanup();
}
