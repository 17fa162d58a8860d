import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe(`a long query does not freeze the server (${testDatabaseKind})`, () => {
  it("answers /healthz and pages while a 1.5-second query runs", async () => {
    const order: string[] = [];
    const longQuery = server.services.db.execute(sql`select pg_sleep(1.5)`).then(() => order.push("long query"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await fetch(`${server.url}/healthz`);
    order.push("healthz");
    const body = (await health.json()) as { status: string; database: string };
    await longQuery;
    expect(order).toEqual(["healthz", "long query"]);
    expect(health.status).toBe(200);
    expect(body.status).toBe("ok");
    // The embedded engine runs one query at a time in its worker: it reports itself busy, not down.
    expect(body.database).toBe(testDatabaseKind === "pglite" ? "busy" : "up");
  });
});
