import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories } from "#database/schema";
import { demoArticles, demoTeam } from "#database/seed/demo-content";
import { slugify } from "#app/lib/slug";
import { anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";

const publicUrl = "https://educator.example";
let server: TestServer;

const published = demoArticles.find((article) => article.key === "cbc-in-your-classroom")!;
const draft = demoArticles.find((article) => article.status === "draft")!;

async function articleBySlug(title: string) {
  const [row] = await server.services.db
    .select({
      id: articles.id,
      views: articles.views,
      featuredImageUrl: articles.featuredImageUrl,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(eq(articles.slug, slugify(title)));
  return row!;
}

const viewsOf = async (id: string) => (await server.services.db.select({ views: articles.views }).from(articles).where(eq(articles.id, id)))[0]!.views;

/** The `content` of a `<meta>` tag, found by its property or name attribute. */
function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*(?:property|name)="${key}"[^>]*>`))?.[0];
  return tag
    ?.match(/content="([^"]*)"/)?.[1]
    ?.replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", PUBLIC_URL: publicUrl });
});
afterAll(() => server.close());

describe(`the article page over HTTP (${testDatabaseKind})`, () => {
  it("shows the article with its details, body, footer and related articles", async () => {
    const { id, views } = await articleBySlug(published.title);
    const response = await fetch(`${server.url}/articles/${id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Making the Competence-Based Curriculum Work in Your Classroom");
    expect(html).toContain("Education News");
    expect(html).toContain("The Educator");
    expect(html).toMatch(/\d+ min read/);
    // Opening is a pure read: the page shows the stored count (views are counted by the page-view beacon).
    expect(html).toContain(`${views.toLocaleString("en-US")} views`);
    expect(html).toContain("<h2>From knowing to doing</h2>");
    expect(html).toContain("<strong>competence-based curriculum (CBC)</strong>");
    expect(html).toContain("Published by The Educator");
    expect(html).toContain("Related Articles");
    const relatedLinks = new Set(html.match(/href="\/articles\/[0-9a-f-]{36}"/g));
    relatedLinks.delete(`href="/articles/${id}"`);
    expect(relatedLinks.size).toBe(3);
  });

  it("keeps reader pages' data on the server: their data requests carry none of what the pages show", async () => {
    const { id } = await articleBySlug(published.title);
    for (const [page, dataPath, shown] of [
      [`/articles/${id}`, `/articles/${id}.data`, published.title],
      ["/", "/_root.data", published.title],
      ["/category/education-news", "/category/education-news.data", published.title],
      ["/about", "/about.data", demoTeam[0]!.name],
    ] as const) {
      expect(await (await fetch(`${server.url}${page}`)).text(), page).toContain(shown);
      const data = await fetch(`${server.url}${dataPath}`);
      expect(data.status, dataPath).toBe(200);
      expect(await data.text(), dataPath).not.toContain(shown);
    }
  });

  it("answers 404 for a draft, and counts no view for it", async () => {
    const hidden = await articleBySlug(draft.title);
    const draftViews = await viewsOf(hidden.id);
    const response = await fetch(`${server.url}/articles/${hidden.id}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Article Not Found");
    expect(await viewsOf(hidden.id)).toBe(draftViews);
  });

  it("answers 404 with a way back for unknown and malformed ids", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1"]) {
      const response = await fetch(`${server.url}/articles/${id}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Article Not Found");
      expect(html).toContain('href="/articles"');
      expect(html).toContain("Back to Articles");
    }
  });

  it("carries the canonical URL, OpenGraph, Twitter card and JSON-LD NewsArticle tags", async () => {
    const { id, publishedAt, updatedAt } = await articleBySlug(published.title);
    const html = await (await fetch(`${server.url}/articles/${id}`)).text();
    const url = `${publicUrl}/articles/${id}`;
    expect(html).toContain(`<title>${published.title} | The Educator</title>`);
    expect(metaContent(html, "description")).toBe(published.excerpt);
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(metaContent(html, "og:type")).toBe("article");
    expect(metaContent(html, "og:title")).toBe(published.title);
    expect(metaContent(html, "og:description")).toBe(published.excerpt);
    expect(metaContent(html, "og:url")).toBe(url);
    // Its own preview card, at an address that changes when the article does.
    const card = `${url}/og.jpg?v=${updatedAt.getTime()}`;
    expect(metaContent(html, "og:image")).toBe(card);
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(metaContent(html, "og:image:type")).toBe("image/jpeg");
    expect(metaContent(html, "og:image:alt")).toBe(published.title);
    expect(metaContent(html, "article:published_time")).toBe(publishedAt!.toISOString());
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "article:author")).toBe(`${publicUrl}/author/joseph-mutale-banda`);
    expect(metaContent(html, "twitter:title")).toBe(published.title);
    expect(metaContent(html, "twitter:description")).toBe(published.excerpt);
    expect(metaContent(html, "twitter:image")).toBe(card);

    const jsonLd = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)?.[1];
    expect(jsonLd).toBeDefined();
    const data = JSON.parse(jsonLd!) as Record<string, unknown>;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      // The demo article is a guide for teachers (demoCurriculum): a LearningResource too.
      "@type": ["NewsArticle", "LearningResource"],
      learningResourceType: "Guide",
      inLanguage: "en",
      headline: published.title,
      description: published.excerpt,
      image: [card],
      datePublished: publishedAt!.toISOString(),
      // The demo article's writer has a public author page.
      author: [{ "@type": "Person", name: "Joseph Mutale Banda", url: `${publicUrl}/author/joseph-mutale-banda` }],
      publisher: { "@type": "Organization", name: "The Educator" },
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
    });
    expect(data.dateModified).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
  });

  it("shows the fallback cover for an article without an image, gives it a card of its own, and escapes titles in JSON-LD", async () => {
    const { db } = server.services;
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, "health"));
    const title = "Safe </script><script>alert(1)</script> & sound";
    const created = await anArticle(db, { title, content: "Short body.", categoryId: category!.id });
    const html = await (await fetch(`${server.url}/articles/${created.id}`)).text();
    expect(html).toMatch(/<img[^>]*src="\/images\/fallback-article.svg"[^>]*width="1200"[^>]*height="675"/);
    expect(metaContent(html, "og:image")).toMatch(new RegExp(`^${publicUrl}/articles/${created.id}/og\\.jpg\\?v=\\d+$`));
    // No excerpt: the description falls back to the title.
    expect(metaContent(html, "og:description")).toBe(title);
    expect(html).not.toContain("<script>alert(1)</script>");
    const jsonLd = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)![1]!;
    expect((JSON.parse(jsonLd) as { headline: string }).headline).toBe(title);
  });
});
