import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageViewDays, pageViewPathDays, pageViewReferrerDays, pageViewVisitorDays, pageViews } from "#database/schema";
import { loadAnalytics } from "#app/server/analytics/analytics.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { browserUserAgent, pageWhen, rawRequest } from "#tests/helpers/pages";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { anArticle } from "#tests/factories";

let server: TestServer;
let jar: CookieJar;

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  jar = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
});
afterAll(() => server.close());
beforeEach(async () => {
  const { db } = server.services;
  for (const table of [pageViews, pageViewDays, pageViewPathDays, pageViewReferrerDays, pageViewVisitorDays]) await db.delete(table);
});

/** The beacon a reader's browser sends on opening `path`, coming from `referrer`. */
async function view(path: string, referrer: string | null) {
  const answer = await fetch(`${server.url}/api/page-views`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": browserUserAgent, Origin: server.url },
    body: JSON.stringify({ path, referrer, visitor_id: "unknown" }),
  });
  expect([200, 204], path).toContain(answer.status);
}

async function report() {
  await server.services.pageViewQueue.flush(); // views are written in batches
  return loadAnalytics(server.services.db, { range: 7, timeZone: server.services.config.SITE_TIMEZONE });
}

const adminPage = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: jar.header() } })).text();

describe(`visits from WhatsApp (${testDatabaseKind})`, () => {
  it("counts a view of an article opened with ref=whatsapp under WhatsApp in the top referrers, and the article's view", async () => {
    const article = await anArticle(server.services.db);
    await view(`/articles/${article.id}?ref=whatsapp`, null);
    await view(`/articles/${article.id}?lang=bem&ref=whatsapp`, "https://www.google.com/search?q=fractions");
    await view(`/articles/${article.id}`, "https://www.google.com/search?q=fractions");
    const figures = await report();
    expect(figures.topReferrers).toEqual([
      { referrer: "WhatsApp", views: 2 },
      { referrer: "https://www.google.com", views: 1 },
    ]);
    expect(figures.whatsAppViews).toBe(2);
    expect(figures.topPages).toEqual([{ path: `/articles/${article.id}`, views: 3, title: article.title }]);
    expect(await server.services.pageViewQueue.articleViews(article.id)).toBe(3);
  });

  it("counts views from WhatsApp's sites and app as WhatsApp, and nothing that only looks like one", async () => {
    for (const referrer of [
      "https://web.whatsapp.com/",
      "https://wa.me/260970000000",
      "https://api.whatsapp.com/send?text=hello",
      "https://chat.whatsapp.com/AbCdEf",
      "android-app://com.whatsapp/",
    ]) {
      await view("/", referrer);
    }
    await view("/", "https://whatsapp.com.evil.example/");
    await view("/", "https://notwhatsapp.com/");
    const figures = await report();
    expect(figures.topReferrers).toEqual([
      { referrer: "WhatsApp", views: 5 },
      { referrer: "https://notwhatsapp.com", views: 1 },
      { referrer: "https://whatsapp.com.evil.example", views: 1 },
    ]);
    expect(figures.whatsAppViews).toBe(5);
  });

  it("counts the arrival from a shared link once, not a later step on the same page", async () => {
    const article = await anArticle(server.services.db);
    const shared = `/articles/${article.id}?ref=whatsapp`;
    await view(shared, null);
    await view(`${shared}#comments`, `${server.url}${shared}`);
    const figures = await report();
    expect(figures.whatsAppViews).toBe(1);
    expect(figures.topReferrers).toEqual([
      { referrer: "WhatsApp", views: 1 },
      { referrer: server.url, views: 1 },
    ]);
  });

  it("shows WhatsApp in Top Referrers and the visits from WhatsApp shares on the analytics screen", async () => {
    const article = await anArticle(server.services.db);
    for (let opening = 0; opening < 3; opening++) await view(`/articles/${article.id}?ref=whatsapp`, null);
    await report();
    const html = await adminPage("/admin/analytics?range=7");
    expect(html).toMatch(/Visits from WhatsApp shares: (<!-- -->)?<span[^>]*>3<\/span>/);
    expect(html).toMatch(/<td[^>]*>WhatsApp<\/td><td[^>]*>3<\/td>/);
  });

  it("serves a shared link's page to anonymous readers from the same cached copy as the plain address", async () => {
    const article = await anArticle(server.services.db);
    const plain = `${server.url}/articles/${article.id}`;
    // Kept once its first render has been stored (and the article's own change event has passed).
    const kept = await pageWhen(plain, (page) => page.cache === "hit", "the article's page is kept");
    const shared = await rawRequest(`${plain}?ref=whatsapp`);
    expect(shared.status).toBe(200);
    expect(shared.cache).toBe("hit");
    expect(shared.body.equals(kept.body)).toBe(true);
  });
});

describe(`"Copy for WhatsApp" on the staff screens (${testDatabaseKind})`, () => {
  it("is on a published article's edit screen, with its link marked ref=whatsapp, and not on a draft's", async () => {
    const published = await anArticle(server.services.db, { title: "Teaching *fractions* with bottle tops", excerpt: "A lesson that costs nothing." });
    const draft = await anArticle(server.services.db, { status: "draft" });
    const page = await adminPage(`/admin/articles/${published.id}`);
    expect(page).toContain("Copy for WhatsApp");
    expect(page).toContain(`${server.services.config.PUBLIC_URL}/articles/${published.id}?ref=whatsapp`);
    expect(page).toContain("Teaching ∗fractions∗ with bottle tops");
    const draftPage = await adminPage(`/admin/articles/${draft.id}`);
    expect(draftPage).toContain("Edit Article");
    expect(draftPage).not.toContain("Copy for WhatsApp");
  });

  it("is on the newsletter screen for the next digest, each article's link marked ref=whatsapp", async () => {
    const article = await anArticle(server.services.db, { title: "This week's lesson on maps" });
    const page = await adminPage("/admin/newsletter");
    expect(page).toContain("Copy for WhatsApp");
    expect(page).toContain(`${server.services.config.PUBLIC_URL}/articles/${article.id}?ref=whatsapp`);
  });
});
