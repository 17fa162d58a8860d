import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "#database/schema";
import { testDatabaseKind } from "#tests/helpers/database";
import { rawRequest } from "#tests/helpers/pages";
import { startTestServer, type TestServer } from "#tests/helpers/server";
import { anArticle } from "#tests/factories";

let server: TestServer;
let articleId: string;
const logged: { msg: string; path?: string; status?: number; cache?: string; sampled?: number }[] = [];

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE: "false" }, { log: pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line)) }) });
  ({ id: articleId } = await anArticle(server.services.db, { title: "Rendered Each Time" }));
});
afterAll(() => server.close());

describe(`reader pages with PAGE_CACHE=false (${testDatabaseKind})`, () => {
  it("renders every request, and shows a change at once", async () => {
    for (const path of [`/articles/${articleId}`, `/articles/${articleId}`, "/", "/", "/about", "/about"]) {
      const page = await rawRequest(`${server.url}${path}`, { headers: { "Accept-Encoding": "identity" } });
      expect(page.status, path).toBe(200);
      expect(page.cache, path).toBe("off");
      expect(page.headers["cache-control"], path).toBe("private, no-store");
      expect(page.headers.etag, path).toBeUndefined();
      expect(
        Object.keys(page.headers).filter((name) => name.startsWith("x-educator-")),
        path,
      ).toEqual([]);
      if (path !== "/about") expect(page.html, path).toContain("Rendered Each Time");
    }
    const gzip = await rawRequest(`${server.url}/articles/${articleId}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toContain("Rendered Each Time");
    const head = await rawRequest(`${server.url}/articles/${articleId}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    await server.services.db.update(articles).set({ title: "Edited, Seen at Once" }).where(eq(articles.id, articleId));
    expect((await rawRequest(`${server.url}/articles/${articleId}`)).html).toContain("Edited, Seen at Once");
    const missing = await rawRequest(`${server.url}/articles/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.cache).toBe("off");
    expect(missing.html).toContain("Article Not Found");
  });

  it("logs every render, as Express logs a page", async () => {
    logged.length = 0;
    await rawRequest(`${server.url}/about`);
    await rawRequest(`${server.url}/about`);
    await expect.poll(() => logged.filter((line) => line.msg === "request").length).toBe(2);
    const lines = logged.filter((line) => line.msg === "request").map(({ path, status, cache, sampled }) => ({ path, status, cache, sampled }));
    expect(lines).toEqual([
      { path: "/about", status: 200, cache: "off", sampled: undefined },
      { path: "/about", status: 200, cache: "off", sampled: undefined },
    ]);
  });
});
