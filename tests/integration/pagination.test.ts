import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories } from "#database/schema";
import { searchPublishedArticles, type ArticleSearch } from "#app/server/articles/articles.server";
import { articleBody } from "#app/server/articles/article-body.server";
import { firstPage, pageSize, type Page, type PageRequest } from "#app/server/db/keyset.server";
import { listAdminArticles } from "#app/server/articles/admin-articles.server";
import { listCategories } from "#app/server/categories/categories.server";
import { listTeamMembers } from "#app/server/team/team.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";
import { aCategory } from "#tests/factories";

let server: TestServer;
const tiedAt = new Date("2026-03-01T08:00:00.123456Z");

interface Seeded {
  id: string;
  publishedAt: Date;
  views: number;
  category: string;
}
let seeded: Seeded[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.services;
  const categoryId = { health: (await aCategory(db, { name: "Health" })).id, sports: (await aCategory(db, { name: "Sports" })).id };
  // 31 published articles: 14 published at one and the same moment, views tied in threes; and a draft.
  // Written in one statement, so that all share one created_at (the admin list's tie, below).
  const rows = Array.from({ length: 31 }, (_, index) => ({
    title: `Paged ${String(index).padStart(2, "0")}`,
    slug: `paged-${index}`,
    ...{ content: `Body ${index}`, ...articleBody(`Body ${index}`) },
    categoryId: categoryId[index % 3 === 0 ? "sports" : "health"],
    status: "published" as const,
    publishedAt: index < 14 ? tiedAt : new Date(tiedAt.getTime() - index * 60_000),
    views: Math.floor(index / 3) * 10,
  }));
  const saved = await db
    .insert(articles)
    .values([...rows, { ...rows[0]!, title: "Paged draft", slug: "paged-draft", status: "draft" as const, publishedAt: null }])
    .returning({ id: articles.id, publishedAt: articles.publishedAt, views: articles.views, status: articles.status, categoryId: articles.categoryId });
  seeded = saved
    .filter((row) => row.status === "published")
    .map((row) => ({ id: row.id, publishedAt: row.publishedAt!, views: row.views, category: row.categoryId === categoryId.sports ? "sports" : "health" }));
});
afterAll(() => server.close());

const byIdDesc = (a: Seeded, b: Seeded) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const expectedOrder = {
  newest: (a: Seeded, b: Seeded) => b.publishedAt.getTime() - a.publishedAt.getTime() || byIdDesc(a, b),
  oldest: (a: Seeded, b: Seeded) => a.publishedAt.getTime() - b.publishedAt.getTime() || -byIdDesc(a, b),
  popular: (a: Seeded, b: Seeded) => b.views - a.views || b.publishedAt.getTime() - a.publishedAt.getTime() || byIdDesc(a, b),
};

/** Every page from the first, following the next cursors; checks the prev cursor's presence on the way. */
async function walk(search: ArticleSearch) {
  const pages: string[][] = [];
  let request: PageRequest = firstPage;
  for (;;) {
    const page = await searchPublishedArticles(search, request);
    expect(page.prev === null).toBe(pages.length === 0);
    pages.push(page.articles.map((article) => article.id));
    if (!page.next) return pages;
    request = { after: page.next, before: null };
  }
}

describe(`keyset pagination (${testDatabaseKind})`, () => {
  for (const sort of ["newest", "oldest", "popular"] as const) {
    it(`pages through "${sort}" with ties broken by id: every article once, ${pageSize} a page, no next on the last`, async () => {
      const pages = await walk({ sort });
      expect(pages.map((page) => page.length)).toEqual([12, 12, 7]);
      expect(pages.flat()).toEqual([...seeded].sort(expectedOrder[sort]).map((row) => row.id));
    });
  }

  it("keeps the filters across pages and counts the total over all pages", async () => {
    const search = { categorySlug: "health", q: "paged", sort: "popular" as const };
    const first = await searchPublishedArticles(search);
    const health = seeded.filter((row) => row.category === "health");
    expect(first.total).toBe(health.length);
    const pages = await walk(search);
    expect(pages.flat()).toEqual([...health].sort(expectedOrder.popular).map((row) => row.id));
  });

  it("goes back with the prev cursor to exactly the page before", async () => {
    const one = await searchPublishedArticles({}, firstPage);
    const two = await searchPublishedArticles({}, { after: one.next, before: null });
    const three = await searchPublishedArticles({}, { after: two.next, before: null });
    const backToTwo = await searchPublishedArticles({}, { after: null, before: three.prev });
    expect(backToTwo.articles.map((article) => article.id)).toEqual(two.articles.map((article) => article.id));
    expect(backToTwo.next).toBe(two.next);
    const backToOne = await searchPublishedArticles({}, { after: null, before: backToTwo.prev });
    expect(backToOne.articles.map((article) => article.id)).toEqual(one.articles.map((article) => article.id));
    expect(backToOne.prev).toBeNull();
  });

  it("neither skips nor repeats a row when rows are deleted between two pages", async () => {
    const one = await searchPublishedArticles({ sort: "popular" });
    const rest = [...seeded]
      .sort(expectedOrder.popular)
      .map((row) => row.id)
      .slice(pageSize);
    // The last row of page 1 and the first of page 2 go before page 2 is asked for.
    const gone = [one.articles.at(-1)!.id, rest[0]!];
    await server.services.db.delete(articles).where(inArray(articles.id, gone));
    seeded = seeded.filter((row) => !gone.includes(row.id));
    const two = await searchPublishedArticles({ sort: "popular" }, { after: one.next, before: null });
    expect(two.articles.map((article) => article.id)).toEqual(rest.slice(1, 1 + pageSize));
    expect(two.total).toBe(seeded.length);
  });

  it("reads a garbled, tampered or foreign cursor as the first page", async () => {
    const first = await searchPublishedArticles({ sort: "newest" });
    const ids = first.articles.map((article) => article.id);
    const [payload, signature] = first.next!.split(".");
    const forged = `${Buffer.from(JSON.stringify(["newest", "not a date", "x"])).toString("base64url")}.${signature}`;
    const popularNext = (await searchPublishedArticles({ sort: "popular" })).next;
    for (const cursor of ["garbage", "", "a.b.c", `${payload}.AAAAAAAAAAAAAAAA`, forged, popularNext, "%%%"]) {
      for (const request of [
        { after: cursor, before: null },
        { after: null, before: cursor },
      ]) {
        const page = await searchPublishedArticles({ sort: "newest" }, request);
        expect(page.articles.map((article) => article.id)).toEqual(ids);
        expect(page.prev).toBeNull();
      }
    }
  });
});

/** Every page of an admin list from the first; returns the ids in order. */
async function walkAdmin(list: (page: PageRequest) => Promise<Page<{ id: string }>>) {
  const ids: string[] = [];
  let request: PageRequest = firstPage;
  for (;;) {
    const page = await list(request);
    expect(page.rows.length).toBeLessThanOrEqual(pageSize);
    ids.push(...page.rows.map((row) => row.id));
    if (!page.next) return ids;
    request = { after: page.next, before: null };
  }
}

describe(`admin lists a page at a time (${testDatabaseKind})`, () => {
  it("articles (created in one statement: the same created_at to the microsecond), categories and team each come once", async () => {
    const { db } = server.services;
    const articleIds = await walkAdmin((page) => listAdminArticles(db, page));
    const all = await db.select({ id: articles.id }).from(articles);
    expect(articleIds.length).toBeGreaterThan(pageSize * 2);
    expect([...articleIds].sort()).toEqual(all.map((row) => row.id).sort());

    await db.insert(categories).values(Array.from({ length: 14 }, (_, index) => ({ name: "Same name", slug: `same-${index}` })));
    const categoryIds = await walkAdmin((page) => listCategories(db, page));
    expect(new Set(categoryIds).size).toBe(categoryIds.length);
    expect(categoryIds).toHaveLength((await db.select({ id: categories.id }).from(categories)).length);
    expect(await walkAdmin((page) => listTeamMembers(db, page))).toEqual([]);
  });
});

describe(`paginated list pages over HTTP (${testDatabaseKind})`, () => {
  const hrefOf = (html: string, rel: "next" | "prev", tag: "a" | "link") =>
    html.match(new RegExp(`<${tag}[^>]*rel="${rel}"[^>]*href="([^"]*)"`))?.[1]?.replace(/&amp;/g, "&") ??
    html.match(new RegExp(`<${tag}[^>]*href="([^"]*)"[^>]*rel="${rel}"`))?.[1]?.replace(/&amp;/g, "&");
  const cardCount = (html: string) => new Set(html.match(/href="\/articles\/[0-9a-f-]{36}"/g)).size;

  it("/articles shows 12 with rel=next links that keep the search, sort and view, the total count, and no prev on page 1", async () => {
    const total = seeded.length;
    const response = await fetch(`${server.url}/articles?q=paged&sort=popular&view=list`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`${total} articles found`);
    expect(cardCount(html)).toBe(12);
    expect(hrefOf(html, "prev", "a")).toBeUndefined();
    expect(hrefOf(html, "prev", "link")).toBeUndefined();
    const next = hrefOf(html, "next", "a")!;
    expect(hrefOf(html, "next", "link")).toBe(next);
    const nextUrl = new URL(next, server.url);
    expect(nextUrl.pathname).toBe("/articles");
    expect(Object.fromEntries(nextUrl.searchParams)).toMatchObject({ q: "paged", sort: "popular", view: "list", after: expect.any(String) });

    const two = await (await fetch(nextUrl)).text();
    expect(two).toContain(`${total} articles found`);
    expect(hrefOf(two, "prev", "a")).toMatch(/[?&]before=/);
    const three = await (await fetch(new URL(hrefOf(two, "next", "a")!, server.url))).text();
    expect(cardCount(three)).toBe(total - 24);
    expect(hrefOf(three, "next", "a")).toBeUndefined();
    expect(hrefOf(three, "next", "link")).toBeUndefined();
    expect(hrefOf(three, "prev", "link")).toBe(hrefOf(three, "prev", "a"));
  });

  it("category pages paginate too, and a garbled cursor is the first page, never an error", async () => {
    const health = seeded.filter((row) => row.category === "health").length;
    const first = await (await fetch(`${server.url}/category/health`)).text();
    expect(first).toContain(`${health} articles found`);
    expect(cardCount(first)).toBe(12);
    const next = new URL(hrefOf(first, "next", "a")!, server.url);
    expect(next.pathname).toBe("/category/health");
    const two = await (await fetch(next)).text();
    expect(cardCount(two)).toBe(health - 12);
    expect(hrefOf(two, "next", "a")).toBeUndefined();

    for (const path of ["/articles?after=%FF%FE", "/category/health?before=not-a-cursor", "/articles?after=eyJ4Ijo.1"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(cardCount(html), path).toBe(12);
      expect(hrefOf(html, "prev", "a"), path).toBeUndefined();
    }
  });
});
