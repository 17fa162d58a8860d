import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { articles } from "#database/schema";
import { signUp } from "#app/server/auth/auth.server";
import { createPostgresDatabase, dropPostgresDatabase, temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { startServerProcess, stopProcess } from "#tests/helpers/processes";
import { signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";
import { connectSse } from "#tests/helpers/sse";
import { aCategory, anArticle } from "#tests/factories";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
});
afterAll(() => server.close());

describe(`live updates (${testDatabaseKind})`, () => {
  it("streams a database write to a connected SSE client", async () => {
    const client = await connectSse(`${server.url}/api/events`);
    try {
      const category = await aCategory(server.services.db);
      const event = await client.next((data) => data.table === "categories");
      expect(event).toEqual({ table: "categories", op: "insert", id: null }); // readers never see row ids
      expect(category.id).toBeTruthy();
    } finally {
      client.close();
    }
  });

  it("shows staff every live table with row ids, and keeps private tables from readers", async () => {
    const jar = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
    const staff = await connectSse(`${server.url}/api/events`, { Cookie: jar.header() });
    const reader = await connectSse(`${server.url}/api/events`);
    try {
      const { userId } = await signUp({ email: "newcomer@example.com", password: "newcomer-secret" }, { ip: "127.0.0.1" });
      expect(await staff.next((data) => data.table === "profiles")).toEqual({ table: "profiles", op: "insert", id: userId });
      await aCategory(server.services.db);
      await reader.next((data) => data.table === "categories" && data.op === "insert");
      expect(reader.received.filter((data) => data.table === "profiles")).toEqual([]);
    } finally {
      staff.close();
      reader.close();
    }
  });

  it("announces a view count to staff only; an edit of the same article reaches readers", async () => {
    const article = await anArticle(server.services.db, { title: "Counted" });
    const jar = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
    const staff = await connectSse(`${server.url}/api/events`, { Cookie: jar.header() });
    const reader = await connectSse(`${server.url}/api/events`);
    try {
      // A view counted (as the page-view queue's flush does): views + 1 and nothing else.
      await server.services.db
        .update(articles)
        .set({ views: sql`${articles.views} + 1` })
        .where(eq(articles.id, article.id));
      expect(await staff.next((data) => data.table === "articles")).toEqual({ table: "articles", op: "views", id: article.id });
      await server.services.db.update(articles).set({ title: "Counted, and edited" }).where(eq(articles.id, article.id));
      expect(await reader.next((data) => data.table === "articles")).toEqual({ table: "articles", op: "update", id: null });
      expect(reader.received.filter((data) => data.op === "views")).toEqual([]);
    } finally {
      staff.close();
      reader.close();
    }
  });

  it.skipIf(testDatabaseKind !== "postgres")(
    "carries a change made through instance A to a browser connected to instance B",
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const databaseUrl = await createPostgresDatabase(adminUrl);
      const env = { DATABASE_URL: databaseUrl, OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret", SEED_DEMO: "false" };
      const instanceA = await startServerProcess({ ...env, DATA_DIR: temporaryFolder() });
      const instanceB = await startServerProcess({ ...env, DATA_DIR: temporaryFolder() });
      try {
        // Sessions live in the database: a session made on A works on B.
        const jar = await signInOverHttp(instanceA.url, "owner@example.com", "owner-secret");
        const onB = await connectSse(`${instanceB.url}/api/events`, { Cookie: jar.header() });
        try {
          const response = await fetch(`${instanceA.url}/auth`, {
            method: "POST",
            redirect: "manual",
            headers: { Origin: instanceA.url, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "sign-up", email: "via-a@example.com", password: "via-a-secret" }),
          });
          expect(response.status).toBe(302);
          const event = await onB.next((data) => data.table === "profiles" && data.op === "insert");
          expect(event.id).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
        } finally {
          onB.close();
        }
      } finally {
        await Promise.all([stopProcess(instanceA), stopProcess(instanceB)]);
        await dropPostgresDatabase(adminUrl, databaseUrl);
      }
    },
    90_000,
  );
});
