import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appSettings, articles, pageViewDays, pageViewPathDays, pageViewReferrerDays, pageViewVisitorDays, pageViews } from "#database/schema";
import { firstCompleteRawDay, loadAnalytics, pruneRawPageViews, recountPageViewRollups } from "#app/server/analytics/analytics.server";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { createTestDatabase, temporaryFolder, testDatabaseKind, type TestDatabase } from "#tests/helpers/database";
import { runTsx } from "#tests/helpers/processes";
import { anArticle } from "#tests/factories";

let testDatabase: TestDatabase;
let db: AppDb;
const timeZone = "Africa/Lusaka"; // UTC+2, no daylight saving
const now = new Date("2026-11-20T10:00:00Z"); // 12:00 in Lusaka on 20 November

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await db.insert(appSettings).values({ key: "site_timezone", value: timeZone }).onConflictDoNothing();
});
afterAll(() => testDatabase.drop());
beforeEach(async () => {
  for (const table of [pageViews, pageViewDays, pageViewPathDays, pageViewReferrerDays, pageViewVisitorDays]) await db.delete(table);
});

const view = (at: string, path: string, visitorId: string, referrer: string | null = null) => ({ createdAt: new Date(at), path, visitorId, referrer });

describe(`analytics aggregates (${testDatabaseKind})`, () => {
  it("counts visitor-days in the site's time zone, across midnight", async () => {
    await db.insert(pageViews).values([
      view("2026-11-18T21:30:00Z", "/", "visitor-a"), // 23:30 on the 18th in Lusaka
      view("2026-11-18T22:30:00Z", "/", "visitor-a"), // 00:30 on the 19th in Lusaka
      view("2026-11-18T23:00:00Z", "/about", "visitor-a"),
      view("2026-11-19T08:00:00Z", "/", "visitor-b"),
    ]);
    const report = await loadAnalytics(db, { range: 7, timeZone, now });
    expect(report.daily.find((figure) => figure.day === "2026-11-18")).toEqual({ day: "2026-11-18", views: 1, visitors: 1 });
    expect(report.daily.find((figure) => figure.day === "2026-11-19")).toEqual({ day: "2026-11-19", views: 3, visitors: 2 });
    expect(report.pageViews).toBe(4);
    expect(report.uniqueVisitors).toBe(3); // a on the 18th, a and b on the 19th
  });

  it("shows every day of 7, 14 and 30-day ranges, empty days as zero, starting today minus (days - 1)", async () => {
    await db.insert(pageViews).values([view("2026-11-20T09:00:00Z", "/", "v1"), view("2026-10-22T09:00:00Z", "/old", "v2")]);
    for (const range of [7, 14, 30] as const) {
      const report = await loadAnalytics(db, { range, timeZone, now });
      expect(report.daily).toHaveLength(range);
      expect(report.to).toBe("2026-11-20");
      expect(report.daily[0]!.day).toBe(report.from);
      expect(report.daily.filter((figure) => figure.views === 0)).toHaveLength(range === 30 ? 28 : range - 1);
    }
    expect((await loadAnalytics(db, { range: 30, timeZone, now })).from).toBe("2026-10-22");
    expect((await loadAnalytics(db, { range: 7, timeZone, now })).from).toBe("2026-11-14");
    expect((await loadAnalytics(db, { range: 30, timeZone, now })).pageViews).toBe(2);
    expect((await loadAnalytics(db, { range: 14, timeZone, now })).pageViews).toBe(1);
  });

  it("breaks ties in top lists by name and reports missing referrers as null", async () => {
    await db
      .insert(pageViews)
      .values([
        view("2026-11-20T08:00:00Z", "/b", "v1", null),
        view("2026-11-20T08:01:00Z", "/a", "v2", "https://search.example/"),
        view("2026-11-20T08:02:00Z", "/c", "v3", null),
        view("2026-11-20T08:03:00Z", "/c", "v3", "https://search.example/"),
      ]);
    const report = await loadAnalytics(db, { range: 7, timeZone, now });
    expect(report.topPages).toEqual([
      { path: "/c", views: 2, title: null },
      { path: "/a", views: 1, title: null },
      { path: "/b", views: 1, title: null },
    ]);
    expect(report.topPage).toEqual({ path: "/c", views: 2, title: null });
    expect(report.topReferrers).toEqual([
      { referrer: null, views: 2 },
      { referrer: "https://search.example/", views: 2 },
    ]);
  });

  it("names an article's page by the article's title; a deleted article's page, and any other path, keep the path alone", async () => {
    const article = await anArticle(db, { title: "Teaching fractions with bottle tops" });
    const deleted = await anArticle(db, { title: "Gone by now" });
    await db.delete(articles).where(eq(articles.id, deleted.id));
    await db
      .insert(pageViews)
      .values([
        view("2026-11-20T08:00:00Z", `/articles/${article.id}`, "v1"),
        view("2026-11-20T08:01:00Z", `/articles/${article.id}`, "v2"),
        view("2026-11-20T08:02:00Z", `/articles/${article.id}`, "v3"),
        view("2026-11-20T08:03:00Z", `/articles/${deleted.id}`, "v1"),
        view("2026-11-20T08:04:00Z", `/articles/${deleted.id}`, "v2"),
        view("2026-11-20T08:05:00Z", "/articles/not-an-id", "v1"),
        view("2026-11-20T08:06:00Z", "/", "v1"),
      ]);
    const report = await loadAnalytics(db, { range: 7, timeZone, now });
    expect(report.topPages).toEqual([
      { path: `/articles/${article.id}`, views: 3, title: "Teaching fractions with bottle tops" },
      { path: `/articles/${deleted.id}`, views: 2, title: null },
      { path: "/", views: 1, title: null },
      { path: "/articles/not-an-id", views: 1, title: null },
    ]);
    expect(report.topPage).toEqual({ path: `/articles/${article.id}`, views: 3, title: "Teaching fractions with bottle tops" });
  });

  it("keeps rollups equal to a from-scratch count over the raw rows", async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const rows = Array.from({ length: 3000 }, () =>
      view(
        new Date(now.getTime() - Math.floor(random() * 35 * 24 * 3600 * 1000)).toISOString(),
        `/articles/${Math.floor(random() * 25)}`,
        `visitor-${Math.floor(random() * 300)}`,
        random() < 0.3 ? null : `https://ref${Math.floor(random() * 5)}.example/`,
      ),
    );
    for (let index = 0; index < rows.length; index += 500) await db.insert(pageViews).values(rows.slice(index, index + 500)); // batches
    for (const row of rows.slice(0, 20)) await db.insert(pageViews).values(row); // and single rows
    const report = await loadAnalytics(db, { range: 30, timeZone, now });

    const rawDaily = await selectRows<{ day: string; views: number; visitors: number }>(
      db,
      sql`select to_char((created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as views, count(distinct visitor_id)::int as visitors
          from page_views where (created_at at time zone ${timeZone})::date between ${report.from}::date and ${report.to}::date group by 1`,
    );
    const rawByDay = new Map(rawDaily.map((row) => [row.day, row]));
    for (const figure of report.daily) {
      expect(figure, figure.day).toEqual({ day: figure.day, views: rawByDay.get(figure.day)?.views ?? 0, visitors: rawByDay.get(figure.day)?.visitors ?? 0 });
    }
    const rawTop = await selectRows<{ path: string; views: number }>(
      db,
      sql`select path, count(*)::int as views from page_views where (created_at at time zone ${timeZone})::date between ${report.from}::date and ${report.to}::date
          group by path order by views desc, path asc limit 10`,
    );
    expect(report.topPages.map(({ path, views }) => ({ path, views }))).toEqual(rawTop);
    const rawReferrers = await selectRows<{ referrer: string | null; views: number }>(
      db,
      sql`select referrer, count(*)::int as views from page_views where (created_at at time zone ${timeZone})::date between ${report.from}::date and ${report.to}::date
          group by referrer order by views desc, coalesce(referrer, '') asc limit 10`,
    );
    expect(report.topReferrers).toEqual(rawReferrers);
    expect(report.uniqueVisitors).toBe(rawDaily.reduce((total, row) => total + row.visitors, 0));
  });
});

describe(`page-view retention (${testDatabaseKind})`, () => {
  it("drops old raw rows and keeps their counts in the rollups", async () => {
    await db
      .insert(pageViews)
      .values([view(new Date(Date.now() - 100 * 86_400_000).toISOString(), "/old", "v1"), view(new Date().toISOString(), "/new", "v2")]);
    await pruneRawPageViews(db, 90);
    expect((await db.select().from(pageViews)).map((row) => row.path)).toEqual(["/new"]);
    expect((await db.select().from(pageViewDays)).reduce((total, day) => total + Number(day.views), 0)).toBe(2);
  });
});

describe(`recounting the rollups from raw rows (${testDatabaseKind})`, () => {
  afterEach(() => db.update(appSettings).set({ value: timeZone }).where(eq(appSettings.key, "site_timezone")));

  it("forgets raw rows deleted by hand from the day given on, and keeps earlier days", async () => {
    await db
      .insert(pageViews)
      .values([
        view("2026-11-10T09:00:00Z", "/kept", "v1"),
        view("2026-11-10T10:00:00Z", "/spam", "bot"),
        view("2026-11-19T09:00:00Z", "/spam", "bot"),
        view("2026-11-19T09:30:00Z", "/spam", "bot"),
        view("2026-11-20T09:00:00Z", "/kept", "v2", "https://search.example/"),
      ]);
    await db.delete(pageViews).where(eq(pageViews.path, "/spam"));
    await recountPageViewRollups(db, { timeZone, from: "2026-11-15" });
    const report = await loadAnalytics(db, { range: 14, timeZone, now });
    expect(report.daily.find((figure) => figure.day === "2026-11-10")).toEqual({ day: "2026-11-10", views: 2, visitors: 2 }); // before --from: as counted
    expect(report.daily.find((figure) => figure.day === "2026-11-19")).toEqual({ day: "2026-11-19", views: 0, visitors: 0 });
    expect(report.topPages).toEqual([
      { path: "/kept", views: 2, title: null },
      { path: "/spam", views: 1, title: null },
    ]);
    expect(report.topReferrers).toEqual([
      { referrer: null, views: 2 },
      { referrer: "https://search.example/", views: 1 },
    ]);
  });

  it("moves the days to a new time zone, and new views follow it", async () => {
    await db.insert(pageViews).values(view("2026-11-18T23:30:00Z", "/", "v1")); // 01:30 on the 19th in Lusaka, the 18th in UTC
    expect((await loadAnalytics(db, { range: 7, timeZone, now })).daily.find((figure) => figure.views > 0)!.day).toBe("2026-11-19");
    await recountPageViewRollups(db, { timeZone: "UTC", from: "2026-01-01" });
    await db.insert(pageViews).values(view("2026-11-19T23:30:00Z", "/", "v1")); // the 19th in UTC, counted by the trigger
    const report = await loadAnalytics(db, { range: 7, timeZone: "UTC", now });
    expect(report.daily.filter((figure) => figure.views > 0)).toEqual([
      { day: "2026-11-18", views: 1, visitors: 1 },
      { day: "2026-11-19", views: 1, visitors: 1 },
    ]);
  });

  it("starts by default at the first day retention cannot have touched", async () => {
    const options = { timeZone, retentionDays: 90, now };
    expect(await firstCompleteRawDay(db, options)).toBe("2026-08-23"); // no raw rows: the day after the cutoff (22 August)
    await db.insert(pageViews).values(view("2026-11-01T12:00:00Z", "/", "v1"));
    expect(await firstCompleteRawDay(db, options)).toBe("2026-11-01");
    await db.insert(pageViews).values(view("2026-08-01T12:00:00Z", "/", "v1"));
    expect(await firstCompleteRawDay(db, options)).toBe("2026-08-23");
  });

  it.skipIf(testDatabaseKind !== "pglite")(
    "runs as npm run analytics:recount, refusing a bad --from",
    async () => {
      const dataDir = temporaryFolder();
      const bad = runTsx("scripts/recount-analytics.ts", ["--from", "2026-02-30"], { DATA_DIR: dataDir, DATABASE_URL: "" });
      expect(await bad.exited).toBe(2);
      expect(bad.output()).toContain('--from must be a date as YYYY-MM-DD, not "2026-02-30".');
      const good = runTsx("scripts/recount-analytics.ts", ["--from", "2026-11-01"], { DATA_DIR: dataDir, DATABASE_URL: "", SITE_TIMEZONE: "Africa/Lusaka" });
      expect(await good.exited, good.output()).toBe(0);
      expect(good.output()).toContain("Recounted page views from 2026-11-01 on, in Africa/Lusaka. Earlier days keep their counts.");
    },
    60_000,
  );
});
