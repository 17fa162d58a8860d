import path from "node:path";
import { count, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleResources, articles, pageViews } from "#database/schema";
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from "#app/server/db/database.server";
import type { AppDb } from "#app/server/db/types.server";
import { createPageViewQueue } from "#app/server/analytics/page-view-queue.server";
import { createLocalStorage } from "#app/server/core/storage.server";
import { addArticleResource, listArticleResources } from "#app/server/resources/resources.server";
import { resourceDownloadPath } from "#app/lib/resource-files";
import { createPostgresDatabase, dropPostgresDatabase, temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { eventually, rawRequest, sendPageView, type RawResponse } from "#tests/helpers/pages";
import { startServerProcess, stopProcess } from "#tests/helpers/processes";
import { startTestServer, type TestServer } from "#tests/helpers/server";
import { aCategory, anAccount, anArticle } from "#tests/factories";

let server: TestServer;
let category: string;

async function addArticle(db: AppDb, status: "draft" | "published" = "published", categoryId = category) {
  return (await anArticle(db, { status, categoryId })).id;
}

const viewsOf = async (db: AppDb, id: string) => (await db.select({ views: articles.views }).from(articles).where(eq(articles.id, id)))[0]!.views;

/** Sends every beacon at once; all must be accepted (an article's view is answered with its count, 200). */
async function sendAll(baseUrl: string, paths: string[]) {
  const answers = await Promise.all(paths.map((viewed) => sendPageView(baseUrl, viewed)));
  for (const answer of answers) expect([200, 204]).toContain(answer.status);
}

/** The count the page-view beacon answers for a view of `path` (an article page). */
async function answeredViews(path: string, headers: Record<string, string> = {}) {
  const answer = await sendPageView(server.url, path, headers);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return ((await answer.json()) as { views: number }).views;
}

/** The view count an article page's HTML shows, and whether the page came from the cache. */
const shownCount = (page: RawResponse) => /data-view-count="">([^<]*)</.exec(page.html)?.[1];

beforeAll(async () => {
  // 1,000 readers may share one address (a school's network): the limit is raised for the test, not removed.
  server = await startTestServer({ RATE_LIMIT_SCALE: "10" });
  category = (await aCategory(server.services.db)).id;
});
afterAll(() => server.close());

describe(`article view counts from page-view beacons (${testDatabaseKind})`, () => {
  it("adds exactly one view per beacon among many concurrent ones, and counts nothing for other paths", async () => {
    const { db } = server.services;
    const [first, second] = [await addArticle(db), await addArticle(db)];
    const paths = [
      ...Array.from({ length: 300 }, () => `/articles/${first}`),
      ...Array.from({ length: 200 }, () => `/articles/${second}`),
      ...Array.from({ length: 50 }, () => "/articles"),
      ...Array.from({ length: 50 }, () => `/articles/${first}/comments`),
    ];
    await sendAll(server.url, paths);
    await server.services.pageViewQueue.flush();
    expect(await viewsOf(db, first)).toBe(300);
    expect(await viewsOf(db, second)).toBe(200);
    // Every view of a page is also kept as a raw page view for analytics; a path that is no page is not.
    expect((await db.select({ n: count() }).from(pageViews))[0]!.n).toBe(paths.length - 50);
  });

  it("counts paths with a query string, a fragment or an upper-case id, and never a draft", async () => {
    const { db } = server.services;
    const published = await addArticle(db);
    const draft = await addArticle(db, "draft");
    await sendAll(server.url, [
      `/articles/${published}?utm_source=whatsapp`,
      `/articles/${published}#comments`,
      `/articles/${published}?ref=home#top`,
      `/articles/${published.toUpperCase()}`,
      `/articles/${draft}`,
      `/articles/${draft}?preview=1`,
      "/articles/not-an-id",
    ]);
    await server.services.pageViewQueue.flush();
    expect(await viewsOf(db, published)).toBe(4);
    expect(await viewsOf(db, draft)).toBe(0);
  });

  it("counts an opening once: the page render itself writes nothing, the beacon counts it", async () => {
    const { db } = server.services;
    const id = await addArticle(db);
    for (let index = 0; index < 3; index++) {
      expect((await rawRequest(`${server.url}/articles/${id}`)).status).toBe(200);
      await sendAll(server.url, [`/articles/${id}`]);
    }
    await server.services.pageViewQueue.flush();
    expect(await viewsOf(db, id)).toBe(3);
  });
});

/**
 * Resolves once this instance has heard the change event of the article's insert and its drops of
 * cached pages have run: a page kept before then would be dropped by it (on PostgreSQL the event
 * comes over LISTEN a moment after the insert returns).
 */
async function insertHeard(heard: Set<string>, id: string) {
  await eventually(async () => (heard.has(id) ? true : undefined), `the insert of article ${id} is heard`);
  await new Promise((resolve) => setTimeout(resolve, 100)); // a drop that first looks up the article's category
}

describe(`the count a reader sees (${testDatabaseKind})`, () => {
  it("answers each opening with the article's count, that opening included, while the page stays cached", async () => {
    const { db } = server.services;
    const heard = new Set<string>();
    const stopListening = server.services.realtime.subscribe((change) => {
      if (change.table === "articles" && change.op === "insert" && change.id) heard.add(change.id);
    });
    const id = await addArticle(db);
    await db.update(articles).set({ views: 1209 }).where(eq(articles.id, id));
    await insertHeard(heard, id);
    stopListening();
    const path = `/articles/${id}`;
    expect((await rawRequest(`${server.url}${path}`)).cache).toBe("miss");
    for (let opening = 1; opening <= 6; opening++) {
      const page = await rawRequest(`${server.url}${path}`);
      expect(page.cache).toBe("hit");
      expect(shownCount(page)).toBe("1,209 views");
      expect(await answeredViews(opening % 2 ? path : `${path}?utm_source=whatsapp#comments`)).toBe(1209 + opening);
      // Half the openings wait in the queue when the next comes, half are written by then.
      if (opening % 2 === 0) await server.services.pageViewQueue.flush();
    }
    await server.services.pageViewQueue.flush();
    expect(await viewsOf(db, id)).toBe(1215);
    const cached = await rawRequest(`${server.url}${path}`);
    expect([cached.cache, shownCount(cached)]).toEqual(["hit", "1,209 views"]);
  });

  it("tells a crawler the count without counting it, and answers other pages and unpublished articles with no count", async () => {
    const { db } = server.services;
    const id = await addArticle(db);
    const draft = await addArticle(db, "draft");
    expect(await answeredViews(`/articles/${id}`)).toBe(1);
    const crawler = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    expect(await answeredViews(`/articles/${id}`, crawler)).toBe(1);
    expect(await answeredViews(`/articles/${id}`)).toBe(2);
    for (const path of [`/articles/${draft}`, "/articles/0b8f2f7e-3c1a-4f55-9f0e-6a1d2b3c4d5e", "/articles", "/about"]) {
      const answer = await sendPageView(server.url, path);
      expect(answer.status, path).toBe(204);
    }
    await server.services.pageViewQueue.flush();
    expect([await viewsOf(db, id), await viewsOf(db, draft)]).toEqual([2, 0]);
  });

  it("reads a count that holds each waiting opening once, however the reads and the batches interleave", async () => {
    const { db } = server.services;
    const id = await addArticle(db);
    // Batches start every millisecond: reads meet them being written, just written and not yet begun.
    const queue = createPageViewQueue(db, pino({ level: "silent" }), { flushMs: 1 });
    try {
      for (let opening = 1; opening <= 60; opening++) {
        queue.add({ path: `/articles/${id}`, referrer: null, visitorId: "unknown" });
        if (opening % 3 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
        expect(await queue.articleViews(id)).toBe(opening);
      }
      const together = await Promise.all(
        Array.from({ length: 40 }, async () => {
          queue.add({ path: `/articles/${id}`, referrer: null, visitorId: "unknown" });
          return queue.articleViews(id);
        }),
      );
      expect(together.every((views) => views === 100)).toBe(true);
    } finally {
      await queue.stop();
    }
    expect(await viewsOf(db, id)).toBe(100);
    expect(await queue.articleViews("0b8f2f7e-3c1a-4f55-9f0e-6a1d2b3c4d5e")).toBeNull();
  });
});

describe(`view and download counts across a shutdown (${testDatabaseKind})`, () => {
  // A fresh database and a server process: alone about 12 s on PostgreSQL, 40 s embedded (a new one is migrated); more beside other files.
  it("writes every view and every download answered before SIGTERM", { timeout: 240_000 }, async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const dataDir = temporaryFolder();
    const databaseUrl = adminUrl ? await createPostgresDatabase(adminUrl) : undefined;
    const open = (): Promise<Database> =>
      databaseUrl ? openPostgresDatabase(databaseUrl, { max: 2 }) : openEmbeddedDatabase({ dataDir: path.join(dataDir, "pgdata") });
    try {
      // The article exists before the server starts (the embedded database has one owner at a time).
      const before = await open();
      await before.migrate();
      const { id } = await anArticle(before.db);
      const pdf = await PDFDocument.create();
      pdf.addPage([200, 200]);
      const resourceId = await addArticleResource(before.db, createLocalStorage(path.join(dataDir, "uploads")), {
        articleId: id,
        title: "Worksheet",
        resourceType: "worksheet",
        file: new File([Buffer.from(await pdf.save())], "worksheet.pdf"),
        uploadedBy: (await anAccount(before.db, { role: "editor" })).id,
      });
      const [resource] = await listArticleResources(before.db, id);
      await before.close();

      const running = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", SEED_DEMO: "false", RATE_LIMIT_SCALE: "10" });
      const beacons = 400;
      // Downloads still going out when SIGTERM comes: each one answered is counted, none twice (each
      // from a reader of its own: one reader's downloads count once a day).
      const downloads = Array.from(
        { length: 100 },
        (_, index) =>
          new Promise((resolve) => setTimeout(resolve, index * 5))
            .then(() => fetch(`${running.url}${resourceDownloadPath(resource!)}`, { headers: { "User-Agent": `Reader ${index}` } }))
            // Answered once its headers came (a body cut short by the shutdown was still counted).
            .then((answer) => (void answer.arrayBuffer().catch(() => {}), answer.status === 200))
            .catch(() => false), // refused by the shutdown
      );
      let exitCode: number | null;
      try {
        await sendAll(
          running.url,
          Array.from({ length: beacons }, () => `/articles/${id}`),
        );
      } finally {
        // At once: the queue flushes every 250 ms, so most views are still waiting in memory.
        exitCode = await stopProcess(running);
      }
      expect(exitCode, running.output()).toBe(0);
      const answered = (await Promise.all(downloads)).filter(Boolean).length;
      expect(answered).toBeGreaterThan(0);

      const after = await open();
      try {
        expect(await viewsOf(after.db, id)).toBe(beacons);
        expect((await after.db.select({ n: count() }).from(pageViews))[0]!.n).toBe(beacons);
        const [counted] = await after.db.select({ downloads: articleResources.downloads }).from(articleResources).where(eq(articleResources.id, resourceId));
        expect(counted!.downloads).toBe(answered);
      } finally {
        await after.close();
      }
    } finally {
      if (adminUrl && databaseUrl) await dropPostgresDatabase(adminUrl, databaseUrl);
    }
  });
});
