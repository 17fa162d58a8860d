import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageViews } from "#database/schema";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const visitor = "3f1c2b9e-8a4d-4f6b-9c2e-1a7d5e4b3c21";

let server: TestServer;
let clientNumber = 0;
let clientIp: string;

beforeAll(async () => {
  // Behind a trusted proxy each test can speak as its own client address, with its own rate limit.
  server = await startTestServer({ TRUST_PROXY: "1" });
});
afterAll(() => server.close());
beforeEach(async () => {
  clientIp = `203.0.113.${++clientNumber}`;
  await server.services.db.delete(pageViews);
});

function beacon(body: unknown, options: { contentType?: string; userAgent?: string; method?: string } = {}) {
  return fetch(`${server.url}/api/page-views`, {
    method: options.method ?? "POST",
    headers: {
      "Content-Type": options.contentType ?? "text/plain;charset=UTF-8",
      "User-Agent": options.userAgent ?? browser,
      "X-Forwarded-For": clientIp,
      Origin: server.url,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function storedViews() {
  await server.services.pageViewQueue.flush(); // views are written in batches
  return server.services.db
    .select({ path: pageViews.path, referrer: pageViews.referrer, visitorId: pageViews.visitorId })
    .from(pageViews)
    .orderBy(pageViews.id);
}

describe(`the page-view beacon endpoint (${testDatabaseKind})`, () => {
  it("stores the page's path, the referrer's site and the visitor id, from sendBeacon's text/plain or JSON", async () => {
    const first = await beacon({ path: "/articles?q=maths&view=list#results", referrer: "https://www.google.com/search?q=teacher+name", visitor_id: visitor });
    expect(first.status).toBe(204);
    expect(await first.text()).toBe("");
    const second = await beacon({ path: "/about", referrer: null, visitor_id: "unknown" }, { contentType: "application/json" });
    expect(second.status).toBe(204);
    const third = await beacon({ path: "/contact", referrer: "", visitor_id: visitor, extra: "ignored" });
    expect(third.status).toBe(204);
    expect(await storedViews()).toEqual([
      // Searches and links carry words and tokens: the query, hash and referrer's path are not kept.
      { path: "/articles", referrer: "https://www.google.com", visitorId: visitor },
      { path: "/about", referrer: null, visitorId: "unknown" },
      { path: "/contact", referrer: null, visitorId: visitor },
    ]);
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const bad: [unknown, string][] = [
      ["not json at all", "body"],
      [{ path: "articles", referrer: null, visitor_id: visitor }, "path"],
      [{ path: `/${"a".repeat(2048)}`, referrer: null, visitor_id: visitor }, "path"],
      [{ path: "/", referrer: `https://example.com/${"r".repeat(2048)}`, visitor_id: visitor }, "referrer"],
      [{ path: "/", referrer: null, visitor_id: "visitor-123" }, "visitor_id"],
      [{ path: "/", referrer: null }, "visitor_id"],
      [{ referrer: null, visitor_id: visitor }, "path"],
    ];
    for (const [body, field] of bad) {
      const response = await beacon(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
      expect(answer.error).toBe("Invalid page view.");
      if (field !== "body") expect(Object.keys(answer.fieldErrors)).toContain(field);
    }
    const huge = await beacon({ path: "/", referrer: "x".repeat(20_000), visitor_id: visitor });
    expect(huge.status).toBe(400);
    const longestAllowed = await beacon({ path: `/about?${"a".repeat(2041)}`, referrer: `https://e.com/${"r".repeat(2034)}`, visitor_id: visitor });
    expect(longestAllowed.status).toBe(204);
    expect(await storedViews()).toEqual([{ path: "/about", referrer: "https://e.com", visitorId: visitor }]);
  });

  it("keeps views of the site's own pages only, never made-up paths", async () => {
    const category = "health";
    const article = "0b8f2f7e-3c1a-4f55-9f0e-6a1d2b3c4d5e";
    const notPages = [
      "/wp-login.php",
      "/admin",
      "/admin/articles",
      "/api/session",
      "/sign-out",
      "/articles/not an id",
      `/articles/${"x".repeat(101)}`,
      `/category/${"spam".repeat(200)}`,
      "/articles/a/b",
    ];
    for (const path of [...notPages, `/articles/${article}`, `/category/${category}`, "/", "/articles/"]) {
      const response = await beacon({ path, referrer: "not a url", visitor_id: visitor });
      expect(response.status, path).toBe(204);
    }
    expect((await storedViews()).map(({ path, referrer }) => [path, referrer])).toEqual([
      [`/articles/${article}`, null],
      [`/category/${category}`, null],
      ["/", null],
      ["/articles/", null],
    ]);
  });

  it("refuses an oversized body sent without a length, and a beacon from another site", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/page-views`,
        { method: "POST", headers: { "Content-Type": "text/plain", "X-Forwarded-For": clientIp } },
        (response) => {
          response.resume();
          resolve(response.statusCode!);
        },
      );
      request.on("error", reject);
      // Chunked: the size is only known while reading.
      request.write(JSON.stringify({ path: "/", referrer: null, visitor_id: visitor }).slice(0, -1));
      request.end(`, "padding": "${"x".repeat(20_000)}"}`);
    });
    expect(status).toBe(400);
    const crossSite = await fetch(`${server.url}/api/page-views`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: "https://elsewhere.example", "X-Forwarded-For": clientIp },
      body: JSON.stringify({ path: "/", referrer: null, visitor_id: visitor }),
    });
    expect(crossSite.status).toBe(403);
    expect(await storedViews()).toEqual([]);
  });

  it("answers 405 to anything but POST", async () => {
    const get = await fetch(`${server.url}/api/page-views`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const put = await beacon({ path: "/", referrer: null, visitor_id: visitor }, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(await storedViews()).toEqual([]);
  });

  it("answers crawlers with 204 without counting them", async () => {
    for (const userAgent of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "facebookexternalhit/1.1"]) {
      const response = await beacon({ path: "/", referrer: null, visitor_id: visitor }, { userAgent });
      expect(response.status).toBe(204);
    }
    expect(await storedViews()).toEqual([]);
  });

  it("limits one client address to 120 views a minute", async () => {
    const view = { path: "/articles", referrer: null, visitor_id: visitor };
    for (let count = 0; count < 120; count++) expect((await beacon(view)).status).toBe(204);
    const limited = await beacon(view);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/^Too many page views\. Please try again in (\d+ seconds|1 minute)\.$/);
    expect(await storedViews()).toHaveLength(120);
    // Another reader is not held back by this one.
    clientIp = "198.51.100.7";
    expect((await beacon(view)).status).toBe(204);
  });

  it("counts an IPv6 client's whole /64 as one address", async () => {
    const view = { path: "/articles", referrer: null, visitor_id: visitor };
    for (let count = 0; count < 120; count++) {
      clientIp = `2001:db8:5:1:${count.toString(16)}::1`;
      expect((await beacon(view)).status).toBe(204);
    }
    clientIp = "2001:db8:5:1:ffff::1";
    expect((await beacon(view)).status).toBe(429);
    clientIp = "2001:db8:5:2::1";
    expect((await beacon(view)).status).toBe(204);
  });
});
