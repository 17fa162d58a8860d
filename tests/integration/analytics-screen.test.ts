import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleResources, communityAnswers, pageViews, resourceDownloadDays } from "#database/schema";
import { dayIn } from "#app/server/analytics/analytics.server";
import { dayLabel } from "#app/components/admin/analytics-daily-bars";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { aCommunityQuestion, anArticle } from "#tests/factories";

let server: TestServer;
let jar: CookieJar;

const hour = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  jar = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
});
afterAll(() => server.close());

async function analyticsPage(query = "") {
  const response = await fetch(`${server.url}/admin/analytics${query}`, { headers: { Cookie: jar.header() } });
  return { status: response.status, html: await response.text() };
}

/** The words of a page as a person reads them: no markup, one space between words. */
function textOf(html: string) {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ")
    .replace(/\(\s/g, "(")
    .replace(/\s([).,:])/g, "$1");
}

describe(`the analytics screen (${testDatabaseKind})`, () => {
  it("shows the chosen range, and keeps the screen with the spec's message when the figures cannot load", async () => {
    const week = await analyticsPage("?days=7");
    expect(week.status).toBe(200);
    expect(textOf(week.html)).toContain("Page Views · last 7 days");
    expect(week.html).toMatch(/aria-current="page"[^>]*>Last 7 days/);
    // Links made before ?days= keep their period.
    expect(textOf((await analyticsPage("?range=14")).html)).toContain("Page Views · last 14 days");
    // Anything else is the default 30 days.
    expect((await analyticsPage("?days=365")).html).toMatch(/aria-current="page"[^>]*>Last 30 days/);

    await server.services.db.execute(sql`alter table page_view_path_days rename to page_view_path_days_away`);
    try {
      const failed = await analyticsPage();
      expect(failed.status).toBe(200);
      expect(failed.html).toContain("Failed to load analytics");
      expect(failed.html).toContain("Refresh"); // the screen stays, so the editor can try again
      expect(failed.html).not.toContain("Top Referrers");
    } finally {
      await server.services.db.execute(sql`alter table page_view_path_days_away rename to page_view_path_days`);
    }
    expect((await analyticsPage()).html).toContain("Top Referrers");
  });

  it("counts every figure over the chosen period, article views from the page views, downloads by day too", async () => {
    const { db, config } = server.services;
    // The articles' own counters hold their all-time openings, far more than this test's views.
    const fractions = await anArticle(db, { title: "Teaching fractions with bottle tops", views: 120 });
    const maps = await anArticle(db, { title: "Maps of our district", views: 30 });
    const deletedId = crypto.randomUUID();
    const view = (path: string, visitorId: string, createdAt: Date) => ({ path, visitorId, referrer: null, createdAt });
    await db.insert(pageViews).values([
      ...[1, 2, 3].map(() => view(`/articles/${fractions.id}`, "visitor-a", ago(60_000))),
      view(`/articles/${maps.id}`, "visitor-a", ago(60_000)),
      view("/", "visitor-a", ago(60_000)),
      view("/", "visitor-a", ago(60_000)),
      view("/about", "visitor-a", ago(60_000)),
      view(`/articles/${maps.id}`, "visitor-b", ago(10 * 24 * hour)), // in the last 14 and 30 days only
      // An article since deleted: its views still count, under its path.
      view(`/articles/${deletedId}`, "visitor-a", ago(60_000)),
      view(`/articles/${deletedId}`, "visitor-a", ago(60_000)),
    ]);

    // Ask Kafundisha: one question answered within the hour, one after two days, one older, one waiting.
    const quick = await aCommunityQuestion(db, { status: "published", publishedAt: ago(2 * hour), createdAt: ago(2 * hour) });
    const slow = await aCommunityQuestion(db, { status: "published", publishedAt: ago(72 * hour), createdAt: ago(72 * hour) });
    await aCommunityQuestion(db, { status: "published", publishedAt: ago(20 * 24 * hour), createdAt: ago(20 * 24 * hour) });
    await aCommunityQuestion(db, { status: "pending", createdAt: ago(hour) });
    const answer = (questionId: string, status: "published" | "pending", at: Date) => ({
      questionId,
      status,
      body: "Start with halves.",
      bodyHtml: "<p>Start with halves.</p>",
      publishedAt: status === "published" ? at : null,
      createdAt: at,
    });
    await db
      .insert(communityAnswers)
      .values([answer(quick.id, "published", ago(hour)), answer(slow.id, "published", ago(24 * hour)), answer(slow.id, "pending", ago(hour))]);

    const resource = (articleId: string, title: string, downloads: number) => ({
      articleId,
      title,
      format: "pdf" as const,
      storageKey: `resources/${title}.pdf`,
      sizeBytes: 1000,
      downloads,
    });
    const [worksheet, map] = await db
      .insert(articleResources)
      .values([resource(fractions.id, "Fractions worksheet", 12), resource(maps.id, "District map", 5), resource(maps.id, "Blank map", 0)])
      .returning({ id: articleResources.id });
    // Downloads by day: the worksheet 8 today and 4 ten days ago, the map 5 three days ago.
    const daysAgo = (days: number) => dayIn(config.SITE_TIMEZONE, new Date(Date.now() - days * 24 * hour));
    await db.insert(resourceDownloadDays).values([
      { day: daysAgo(0), resourceId: worksheet!.id, downloads: 8 },
      { day: daysAgo(10), resourceId: worksheet!.id, downloads: 4 },
      { day: daysAgo(3), resourceId: map!.id, downloads: 5 },
    ]);

    const week = textOf((await analyticsPage("?days=7")).html);
    expect(week).toContain("Page Views · last 7 days 9 ");
    expect(week).toContain("Unique Visitors · last 7 days 1 ");
    expect(week).toContain("Article Views Total · last 7 days 6 Views of article pages. 150 all time, by the articles' own counters.");
    // The top page is the top article, with the same count.
    expect(week).toContain("Top Page · last 7 days Teaching fractions with bottle tops ");
    expect(week).toContain(`/articles/${fractions.id} · 3 views`);
    expect(week).toContain(
      `Top Articles · last 7 days Article Views Teaching fractions with bottle tops 3 Deleted article /articles/${deletedId} 2 Maps of our district 1 `,
    );
    expect(week).toMatch(/Top Pages · last 7 days Page Views Teaching fractions with bottle tops \/articles\/\S+ 3 Home \/ 2 /);
    // Each bar carries its figure; screen readers get them per day in a table.
    const today = dayLabel(dayIn(config.SITE_TIMEZONE, new Date()));
    expect(week).toContain("Views per day, last 7 days Day Views");
    expect(week).toContain(`${today} 9 `);
    const weekHtml = (await analyticsPage("?days=7")).html;
    expect(weekHtml).toContain(`title="${today}: 9 views"`);
    expect(weekHtml).toContain(`title="${today}: 1 visitors"`);
    expect(week).toContain("Ask Kafundisha · last 7 days");
    expect(week).toContain("Questions asked 2 Answers posted 2 Answered within a day 1 of 2 50% ");
    expect(week).toMatch(
      /Top Downloads · last 7 days Resource downloads, last 7 days: 13\. .*Resource Article Downloads Fractions worksheet PDF Teaching fractions with bottle tops 8 District map PDF Maps of our district 5 /,
    );
    expect(week).not.toContain("Blank map");

    const month = textOf((await analyticsPage("?days=30")).html);
    expect(month).toContain("Page Views · last 30 days 10 ");
    expect(month).toContain("Unique Visitors · last 30 days 2 ");
    expect(month).toContain("Article Views Total · last 30 days 7 ");
    expect(month).toContain("Top Articles · last 30 days Article Views Teaching fractions with bottle tops 3 ");
    expect(month).toContain("Maps of our district 2 ");
    expect(month).toContain("Questions asked 3 Answers posted 2 Answered within a day 1 of 3 33% ");
    expect(month).toContain("Resource downloads, last 30 days: 17.");
    expect(month).toContain("Fractions worksheet PDF Teaching fractions with bottle tops 12 ");
  });
});
