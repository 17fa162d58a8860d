import { count } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViewDays, pageViews } from "#database/schema";
import { createPageViewQueue } from "#app/server/analytics/page-view-queue.server";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#tests/helpers/database";

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

describe(`page-view queue (${testDatabaseKind})`, () => {
  it("writes every accepted view in batches, and the rollups count them all", async () => {
    const { db } = testDatabase.database;
    const queue = createPageViewQueue(db, pino({ level: "silent" }), { flushMs: 20, maxBatch: 700 });
    for (let index = 0; index < 5000; index++)
      queue.add({ path: `/p/${index % 37}`, referrer: index % 3 ? null : "https://a.example/", visitorId: `v${index % 101}` });
    await queue.stop();
    expect(queue.pending).toBe(0);
    const [[raw], days] = await Promise.all([db.select({ n: count() }).from(pageViews), db.select().from(pageViewDays)]);
    expect(raw!.n).toBe(5000);
    expect(days.reduce((total, day) => total + Number(day.views), 0)).toBe(5000);
    expect(days.reduce((total, day) => total + Number(day.visitors), 0)).toBe(101 * days.length);
  });

  it("refuses new views instead of growing without bound", async () => {
    const queue = createPageViewQueue(testDatabase.database.db, pino({ level: "silent" }), { flushMs: 60_000, maxBatch: 10_000, maxPending: 3 });
    for (let index = 0; index < 5; index++) queue.add({ path: "/", referrer: null, visitorId: "v" });
    expect(queue.pending).toBe(3);
    await queue.stop();
  });
});
