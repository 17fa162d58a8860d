import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories } from "#database/schema";
import { testDatabaseKind } from "#tests/helpers/database";
import { rawRequest } from "#tests/helpers/pages";
import { startTestServer, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let articleId: string;

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE: "false" });
  const { db } = server.services;
  const [category] = await db.insert(categories).values({ name: "Health", slug: "health" }).returning({ id: categories.id });
  const [article] = await db
    .insert(articles)
    .values({ title: "Rendered Each Time", content: "A body.", categoryId: category!.id, status: "published", slug: "rendered", publishedAt: new Date() })
    .returning({ id: articles.id });
  articleId = article!.id;
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
});
