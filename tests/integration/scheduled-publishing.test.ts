import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "#database/schema";
import { openPostgresDatabase, type AppDb } from "#app/server/db/database.server";
import { localDateTimeValue } from "#app/lib/zoned-time";
import { publishDueArticles, startScheduledPublishing } from "#app/server/articles/scheduled-publishing.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { aCategory, anArticle } from "#tests/factories";

const timeZone = "Africa/Lusaka";
let server: TestServer;
let owner: CookieJar;
let categoryId: string;

beforeAll(async () => {
  server = await startTestServer({ SITE_TIMEZONE: timeZone, OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  ({ id: categoryId } = await aCategory(server.services.db));
});
afterAll(() => server.close());

/** A scheduled article due at `scheduledAt`. */
async function addScheduled(db: AppDb, scheduledAt: Date) {
  return (await anArticle(db, { categoryId, status: "scheduled", scheduledAt })).id;
}

const read = async (id: string) => (await server.services.db.select().from(articles).where(eq(articles.id, id)))[0]!;

function submit(fields: Record<string, string>) {
  return fetch(`${server.url}/admin/articles/new`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: owner.header() },
    body: new URLSearchParams({ title: "For Monday morning", content: "Lesson plans.", categoryId, ...fields }),
  });
}

describe(`scheduled publishing (${testDatabaseKind})`, () => {
  it("keeps an article scheduled in the site's time zone off the public site until its time", async () => {
    // Whole minutes, as the form's field gives them, two hours ahead.
    const due = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 2 * 60 * 60_000);
    const response = await submit({ status: "scheduled", scheduledAt: localDateTimeValue(due, timeZone) });
    expect(response.status).toBe(302);
    const [saved] = await server.services.db.select().from(articles).where(eq(articles.title, "For Monday morning"));
    expect(saved).toMatchObject({ status: "scheduled", scheduledAt: due, publishedAt: null });

    expect((await fetch(`${server.url}/articles/${saved!.id}`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/articles`)).text()).not.toContain("For Monday morning");
    expect(await (await fetch(`${server.url}/rss.xml`)).text()).not.toContain("For Monday morning");

    const list = await (await fetch(`${server.url}/admin/articles`, { headers: { Cookie: owner.header() } })).text();
    expect(list).toContain("Scheduled");
    expect(list).toContain(`dateTime="${due.toISOString()}"`);
    const edit = await (await fetch(`${server.url}/admin/articles/${saved!.id}`, { headers: { Cookie: owner.header() } })).text();
    expect(edit).toContain(`value="${localDateTimeValue(due, timeZone)}"`);
  });

  it("refuses a schedule without a time, or in the past, keeping what was typed", async () => {
    const refusals: [Record<string, string>, string][] = [
      [{ status: "scheduled", scheduledAt: "" }, "Choose the date and time to publish."],
      [{ status: "scheduled", scheduledAt: "2026-02-30T07:00" }, "Choose the date and time to publish."],
      [{ status: "scheduled", scheduledAt: localDateTimeValue(new Date(Date.now() - 60 * 60_000), timeZone) }, "Choose a time in the future to publish."],
    ];
    for (const [fields, message] of refusals) {
      const response = await submit({ ...fields, title: "Refused schedule" });
      expect(response.status, fields.scheduledAt).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain("Refused schedule");
    }
    expect(await server.services.db.select().from(articles).where(eq(articles.title, "Refused schedule"))).toEqual([]);
  });

  it("publishes a due article once, dated the time it was scheduled for, and then shows it to readers", async () => {
    const { db } = server.services;
    const due = new Date(Date.now() - 5 * 60_000);
    const id = await addScheduled(db, due);
    const later = await addScheduled(db, new Date(Date.now() + 60 * 60_000));
    expect((await publishDueArticles(db)).map((article) => article.id)).toContain(id);
    expect(await publishDueArticles(db)).toEqual([]);
    expect(await read(id)).toMatchObject({ status: "published", publishedAt: due, scheduledAt: null });
    expect((await read(later)).status).toBe("scheduled");
    // The change reaches the page cache like any other edit.
    expect((await fetch(`${server.url}/articles/${id}`)).status).toBe(200);
  });

  it("publishes each due article exactly once when instances race for it", async () => {
    const { db } = server.services;
    const due = await Promise.all(Array.from({ length: 20 }, () => addScheduled(db, new Date(Date.now() - 1000))));
    // On PostgreSQL a second instance has its own connections; the embedded engine has one.
    const second = server.testDatabase.url ? await openPostgresDatabase(server.testDatabase.url, { max: 4 }) : null;
    try {
      const instances = [db, second?.db ?? db];
      const runs = await Promise.all(Array.from({ length: 6 }, (_, index) => publishDueArticles(instances[index % 2]!)));
      const published = runs.flat().map((article) => article.id);
      expect(published.sort()).toEqual([...due].sort());
    } finally {
      await second?.close();
    }
  });

  it("catches up at start on what came due while no server ran", async () => {
    const { db } = server.services;
    const missed = await addScheduled(db, new Date(Date.now() - 3 * 60 * 60_000));
    const stop = startScheduledPublishing(db, pino({ level: "silent" }));
    await stop(); // waits for the run made at start
    expect((await read(missed)).status).toBe("published");
  });
});
