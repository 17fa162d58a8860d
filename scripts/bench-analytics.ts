// Analytics benchmark, side by side on the embedded database and PostgreSQL: fills each with
// millions of page views over 90 days, measures the analytics screen's server time (warm),
// checks its figures against a direct count over the raw rows, measures ingestion through the
// real /api/page-views endpoint (see scripts/bench/ingestion.ts), then the screen again after
// the trigger has counted those views. Prints figures; asserts nothing.
//
//   npm run build && npm run bench:analytics
//
// BENCH_DATABASES (default "embedded,postgres"), BENCH_DATABASE_URL (a PostgreSQL server to
// create a scratch database on; default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_ROWS (default 10,000,000), plus the ingestion settings of scripts/bench-ingest.ts.
// Needs wrk (apt-get install wrk).
import { sql } from "drizzle-orm";
import { loadAnalytics, type AnalyticsReport } from "#app/server/analytics/analytics.server";
import type { Database } from "#app/server/db/database.server";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { createBenchDatabase } from "./bench/databases";
import { describeIngestion, ingestionOptionsFromEnv, measureIngestion } from "./bench/ingestion";
import { generatePageViews } from "./bench/page-view-data";
import { percentiles, type Percentiles } from "./bench/server";
import { assertWrkInstalled } from "./bench/wrk";

const rows = Number(process.env.BENCH_ROWS ?? 10_000_000);
const targets = (process.env.BENCH_DATABASES ?? "embedded,postgres").split(",").map((name) => name.trim());
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const timeZone = "Africa/Lusaka";

function secondsSince(start: number) {
  return Math.round((performance.now() - start) / 100) / 10;
}

/** The 30-day screen's server time: 2 warm-up loads, then `runs` timed ones. */
async function timeScreen(db: AppDb, runs = 10): Promise<Percentiles> {
  const times: number[] = [];
  for (let run = 0; run < runs + 2; run++) {
    const start = performance.now();
    await loadAnalytics(db, { range: 30, timeZone });
    if (run >= 2) times.push(performance.now() - start);
  }
  return percentiles(times);
}

/**
 * The screen's figures recomputed by direct SQL over the raw rows (no rollups): returns
 * the differences found, and how long the direct count took.
 */
async function checkAgainstRawRows(db: AppDb): Promise<{ differences: string[]; directMs: number }> {
  const report: AnalyticsReport = await loadAnalytics(db, { range: 30, timeZone });
  const start = performance.now();
  const inRange = sql`(created_at at time zone ${timeZone})::date between ${report.from}::date and ${report.to}::date`;
  const [daily, topPages, topReferrers] = await Promise.all([
    selectRows<{ day: string; views: number; visitors: number }>(
      db,
      sql`select to_char((created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as views, count(distinct visitor_id)::int as visitors
          from page_views where ${inRange} group by 1`,
    ),
    selectRows<{ path: string; views: number }>(
      db,
      sql`select path, count(*)::int as views from page_views where ${inRange} group by 1 order by 2 desc, 1 limit 10`,
    ),
    selectRows<{ referrer: string; views: number }>(
      db,
      sql`select coalesce(referrer, '') as referrer, count(*)::int as views from page_views where ${inRange} group by 1 order by 2 desc, 1 limit 10`,
    ),
  ]);
  const directMs = Math.round(performance.now() - start);
  const differences: string[] = [];
  const rawByDay = new Map(daily.map((row) => [row.day, row]));
  for (const figure of report.daily) {
    const raw = rawByDay.get(figure.day) ?? { views: 0, visitors: 0 };
    if (raw.views !== figure.views || raw.visitors !== figure.visitors) {
      differences.push(`${figure.day}: screen ${figure.views} views / ${figure.visitors} visitors, raw ${raw.views} / ${raw.visitors}`);
    }
  }
  if (JSON.stringify(report.topPages) !== JSON.stringify(topPages)) differences.push("top pages differ");
  const screenReferrers = report.topReferrers.map((row) => ({ referrer: row.referrer ?? "", views: row.views }));
  if (JSON.stringify(screenReferrers) !== JSON.stringify(topReferrers)) differences.push("top referrers differ");
  return { differences, directMs };
}

function describeCheck(check: { differences: string[]; directMs: number }) {
  const verdict = check.differences.length === 0 ? "screen = direct count over raw rows" : `MISMATCH: ${check.differences.slice(0, 5).join("; ")}`;
  return `${verdict} (the direct count took ${check.directMs.toLocaleString("en-US")} ms)`;
}

async function benchmark(target: string): Promise<string[]> {
  const bench = await createBenchDatabase(target === "postgres" ? postgresUrl : undefined);
  const lines: string[] = [];
  const say = (line: string) => (console.log(`[${target}] ${line}`), lines.push(line));
  try {
    let database: Database = await bench.open();
    await database.migrate();
    await database.db.execute(
      sql`insert into app_settings (key, value) values ('site_timezone', ${timeZone}) on conflict (key) do update set value = excluded.value`,
    );

    const generation = performance.now();
    await generatePageViews(database.db, rows, timeZone, (done) =>
      console.log(`[${target}]   ${done.toLocaleString("en-US")} raw rows (${secondsSince(generation)} s)`),
    );
    await database.vacuum();
    say(`${rows.toLocaleString("en-US")} page views over 90 days generated, rollups computed, vacuumed: ${secondsSince(generation)} s`);
    const [sizes] = await selectRows<{ paths: number; visitors: number }>(
      database.db,
      sql`select (select count(*) from page_view_path_days)::int as paths, (select count(*) from page_view_visitor_days)::int as visitors`,
    );
    say(`rollups: ${sizes!.paths.toLocaleString("en-US")} path-day rows, ${sizes!.visitors.toLocaleString("en-US")} visitor-day rows`);

    const screen = await timeScreen(database.db);
    say(`analytics screen, 30 days, warm (10 loads): p50 ${screen.p50} ms, max ${screen.max} ms`);
    say(describeCheck(await checkAgainstRawRows(database.db)));

    const ingestion = await measureIngestion(database, { dataDir: bench.dataDir, ...ingestionOptionsFromEnv() }); // closes the database
    for (const line of describeIngestion(ingestion)) say(line);

    database = await bench.open();
    const after = await timeScreen(database.db);
    say(`analytics screen after ingestion (today's rollup rows updated by the trigger): p50 ${after.p50} ms, max ${after.max} ms`);
    say(describeCheck(await checkAgainstRawRows(database.db)));
  } finally {
    await bench.cleanup();
  }
  return lines;
}

assertWrkInstalled();
const results = new Map<string, string[]>();
for (const target of targets) {
  if (target !== "embedded" && target !== "postgres") throw new Error(`BENCH_DATABASES: unknown database "${target}" (embedded or postgres)`);
  results.set(target, await benchmark(target));
}
console.log("\n==== analytics benchmark ====");
for (const [target, lines] of results) {
  console.log(`\n${target === "embedded" ? "Embedded (PGlite)" : `PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, "//")})`}`);
  for (const line of lines) console.log(`  ${line}`);
}
