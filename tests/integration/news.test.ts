import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "#app/server/auth/auth.server";
import { newsItems } from "#database/schema";
import type { SubjectAnswer, TrendingAnswer } from "#app/lib/news-types";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { startFeedServer, type FeedServer } from "#tests/fixtures/feeds/servers";

let server: TestServer;
let owner: CookieJar;
let reader: CookieJar;

async function start(env: Record<string, string>) {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret", ...env });
  await signUp({ email: "reader@example.com", password: "reader-secret" }, { ip: "127.0.0.1" });
  [owner, reader] = await Promise.all([
    signInOverHttp(server.url, "owner@example.com", "owner-secret"),
    signInOverHttp(server.url, "reader@example.com", "reader-secret"),
  ]);
}

function scan(jar: CookieJar | null, body: unknown) {
  return fetch(`${server.url}/functions/v1/zambia-news-scanner`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/json", ...(jar ? { Cookie: jar.header() } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe(`the news scanner endpoint over local feeds (${testDatabaseKind})`, () => {
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await startFeedServer();
    await start({ NEWS_FEEDS: ["/rss.xml", "/atom.xml", "/malformed.xml", "/missing.xml"].map((path) => feeds.url + path).join(",") });
  });
  afterAll(async () => {
    await server.close();
    await feeds.close();
  });

  it("is for admins only", async () => {
    expect((await scan(null, { action: "scan-trending" })).status).toBe(401);
    expect((await scan(reader, { action: "scan-trending" })).status).toBe(403);
    expect(feeds.requests).toHaveLength(0);
  });

  it("refuses bad bodies with a clear message", async () => {
    const cases: [unknown, string][] = [
      ["{oops", 'The body must be JSON, e.g. {"action": "scan-trending"}.'],
      [{ action: "delete-everything" }, 'action must be "scan-trending" or "get-by-subject"'],
      [{ action: "get-by-subject" }, "subject must be a string"],
      [{ action: "get-by-subject", subject: "  " }, "subject is required for get-by-subject"],
    ];
    for (const [body, message] of cases) {
      const response = await scan(owner, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    }
  });

  it("answers trending topics computed from the feeds, and caches the items", async () => {
    const response = await scan(owner, { action: "scan-trending" });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as TrendingAnswer;
    expect(answer.sample).toBe(false);
    expect(answer.trendingTopics[0]).toMatchObject({ topic: "school feeding", subject: "health", frequency: 2 });
    const first = answer.trendingTopics[0]!.articles[0]!;
    expect(first).toEqual({
      title: "School feeding programme expands to 40 more schools",
      excerpt: "The school feeding programme will now reach learners in 40 more rural schools.",
      url: "https://copperbelt-times.example/2024/school-feeding-expands",
      source: "Copperbelt Education Times",
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      subject: "health",
      trendingScore: expect.any(Number),
    });
    expect(await server.services.db.$count(newsItems)).toBe(9);
    // Answered from the cache: the feeds are not read again within NEWS_REFRESH_MINUTES.
    const before = feeds.requests.length;
    await scan(owner, { action: "scan-trending" });
    expect(feeds.requests.length).toBe(before);
    expect(feeds.requests[0]!.userAgent).toBe("TheEducatorNewsScanner/1.0 (+http://127.0.0.1)");
  });

  it("finds items by subject", async () => {
    const answer = (await (await scan(owner, { action: "get-by-subject", subject: "Technology" })).json()) as SubjectAnswer;
    expect(answer).toMatchObject({ sample: false });
    expect(answer.articles.map((article) => [article.title, article.source, article.subject])).toEqual([
      ["Digital learning tools for classrooms without internet", "Global Classroom Weekly", "technology"],
      ["Digital learning and teacher training go hand in hand", "Global Classroom Weekly", "technology"],
    ]);
    const curriculum = (await (await scan(owner, { action: "get-by-subject", subject: "curriculum" })).json()) as SubjectAnswer;
    expect(curriculum.articles.map((article) => article.url)).toEqual([
      "https://copperbelt-times.example/2024/curriculum-guidelines",
      "https://copperbelt-times.example/2024/curriculum-grade-7",
    ]);
  });
});

describe(`the news scanner endpoint when no feed answers (${testDatabaseKind})`, () => {
  beforeAll(() => start({ NEWS_FEEDS: "http://127.0.0.1:9/feed.xml" }));
  afterAll(() => server.close());

  it("answers the labelled sample data", async () => {
    const trending = (await (await scan(owner, { action: "scan-trending" })).json()) as TrendingAnswer;
    expect(trending.sample).toBe(true);
    expect(trending.trendingTopics.map((topic) => topic.subject)).toEqual(["education-news", "health", "sports", "technology", "entrepreneurship"]);
    expect(trending.trendingTopics.flatMap((topic) => topic.articles).every((article) => article.source === "Sample data")).toBe(true);
    const sports = (await (await scan(owner, { action: "get-by-subject", subject: "sports" })).json()) as SubjectAnswer;
    expect(sports).toMatchObject({ sample: true, articles: [{ title: "Inter-school athletics season opens", subject: "sports" }] });
  });
});
