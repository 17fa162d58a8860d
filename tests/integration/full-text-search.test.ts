import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories } from "#database/schema";
import { fullTextQuery, searchPublishedArticles, snippetHtml } from "#app/server/articles/articles.server";
import { firstPage } from "#app/server/db/keyset.server";
import { selectRows } from "#app/server/db/types.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";

let server: TestServer;
const minute = 60_000;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.services;
  const [health] = await db.insert(categories).values({ name: "Health", slug: "health" }).returning({ id: categories.id });
  const [sports] = await db.insert(categories).values({ name: "Sports", slug: "sports" }).returning({ id: categories.id });
  const article = (title: string, content: string, minutesAgo: number, categoryId = health!.id, excerpt: string | null = null) => ({
    title,
    excerpt,
    content,
    categoryId,
    status: "published" as const,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    publishedAt: new Date(Date.now() - minutesAgo * minute),
  });
  await db.insert(articles).values([
    // Newest, but the word is only in its body.
    article("Morning routines", "Start the day with a song.\n\nThen the **marimba** circle: 5 < 6 & every learner plays <b>one</b> note.", 1),
    // Older, with the word in its title.
    article("Building a marimba from bottles", "Cut, tune and play.", 60),
    article("Excerpt only", "Nothing here.", 30, health!.id, "A marimba lesson in the excerpt."),
    article("Playground marimba league", "Sports teams with music.", 10, sports!.id),
    article("Ifyakulya fya pa sukulu", "Ukulya kwa bana pa sukulu kwalicindama (Bemba).", 5),
    { ...article("Unpublished marimba", "Draft.", 2), status: "draft" as const, publishedAt: null },
  ]);
  // More matches than a page holds, to page through a ranked list.
  await db
    .insert(articles)
    .values(Array.from({ length: 13 }, (_, index) => article(`Drums lesson ${index}`, `Practise the drums, part ${index}.`, 100 + (index % 4))));
});
afterAll(() => server.close());

const titlesOf = (found: { articles: { title: string }[] }) => found.articles.map((card) => card.title);

describe(`full-text search, ranked (${testDatabaseKind})`, () => {
  it("finds a word only in an article's body, and ranks a title match first", async () => {
    const found = await searchPublishedArticles({ q: "marimba", sort: "relevance" });
    // The two title matches (the newer first), then the excerpt's, then the body's, though it is the newest.
    expect(titlesOf(found)).toEqual(["Playground marimba league", "Building a marimba from bottles", "Excerpt only", "Morning routines"]);
    expect(found.total).toBe(4);
  });

  it("keeps the spec's rule (title or excerpt contains) when no ranking is asked for", async () => {
    const found = await searchPublishedArticles({ q: "marimba" });
    expect(titlesOf(found)).toEqual(["Playground marimba league", "Excerpt only", "Building a marimba from bottles"]);
  });

  it("matches the start of words, every word required, without stemming other languages as English", async () => {
    expect(titlesOf(await searchPublishedArticles({ q: "marim bottl", sort: "relevance" }))).toEqual(["Building a marimba from bottles"]);
    expect(titlesOf(await searchPublishedArticles({ q: "ukulya", sort: "relevance" }))).toEqual(["Ifyakulya fya pa sukulu"]);
    expect(titlesOf(await searchPublishedArticles({ q: "bana sukulu", sort: "relevance" }))).toEqual(["Ifyakulya fya pa sukulu"]);
    // Words only: query syntax in the search box is text, never an error.
    expect(fullTextQuery("marimba & !(bottles) :*")).toBe("marimba:* & bottles:*");
    expect(fullTextQuery("  ?!  ")).toBeNull();
    // No words to rank by: the spec's rule.
    expect(titlesOf(await searchPublishedArticles({ q: "?!", sort: "relevance" }))).toEqual(titlesOf(await searchPublishedArticles({ q: "?!" })));
  });

  it("keeps the category filter, and pages through a ranked list without repeats", async () => {
    expect(titlesOf(await searchPublishedArticles({ q: "marimba", sort: "relevance", categorySlug: "sports" }))).toEqual(["Playground marimba league"]);
    const first = await searchPublishedArticles({ q: "drums", sort: "relevance" }, firstPage);
    expect(first.articles).toHaveLength(12);
    const second = await searchPublishedArticles({ q: "drums", sort: "relevance" }, { after: first.next, before: null });
    expect(second.articles).toHaveLength(1);
    expect(new Set([...titlesOf(first), ...titlesOf(second)]).size).toBe(13);
    const back = await searchPublishedArticles({ q: "drums", sort: "relevance" }, { after: null, before: second.prev });
    expect(titlesOf(back)).toEqual(titlesOf(first));
  });

  it("shows a matching passage with the words marked, and the text escaped", async () => {
    const found = await searchPublishedArticles({ q: "marimba", sort: "relevance" });
    const body = found.articles.find((card) => card.title === "Morning routines")!;
    expect(body.snippetHtml).toContain("<mark>marimba</mark>");
    expect(body.snippetHtml).toContain("5 &#60; 6 &#38; every learner");
    expect(body.snippetHtml).not.toMatch(/<b>|\*\*/);
    expect(snippetHtml("a \u0001<x>\u0002 & [link](http://x)")).toBe("a <mark>&#60;x&#62;</mark> &#38; link");
    const html = await (await fetch(`${server.url}/articles?q=marimba&sort=relevance`)).text();
    expect(html).toContain('<option value="relevance" selected="">Best Match</option>');
    expect(html).toContain("<mark>marimba</mark>");
    expect(html).toContain("4 articles found");
  });

  it("reads the search index, not the table", async () => {
    const { db } = server.services;
    await db.execute(sql`vacuum analyze articles`);
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await selectRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select id from articles where search_vector @@ to_tsquery('simple', 'marimba:*')`,
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("articles_search_vector_idx");
    expect(plan).not.toContain("Seq Scan");
  });

  it("keeps the search text in step with edits", async () => {
    const { db } = server.services;
    await db.update(articles).set({ content: "Now about the kalimba." }).where(eq(articles.title, "Morning routines"));
    expect(titlesOf(await searchPublishedArticles({ q: "kalimba", sort: "relevance" }))).toEqual(["Morning routines"]);
    expect(titlesOf(await searchPublishedArticles({ q: "marimba", sort: "relevance" }))).not.toContain("Morning routines");
  });
});
