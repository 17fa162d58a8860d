import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "#database/schema";
import { fullTextQuery, searchPublishedArticles, snippetHtml } from "#app/server/articles/articles.server";
import { firstPage } from "#app/server/db/keyset.server";
import { selectRows } from "#app/server/db/types.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";
import { aCategory, anArticle } from "#tests/factories";

let server: TestServer;
const minute = 60_000;

const fractionsLesson = `## Fractions with bottle tops

- Share **twelve** bottle tops among _three_ learners: each gets a quarter of the [fractions wall](https://example.org/wall).
- Write \`1/4\` and *read* it aloud.
1. Then ~~guess~~ count.

> Fractions are parts of one whole.

| Part | Tops |
| --- | --- |
| 1/4 | 3 |

![Bottle tops](/uploads/tops.png)
`;

/** What a reader reads of a snippet: its text, the <mark>s taken off. */
const snippetText = (html: string | null | undefined) => (html ?? "").replace(/<\/?mark>/g, "");
// Markdown's marks: headings, emphasis, code, quotes, tables, links' brackets and addresses, list dashes.
const markdownMarks = /[#*_`~>|[\]()]|(^|\s)-\s|https?:/;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.services;
  const health = await aCategory(db, { name: "Health" });
  const sports = await aCategory(db, { name: "Sports" });
  // anArticle stores the rendered body as a save does: it is what snippets are made of.
  const article = (title: string, content: string, minutesAgo: number, categoryId = health.id, excerpt: string | null = null) => ({
    title,
    excerpt,
    content,
    categoryId,
    publishedAt: new Date(Date.now() - minutesAgo * minute),
  });
  for (const fields of [
    // Newest, but the word is only in its body.
    article("Morning routines", "Start the day with a song.\n\nThen the **marimba** circle: 5 < 6 & every learner plays <b>one</b> note.", 1),
    // Older, with the word in its title.
    article("Building a marimba from bottles", "Cut, tune and play.", 60),
    article("Excerpt only", "Nothing here.", 30, health.id, "A marimba lesson in the excerpt."),
    article("Playground marimba league", "Sports teams with music.", 10, sports.id),
    article("Ifyakulya fya pa sukulu", "Ukulya kwa bana pa sukulu kwalicindama (Bemba).", 5),
    { ...article("Unpublished marimba", "Draft.", 2), status: "draft" as const, publishedAt: null },
    // "fractions" only in the body, in every kind of Markdown around it.
    article("Sharing bottle tops", fractionsLesson, 20, health.id, "A counting lesson for Grade 3."),
    article("Counting in the garden", "Seeds in rows of ten, then fractions of a row: *half* the row is five.", 40),
    article("Mind the marks", "Fractions \u0001<img src=x onerror=alert(1)>\u0002 & &lt;b&gt; more fractions.", 50, sports.id),
    // More matches than a page holds, to page through a ranked list.
    ...Array.from({ length: 13 }, (_, index) => article(`Drums lesson ${index}`, `Practise the drums, part ${index}.`, 100 + (index % 4))),
  ])
    await anArticle(db, fields);
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
    expect(snippetHtml(" a \u0001<x>\u0002\n &  b ")).toBe("a <mark>&#60;x&#62;</mark> &#38; b");
    const html = await (await fetch(`${server.url}/articles?q=marimba&sort=relevance`)).text();
    expect(html).toContain('<option value="relevance" selected="">Best Match</option>');
    expect(html).toContain("<mark>marimba</mark>");
    expect(html).toContain("4 articles found");
  });

  it("shows a passage as plain text, never the Markdown, with only its marks as HTML", async () => {
    const found = await searchPublishedArticles({ q: "fractions", sort: "relevance" });
    expect(found.total).toBe(3);
    const lesson = found.articles.find((card) => card.title === "Sharing bottle tops")!;
    expect(lesson.snippetHtml).toContain(
      "<mark>Fractions</mark> with bottle tops. Share twelve bottle tops among three learners: each gets a quarter of the <mark>fractions</mark> wall. Write 1/4 and read it aloud.",
    );
    expect(snippetText(lesson.snippetHtml)).not.toMatch(markdownMarks);
    const garden = found.articles.find((card) => card.title === "Counting in the garden")!;
    expect(snippetText(garden.snippetHtml)).toBe("Seeds in rows of ten, then fractions of a row: half the row is five");
    // Text that looks like HTML, and the highlight's own marks typed into an article, stay text.
    const marks = found.articles.find((card) => card.title === "Mind the marks")!;
    expect(marks.snippetHtml).toBe("<mark>Fractions</mark> &#60;img src=x onerror=alert(1)&#62; &#38; &#60;b&#62; more <mark>fractions</mark>");
  });

  it("offers the full text when the title-and-excerpt search finds fewer than three, and not otherwise", async () => {
    const offer = /<a href="([^"]*)"[^>]*>Search the full text<\/a>/;
    const offered = async (path: string) => (await (await fetch(`${server.url}${path}`)).text()).match(offer)?.[1]?.replaceAll("&amp;", "&") ?? null;
    // "fractions" is in no title or excerpt: none found, the same search with Best Match offered.
    expect(await offered("/articles?q=fractions")).toBe("/articles?q=fractions&sort=relevance");
    expect(await offered("/articles?q=fractions&category=sports&sort=popular&view=list")).toBe(
      "/articles?q=fractions&category=sports&sort=relevance&view=list",
    );
    expect(await offered("/articles?q=Playground")).toBe("/articles?q=Playground&sort=relevance");
    expect(await offered("/category/health?q=fractions&view=list")).toBe("/category/health?q=fractions&sort=relevance&view=list");
    // Three found or more, Best Match already, or no words to search for: nothing offered.
    expect(await offered("/articles?q=marimba")).toBeNull();
    expect(await offered("/articles?q=drums")).toBeNull();
    expect(await offered("/articles?q=fractions&sort=relevance")).toBeNull();
    expect(await offered("/articles?q=%3F!")).toBeNull();
    expect(await offered("/articles")).toBeNull();
    const html = await (await fetch(`${server.url}/articles?q=fractions&sort=relevance`)).text();
    expect(html).toContain("3 articles found");
    expect(html).toContain("<mark>Fractions</mark> with bottle tops");
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
