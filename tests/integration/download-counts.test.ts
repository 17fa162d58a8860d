import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleResources, resourceDownloadDays, resourceDownloadReaders } from "#database/schema";
import { resourceBucket, resourceDownloadPath } from "#app/lib/resource-files";
import { countDownload, downloadDay, readerOfDay, settleDownloadCounts } from "#app/server/resources/download-counts.server";
import { aCategory, anAccount, anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";

// A resource's download count counts readers, once a day each: a reader fetching the same file
// again and again (or a script doing so) adds one a day.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A published article's resource, with its file in storage; its download address. */
async function aResource(title: string) {
  const { db, storage } = server.services;
  const article = await anArticle(db, { categoryId: (await aCategory(db)).id, status: "published" });
  const key = `${article.id}/${Date.now()}_${title.length}.pdf`;
  await storage.put(resourceBucket, key, Buffer.from("%PDF- a worksheet"));
  const [row] = await db
    .insert(articleResources)
    .values({ articleId: article.id, title, format: "pdf", storageKey: key, sizeBytes: 17 })
    .returning({ id: articleResources.id });
  return { id: row!.id, url: server.url + resourceDownloadPath({ id: row!.id, title, format: "pdf" }) };
}

async function downloadsOf(id: string) {
  await settleDownloadCounts();
  const [row] = await server.services.db.select({ downloads: articleResources.downloads }).from(articleResources).where(eq(articleResources.id, id));
  return row!.downloads;
}

async function download(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

describe(`download counts (${testDatabaseKind})`, () => {
  it("50 downloads by one reader count 1; another browser counts 2; a signed-in reader counts once more, whatever the browser", async () => {
    const resource = await aResource("Counted once");
    for (let index = 0; index < 50; index++) await download(resource.url, { "User-Agent": "Reader A" });
    expect(await downloadsOf(resource.id)).toBe(1);
    // At once, too: the reader's row and the count are one statement.
    await Promise.all(Array.from({ length: 20 }, () => download(resource.url, { "User-Agent": "Reader A" })));
    expect(await downloadsOf(resource.id)).toBe(1);

    await download(resource.url, { "User-Agent": "Reader B" });
    await download(resource.url, { "User-Agent": "Reader B" });
    expect(await downloadsOf(resource.id)).toBe(2);

    const account = await anAccount(server.services.db);
    const jar = await signInOverHttp(server.url, account.email, account.password);
    for (const browser of ["Reader A", "Reader C"]) await download(resource.url, { "User-Agent": browser, Cookie: jar.header() });
    expect(await downloadsOf(resource.id)).toBe(3);
    // A HEAD is no download.
    expect((await fetch(resource.url, { method: "HEAD", headers: { "User-Agent": "Reader D" } })).status).toBe(200);
    expect(await downloadsOf(resource.id)).toBe(3);
  });

  it("each reader counts on each resource, and again the next day; yesterday's readers are swept", async () => {
    const { db, sessionSecret } = server.services;
    const [first, second] = [await aResource("First"), await aResource("Second")];
    for (const resource of [first, second]) await download(resource.url, { "User-Agent": "Reader E" });
    expect([await downloadsOf(first.id), await downloadsOf(second.id)]).toEqual([1, 1]);

    const reader = { userId: null, clientAddress: "127.0.0.1", userAgent: "Reader E" };
    const today = downloadDay(new Date());
    const tomorrow = downloadDay(new Date(Date.now() + 24 * 60 * 60 * 1000));
    const log = pino({ level: "silent" });
    // The same reader today: as the route counts it, so no more.
    countDownload(db, log, first.id, readerOfDay(sessionSecret, today, reader), today);
    expect(await downloadsOf(first.id)).toBe(1);
    for (let index = 0; index < 3; index++) countDownload(db, log, first.id, readerOfDay(sessionSecret, tomorrow, reader), tomorrow);
    expect(await downloadsOf(first.id)).toBe(2);
    // A day's hash tells nothing of the reader's others.
    expect(readerOfDay(sessionSecret, tomorrow, reader)).not.toBe(readerOfDay(sessionSecret, today, reader));
    const days = await db.selectDistinct({ day: resourceDownloadReaders.day }).from(resourceDownloadReaders);
    expect(days).toEqual([{ day: tomorrow }]);
    // The day's counts stay, for the Analytics screen's periods: one each day.
    const byDay = await db
      .select({ day: resourceDownloadDays.day, downloads: resourceDownloadDays.downloads })
      .from(resourceDownloadDays)
      .where(eq(resourceDownloadDays.resourceId, first.id))
      .orderBy(resourceDownloadDays.day);
    expect(byDay).toEqual([
      { day: today, downloads: 1 },
      { day: tomorrow, downloads: 1 },
    ]);
  });
});
