import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import pino from "pino";
import { newsFeeds, newsItems } from "#database/schema";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#tests/helpers/database";
import { startFeedServer, type FeedServer } from "#tests/fixtures/feeds/servers";
import { createNewsScanner, type NewsScannerOptions } from "./news-scanner.server";

let database: TestDatabase;
let feeds: FeedServer;
const log = pino({ level: "silent" });

beforeAll(async () => {
  [database, feeds] = await Promise.all([createTestDatabase(), startFeedServer({ slowMs: 5_000 })]);
});
afterAll(async () => {
  await feeds.close();
  await database.drop();
});
beforeEach(async () => {
  await database.database.db.delete(newsItems);
  await database.database.db.delete(newsFeeds);
  feeds.requests.length = 0;
});

function scanner(paths: string[], options: Partial<NewsScannerOptions> = {}) {
  return createNewsScanner({
    db: database.database.db,
    log,
    feeds: paths.map((path) => `${feeds.url}${path}`),
    refreshMinutes: 30,
    userAgent: "TheEducatorNewsScanner/1.0 (+http://test.example)",
    limits: { timeoutMs: 10_000 },
    ...options,
  });
}

describe(`the news scanner over local feeds (${testDatabaseKind})`, () => {
  it("reads RSS and Atom, skips malformed, huge and missing feeds, and stores each link once", async () => {
    const outcomes = await scanner(["/rss.xml", "/atom.xml", "/malformed.xml", "/huge.xml", "/missing.xml"]).refresh();
    expect(outcomes.map((outcome) => [outcome.url.replace(feeds.url, ""), outcome.items, outcome.error?.replace(feeds.url, "") ?? null])).toEqual([
      ["/rss.xml", 6, null],
      ["/atom.xml", 4, null],
      ["/malformed.xml", 0, expect.stringMatching(/^Feed \/malformed.xml not well-formed XML/)],
      ["/huge.xml", 0, "Feed /huge.xml is larger than 2097152 bytes"],
      ["/missing.xml", 0, "Feed /missing.xml answered HTTP 404"],
    ]);
    const stored = await database.database.db.select().from(newsItems);
    // 6 RSS items with one duplicate link, plus 4 Atom entries.
    expect(stored).toHaveLength(9);
    expect(new Set(stored.map((item) => item.url)).size).toBe(9);
    expect(stored.find((item) => item.url.endsWith("school-feeding-expands"))!.source).toBe("Copperbelt Education Times");
    expect(feeds.requests.every((request) => request.userAgent === "TheEducatorNewsScanner/1.0 (+http://test.example)")).toBe(true);
    const states = await database.database.db.select().from(newsFeeds);
    expect(states.find((state) => state.url.endsWith("/rss.xml"))).toMatchObject({ etag: '"rss-v1"', lastError: null });
    expect(states.find((state) => state.url.endsWith("/huge.xml"))!.lastError).toMatch(/larger than/);
  });

  it("gives up on a slow feed at the deadline and keeps the others", async () => {
    const started = Date.now();
    const outcomes = await scanner(["/slow.xml", "/rss.xml"], { limits: { timeoutMs: 1_000 } }).refresh();
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(outcomes.map((outcome) => outcome.error?.replace(feeds.url, "") ?? null)).toEqual(["Feed /slow.xml timed out after 1 s", null]);
    expect(await database.database.db.$count(newsItems)).toBe(5);
  });

  it("computes trending topics from the stored items and searches them by subject", async () => {
    const news = scanner(["/rss.xml", "/atom.xml"]);
    const trending = await news.scanTrending();
    expect(trending.sample).toBe(false);
    // Three topics are mentioned twice; the one with the newest items leads.
    expect(trending.trendingTopics.map(({ topic, subject, frequency }) => ({ topic, subject, frequency })).slice(0, 3)).toEqual([
      { topic: "school feeding", subject: "health", frequency: 2 },
      { topic: "rural school", subject: "education-news", frequency: 2 },
      { topic: "digital learning", subject: "technology", frequency: 2 },
    ]);
    const feeding = trending.trendingTopics[0]!.articles;
    expect(feeding.map((article) => article.source)).toEqual(["Copperbelt Education Times", "Global Classroom Weekly"]);
    expect(feeding[0]!.trendingScore).toBeGreaterThan(feeding[1]!.trendingScore);
    expect(trending.trendingTopics.flatMap((topic) => topic.articles.map((article) => article.title))).not.toContain("Old story about exam timetables");
    const technology = await news.bySubject("technology");
    expect(technology).toMatchObject({ sample: false });
    expect(technology.articles.map((article) => article.title)).toEqual([
      "Digital learning tools for classrooms without internet",
      "Digital learning and teacher training go hand in hand",
    ]);
    expect((await news.bySubject("netball")).articles.map((article) => article.source)).toEqual(["Copperbelt Education Times"]);
  });

  it("waits for the first load only; later, stale feeds are re-read in the background with their ETag", async () => {
    let clock = new Date();
    const news = scanner(["/rss.xml"], { now: () => clock });
    await news.scanTrending();
    expect(feeds.requests).toHaveLength(1);
    await news.scanTrending();
    expect(feeds.requests).toHaveLength(1);
    clock = new Date(clock.getTime() + 31 * 60 * 1000);
    await news.scanTrending();
    await news.refresh();
    expect(feeds.requests.length).toBeGreaterThanOrEqual(2);
    expect(feeds.requests[1]!.ifNoneMatch).toBe('"rss-v1"');
    expect(await database.database.db.$count(newsItems)).toBe(5);
  });

  it("falls back to labelled samples when no feed can be reached", async () => {
    const news = scanner(["/missing.xml", "/malformed.xml"]);
    const trending = await news.scanTrending();
    expect(trending.sample).toBe(true);
    expect(trending.trendingTopics.length).toBeGreaterThan(0);
    expect(trending.trendingTopics.flatMap((topic) => topic.articles).every((article) => article.source === "Sample data")).toBe(true);
    const health = await news.bySubject("health");
    expect(health.sample).toBe(true);
    expect(health.articles.map((article) => article.subject)).toEqual(["health", "health"]);
  });
});
