import { and, asc, between, desc, eq, gte, isNotNull, like, sql, sum, type SQL } from "drizzle-orm";
import { appSettings, articles, pageViewDays, pageViewPathDays, pageViewReferrerDays, pageViewVisitorDays, pageViews } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import type { AnalyticsRange, DailyFigure } from "#app/lib/analytics";
import { whatsAppReferrer } from "#app/lib/whatsapp-message";
import { communityActivity, type CommunityActivity } from "./community-activity.server";
import { resourceDownloads, type ResourceDownloads } from "./resource-downloads.server";

/** The calendar day of `at` in `timeZone`, as YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

export interface AnalyticsReport {
  range: AnalyticsRange;
  from: string;
  to: string;
  pageViews: number;
  /** Spec: unique visitors are counted as visitor-days. */
  uniqueVisitors: number;
  /** Views of article pages in the range, from the same rollups as `pageViews` and `topPages`. */
  articleViewsTotal: number;
  /** The articles' own view counters summed: every opening of a published article since it was made. */
  articleViewsAllTime: number;
  topPage: { path: string; views: number; title: string | null } | null;
  daily: DailyFigure[];
  /** `title`: the article's, for the page of an article that still exists; else null. */
  topPages: Array<{ path: string; views: number; title: string | null }>;
  /** Referrers by site, WhatsApp's sites and shares under one name (`whatsAppReferrer`). */
  topReferrers: Array<{ referrer: string | null; views: number }>;
  /** Views that came from WhatsApp: links shared with "Copy for WhatsApp", and WhatsApp's sites and app. */
  whatsAppViews: number;
  /** The most viewed article pages in the range; `title` null for an article since deleted. */
  topArticles: Array<{ id: string; title: string | null; views: number }>;
  /** All time: downloads are counted without their day. */
  downloads: ResourceDownloads;
  community: CommunityActivity;
}

/** The last `days` calendar days in the site's time zone, today included. */
export function lastDays(days: number, timeZone: string, now = new Date()) {
  const to = dayIn(timeZone, now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Views and visitor-days of every day from `from` to `to`, days without views as zero. */
export async function dailyFigures(db: AppDb, from: string, to: string): Promise<DailyFigure[]> {
  const days = await db
    .select({ day: pageViewDays.day, views: pageViewDays.views, visitors: pageViewDays.visitors })
    .from(pageViewDays)
    .where(between(pageViewDays.day, from, to));
  const byDay = new Map(days.map((row) => [row.day, row]));
  const daily: DailyFigure[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const figures = byDay.get(day);
    daily.push({ day, views: Number(figures?.views ?? 0), visitors: Number(figures?.visitors ?? 0) });
  }
  return daily;
}

/** The article an /articles/{id} path shows, as a uuid; null for any other path (never a failed cast). */
function articleIdOf(path: SQL): SQL<string | null> {
  return sql`case when ${path} ~* '^/articles/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then substring(${path} from 11)::uuid end`;
}

/** The 10 most viewed paths from `from` to `to`, with the title of the article each shows, in one query. */
async function topPaths(db: AppDb, from: string, to: string) {
  const top = db.$with("top_paths").as(
    db
      .select({ path: pageViewPathDays.path, views: sql<number>`sum(${pageViewPathDays.views})`.mapWith(Number).as("path_views") })
      .from(pageViewPathDays)
      .where(between(pageViewPathDays.day, from, to))
      .groupBy(pageViewPathDays.path)
      .orderBy(desc(sum(pageViewPathDays.views)), asc(pageViewPathDays.path))
      .limit(10),
  );
  // A deleted article's page has no row to join: its path is all there is.
  return db
    .with(top)
    .select({ path: top.path, views: top.views, title: articles.title })
    .from(top)
    .leftJoin(articles, eq(articles.id, articleIdOf(sql`${top.path}`)))
    .orderBy(desc(top.views), asc(top.path));
}

/**
 * Views of article pages from `from` to `to`, counted from the same path rollups as Top Pages
 * (so an article's row agrees with its page's): their total, and the 10 most viewed articles.
 * Only paths under /articles/ are looked at, a small share of the range's rows.
 */
async function articleViews(db: AppDb, from: string, to: string) {
  const articleId = articleIdOf(sql`${pageViewPathDays.path}`);
  const perArticle = db.$with("article_views").as(
    db
      .select({ id: sql<string>`${articleId}`.as("article_id"), views: sql<number>`sum(${pageViewPathDays.views})`.mapWith(Number).as("article_views") })
      .from(pageViewPathDays)
      .where(and(between(pageViewPathDays.day, from, to), like(pageViewPathDays.path, "/articles/%"), isNotNull(articleId)))
      .groupBy(articleId),
  );
  const rows = await db
    .with(perArticle)
    .select({
      id: perArticle.id,
      title: articles.title,
      views: perArticle.views,
      total: sql<number>`sum(${perArticle.views}) over ()`.mapWith(Number),
    })
    .from(perArticle)
    .leftJoin(articles, eq(articles.id, perArticle.id))
    .orderBy(desc(perArticle.views), asc(perArticle.id))
    .limit(10);
  return { total: rows[0]?.total ?? 0, top: rows.map(({ id, title, views }) => ({ id, title, views })) };
}

/**
 * WhatsApp's sites (wa.me, whatsapp.com and its subdomains: web., api., chat.) and Android apps
 * as a view's kept referrer (its origin). A POSIX regular expression, matched when counting: views
 * kept before are counted alike.
 */
const whatsAppOrigin = String.raw`^(https?://([a-z0-9-]+\.)*(whatsapp\.com|wa\.me)(:[0-9]+)?|android-app://com\.whatsapp(\.w4b)?)$`;

/** Whether a kept referrer is WhatsApp: a view from a shared link (kept as `whatsAppReferrer`) or from WhatsApp's sites. */
const fromWhatsApp = (referrer: SQL) => sql`(${referrer} = ${whatsAppReferrer} or ${referrer} ~* ${whatsAppOrigin})`;

/** The 10 referrers with most views from `from` to `to`, WhatsApp's under one name. */
function topReferrers(db: AppDb, from: string, to: string) {
  const referrer = sql`${pageViewReferrerDays.referrer}`;
  const sources = db.$with("referrer_sources").as(
    db
      .select({
        referrer: sql<string>`case when ${fromWhatsApp(referrer)} then ${whatsAppReferrer} else ${referrer} end`.as("source"),
        views: pageViewReferrerDays.views,
      })
      .from(pageViewReferrerDays)
      .where(between(pageViewReferrerDays.day, from, to)),
  );
  return db
    .with(sources)
    .select({ referrer: sources.referrer, views: sum(sources.views).mapWith(Number) })
    .from(sources)
    .groupBy(sources.referrer)
    .orderBy(desc(sum(sources.views)), asc(sources.referrer))
    .limit(10);
}

/** Views from WhatsApp from `from` to `to`. */
async function whatsAppViews(db: AppDb, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ views: sql<number>`coalesce(sum(${pageViewReferrerDays.views}), 0)`.mapWith(Number) })
    .from(pageViewReferrerDays)
    .where(and(between(pageViewReferrerDays.day, from, to), fromWhatsApp(sql`${pageViewReferrerDays.referrer}`)));
  return row!.views;
}

/**
 * The analytics screen's figures for the last `range` days (today included, in the site's
 * time zone), from the rollup tables: a few hundred rows whatever the traffic. Only the
 * downloads and the articles' own counters are all time (`downloads`, `articleViewsAllTime`).
 */
export async function loadAnalytics(db: AppDb, options: { range: AnalyticsRange; timeZone: string; now?: Date }): Promise<AnalyticsReport> {
  const { from, to } = lastDays(options.range, options.timeZone, options.now);
  const [daily, topPages, referrers, fromWhatsAppViews, articlesInRange, [allTime], downloads, community] = await Promise.all([
    dailyFigures(db, from, to),
    topPaths(db, from, to),
    topReferrers(db, from, to),
    whatsAppViews(db, from, to),
    articleViews(db, from, to),
    db.select({ total: sql<number>`coalesce(sum(${articles.views}), 0)`.mapWith(Number) }).from(articles),
    resourceDownloads(db, { from, to }),
    communityActivity(db, { from, to, timeZone: options.timeZone }),
  ]);

  return {
    range: options.range,
    from,
    to,
    pageViews: daily.reduce((total, figure) => total + figure.views, 0),
    uniqueVisitors: daily.reduce((total, figure) => total + figure.visitors, 0),
    articleViewsTotal: articlesInRange.total,
    articleViewsAllTime: allTime!.total,
    topPage: topPages[0] ?? null,
    daily,
    topPages,
    topReferrers: referrers.map((row) => ({ referrer: row.referrer === "" ? null : row.referrer, views: row.views })),
    whatsAppViews: fromWhatsAppViews,
    topArticles: articlesInRange.top,
    downloads,
    community,
  };
}

/** Drops raw page views older than `days` (the rollups keep their counts). */
export async function pruneRawPageViews(db: AppDb, days: number) {
  await db.execute(sql`delete from page_views where created_at < now() - make_interval(days => ${days})`);
}

/**
 * The first day whose raw rows are all still there: the day after retention's cutoff, or the
 * oldest raw row's day when that is later. Earlier days may have lost rows to retention, so
 * only their rollups know their counts.
 */
export async function firstCompleteRawDay(db: AppDb, options: { timeZone: string; retentionDays: number; now?: Date }): Promise<string> {
  const [oldest] = await db.select({ at: sql<string | null>`min(${pageViews.createdAt})` }).from(pageViews);
  const now = options.now ?? new Date();
  const afterCutoff = addDays(dayIn(options.timeZone, new Date(now.getTime() - options.retentionDays * 86_400_000)), 1);
  const oldestDay = oldest?.at ? dayIn(options.timeZone, new Date(oldest.at)) : afterCutoff;
  return oldestDay > afterCutoff ? oldestDay : afterCutoff;
}

/**
 * Recounts the rollups of the days from `from` (YYYY-MM-DD) on from the raw rows, in
 * `timeZone` (which becomes the zone new views are counted in too): after raw rows were
 * deleted by hand, or SITE_TIMEZONE changed. Days before `from` keep their counts. New views
 * wait for it to finish (the raw table is locked against writes), so none is counted twice.
 */
export async function recountPageViewRollups(db: AppDb, options: { timeZone: string; from: string }) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table page_views in share mode`);
    await tx.execute(sql`set local work_mem = '64MB'`); // counting distinct visitors over millions of rows
    await tx
      .insert(appSettings)
      .values({ key: "site_timezone", value: options.timeZone })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: options.timeZone } });
    for (const table of [pageViewDays, pageViewVisitorDays, pageViewPathDays, pageViewReferrerDays]) {
      await tx.delete(table).where(gte(table.day, options.from));
    }
    const day = sql`(created_at at time zone ${options.timeZone})::date`;
    const since = sql`created_at >= (${options.from}::date::timestamp at time zone ${options.timeZone})`;
    await tx.execute(sql`insert into page_view_visitor_days (day, visitor_id) select distinct ${day}, visitor_id from page_views where ${since}`);
    await tx.execute(
      sql`insert into page_view_days (day, views, visitors) select ${day}, count(*), count(distinct visitor_id) from page_views where ${since} group by 1`,
    );
    await tx.execute(sql`insert into page_view_path_days (day, path, views) select ${day}, path, count(*) from page_views where ${since} group by 1, 2`);
    await tx.execute(
      sql`insert into page_view_referrer_days (day, referrer, views) select ${day}, coalesce(referrer, ''), count(*) from page_views where ${since} group by 1, 2`,
    );
  });
}
