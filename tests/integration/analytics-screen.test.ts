import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let jar: CookieJar;

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  jar = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
});
afterAll(() => server.close());

async function analyticsPage(query = "") {
  const response = await fetch(`${server.url}/admin/analytics${query}`, { headers: { Cookie: jar.header() } });
  return { status: response.status, html: await response.text() };
}

describe(`the analytics screen (${testDatabaseKind})`, () => {
  it("shows the chosen range, and keeps the screen with the spec's message when the figures cannot load", async () => {
    const week = await analyticsPage("?range=7");
    expect(week.status).toBe(200);
    expect(week.html).toContain("Page Views");
    expect(week.html).toMatch(/aria-current="page"[^>]*>Last <!-- -->7<!-- --> days|aria-current="page"[^>]*>Last 7 days/);

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
});
