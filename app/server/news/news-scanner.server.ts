import { desc, inArray, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { newsFeeds, newsItems } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import { services, type Services } from "#app/server/core/services.server";
import { sampleNewsBySubject, sampleTrendingTopics, type SubjectAnswer, type TrendingAnswer } from "#app/lib/news-types";
import { defaultFetchLimits, fetchFeed, type FetchLimits } from "./feed-fetch.server";
import { parseFeed, type FeedItem } from "./feed-parser.server";
import { itemsBySubject, trendingTopics, type NewsRecord } from "./trending.server";

export interface NewsScannerOptions {
  db: AppDb;
  log: Logger;
  feeds: string[];
  refreshMinutes: number;
  userAgent: string;
  limits?: Partial<Omit<FetchLimits, "userAgent">>;
  now?: () => Date;
}

export interface FeedOutcome {
  url: string;
  /** Items read, or null when the feed answered "not modified". */
  items: number | null;
  error: string | null;
}

export interface NewsScanner {
  scanTrending(): Promise<TrendingAnswer>;
  bySubject(subject: string): Promise<SubjectAnswer>;
  /** Reads every feed now and stores what it found. */
  refresh(): Promise<FeedOutcome[]>;
}

/** Items older than this leave the cache. */
const keepDays = 30;
/** How many recent items trending and search look at. */
const recentLimit = 500;

/** The news scanner over the configured feeds, with the database as its cache. */
export function createNewsScanner(options: NewsScannerOptions): NewsScanner {
  const { db, log, feeds } = options;
  const now = options.now ?? (() => new Date());
  const limits: FetchLimits = { ...defaultFetchLimits, ...options.limits, userAgent: options.userAgent };
  let running: Promise<FeedOutcome[]> | null = null;

  async function readFeed(url: string, previous: { etag: string | null; lastModified: string | null }) {
    const answer = await fetchFeed(url, limits, previous);
    if (answer.status === "not-modified") return { answer, parsed: null };
    return { answer, parsed: parseFeed(answer.body, url) };
  }

  async function refreshAll(): Promise<FeedOutcome[]> {
    const known = feeds.length ? await db.select().from(newsFeeds).where(inArray(newsFeeds.url, feeds)) : [];
    const byUrl = new Map(known.map((row) => [row.url, row]));
    const found = new Map<string, FeedItem & { source: string; feedUrl: string }>();
    const feedStates: { url: string; set: Omit<typeof newsFeeds.$inferInsert, "url"> }[] = [];
    const outcomes = await Promise.all(
      feeds.map(async (url): Promise<FeedOutcome> => {
        const row = byUrl.get(url);
        const fetchedAt = now();
        try {
          const { answer, parsed } = await readFeed(url, { etag: row?.etag ?? null, lastModified: row?.lastModified ?? null });
          const state = answer.status === "fresh" ? { etag: answer.etag, lastModified: answer.lastModified } : {};
          feedStates.push({ url, set: { ...state, lastFetchedAt: fetchedAt, lastError: null } });
          for (const item of parsed?.items ?? []) if (!found.has(item.url)) found.set(item.url, { ...item, source: parsed!.source, feedUrl: url });
          return { url, items: parsed ? parsed.items.length : null, error: null };
        } catch (error) {
          const message = `Feed ${url} ${(error as Error).message}`;
          log.warn({ feed: url, err: (error as Error).message }, "news feed skipped");
          feedStates.push({ url, set: { lastFetchedAt: fetchedAt, lastError: message } });
          return { url, items: 0, error: message };
        }
      }),
    );

    // A feed's new ETag is stored with its items, in one transaction: a crash between them would
    // leave an ETag whose items are missing, and the feed would answer "not modified" from then on.
    const rows = [...found.values()];
    const cutoff = new Date(now().getTime() - keepDays * 24 * 60 * 60 * 1000);
    await db.transaction(async (tx) => {
      for (const { url, set } of feedStates) {
        await tx
          .insert(newsFeeds)
          .values({ url, ...set })
          .onConflictDoUpdate({ target: newsFeeds.url, set });
      }
      for (let start = 0; start < rows.length; start += 200) {
        await tx
          .insert(newsItems)
          .values(rows.slice(start, start + 200))
          .onConflictDoUpdate({
            target: newsItems.url,
            set: {
              title: sql`excluded.title`,
              excerpt: sql`excluded.excerpt`,
              source: sql`excluded.source`,
              feedUrl: sql`excluded.feed_url`,
              publishedAt: sql`excluded.published_at`,
            },
          });
      }
      await tx.delete(newsItems).where(lt(sql`coalesce(${newsItems.publishedAt}, ${newsItems.fetchedAt})`, cutoff));
    });
    return outcomes;
  }

  function refresh(): Promise<FeedOutcome[]> {
    running ??= refreshAll().finally(() => {
      running = null;
    });
    return running;
  }

  /** The first load waits for the feeds; after that, stale feeds are re-read in the background. */
  async function ensureFresh() {
    if (!feeds.length) return;
    const rows = await db.select({ url: newsFeeds.url, lastFetchedAt: newsFeeds.lastFetchedAt }).from(newsFeeds).where(inArray(newsFeeds.url, feeds));
    const visited = rows.filter((row) => row.lastFetchedAt);
    if (visited.length === 0) {
      await refresh();
      return;
    }
    const staleBefore = now().getTime() - options.refreshMinutes * 60 * 1000;
    const stale = visited.length < feeds.length || visited.some((row) => row.lastFetchedAt!.getTime() < staleBefore);
    if (stale) refresh().catch((error: unknown) => log.error({ err: error }, "news refresh failed"));
  }

  async function recentRecords(): Promise<NewsRecord[]> {
    if (!feeds.length) return [];
    const rows = await db
      .select({
        title: newsItems.title,
        excerpt: newsItems.excerpt,
        url: newsItems.url,
        source: newsItems.source,
        publishedAt: newsItems.publishedAt,
        fetchedAt: newsItems.fetchedAt,
      })
      .from(newsItems)
      .where(inArray(newsItems.feedUrl, feeds))
      .orderBy(desc(sql`coalesce(${newsItems.publishedAt}, ${newsItems.fetchedAt})`), newsItems.url)
      .limit(recentLimit);
    // The same story syndicated under two links counts once.
    const seenTitles = new Set<string>();
    return rows.filter((row) => {
      const key = row.title
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
      if (seenTitles.has(key)) return false;
      seenTitles.add(key);
      return true;
    });
  }

  return {
    refresh,
    async scanTrending() {
      await ensureFresh();
      const records = await recentRecords();
      if (!records.length) return { trendingTopics: sampleTrendingTopics(now()), sample: true };
      return { trendingTopics: trendingTopics(records, { now: now() }), sample: false };
    },
    async bySubject(subject: string) {
      await ensureFresh();
      const records = await recentRecords();
      if (!records.length) return { articles: sampleNewsBySubject(subject, now()), sample: true };
      return { articles: itemsBySubject(records, subject, { now: now() }), sample: false };
    },
  };
}

const scanners = new WeakMap<Services, NewsScanner>();

/** This server's scanner over NEWS_FEEDS, made once per started services. */
export function newsScanner(): NewsScanner {
  const current = services();
  let scanner = scanners.get(current);
  if (!scanner) {
    const { config, db, log } = current;
    scanner = createNewsScanner({
      db,
      log,
      feeds: config.NEWS_FEEDS,
      refreshMinutes: config.NEWS_REFRESH_MINUTES,
      userAgent: `TheEducatorNewsScanner/1.0 (+${config.PUBLIC_URL})`,
    });
    scanners.set(current, scanner);
  }
  return scanner;
}
