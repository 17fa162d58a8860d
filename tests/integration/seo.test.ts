import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories } from "#database/schema";
import { demoArticles, demoTranslations } from "#database/seed/demo-content";
import { demoQuestions } from "#database/seed/demo-community";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";
import { anArticle } from "#tests/factories";

const publicUrl = "https://magazine.example.org";
const trickyTitle = `Fractions & "ratios" <made> easy`;
const extraArticles = 10;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["url", "item"].includes(name) });

let server: TestServer;
let published: { id: string; title: string; publishedAt: Date | null }[];
let drafts: { id: string; title: string }[];

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", PUBLIC_URL: publicUrl });
  const { db } = server.services;
  const [technology] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, "technology"));
  // More published articles than the feed holds, the newest with characters XML must escape.
  for (let index = 0; index < extraArticles; index++) {
    await anArticle(db, {
      title: index === 0 ? trickyTitle : `Extra lesson plan ${index}`,
      excerpt: index === 0 ? "Use <b> & 'quotes' safely" : null,
      categoryId: technology!.id,
      publishedAt: new Date(Date.now() - index * 60_000),
    });
  }
  const all = await db.select({ id: articles.id, title: articles.title, status: articles.status, publishedAt: articles.publishedAt }).from(articles);
  published = all.filter((article) => article.status === "published");
  drafts = all.filter((article) => article.status === "draft");
});
afterAll(() => server.close());

async function fetchXml(path: string) {
  const response = await fetch(server.url + path);
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(XMLValidator.validate(text)).toBe(true);
  return { response, text, document: parser.parse(text) as Record<string, unknown> };
}

describe(`sitemap, feed and robots (${testDatabaseKind})`, () => {
  it("the demo data has both published articles and drafts to tell apart", () => {
    expect(drafts.length).toBe(demoArticles.filter((article) => article.status === "draft").length);
    expect(drafts.length).toBeGreaterThan(0);
    const publishedKeys = demoArticles.filter((article) => article.status === "published").map((article) => article.key);
    const translations = demoTranslations.filter((translation) => publishedKeys.includes(translation.of)).length;
    expect(translations).toBe(4);
    expect(published.length).toBe(publishedKeys.length + translations + extraArticles);
  });

  it("lists the public pages and every published article, never a draft, in a sitemap 0.9", async () => {
    const { response, text, document } = await fetchXml("/sitemap.xml");
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const urlset = document.urlset as { "@xmlns": string; url: { loc: string; lastmod?: string }[] };
    expect(urlset["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs = urlset.url.map((url) => url.loc);
    for (const loc of locs) expect(loc.startsWith(`${publicUrl}/`)).toBe(true);
    const pages = ["/", "/articles", "/categories", "/about", "/contact", "/ask-kafundisha", "/resources", "/school-packs"];
    const categoryPages = ["education-news", "health", "sports", "technology", "entrepreneurship"].map((slug) => `/category/${slug}`);
    for (const path of [...pages, ...categoryPages]) expect(locs).toContain(publicUrl + path);
    const articleUrls = urlset.url.filter((url) => url.loc.startsWith(`${publicUrl}/articles/`));
    expect(articleUrls.map((url) => url.loc).sort()).toEqual(published.map((article) => `${publicUrl}/articles/${article.id}`).sort());
    for (const url of articleUrls) {
      expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(Number.isNaN(Date.parse(url.lastmod!))).toBe(false);
    }
    for (const draft of drafts) expect(text).not.toContain(draft.id);
    // Tag and author pages that list a published article (the demo's tags and bylines).
    const listings = locs.filter((loc) => loc.startsWith(`${publicUrl}/tag/`) || loc.startsWith(`${publicUrl}/author/`));
    expect(listings).toContain(`${publicUrl}/tag/wellbeing`);
    expect(listings).toContain(`${publicUrl}/author/natasha-mwiinga`);
    // The guest byline's page, and every demo Ask Kafundisha question's.
    expect(listings).toContain(`${publicUrl}/author/chanda-phiri`);
    const questions = locs.filter((loc) => loc.startsWith(`${publicUrl}/ask-kafundisha/`));
    expect(questions).toHaveLength(demoQuestions.length);
    expect(locs).toHaveLength(pages.length + categoryPages.length + published.length + listings.length + questions.length);
  });

  it("feeds the latest 20 published articles as RSS 2.0 with absolute links and RFC 822 dates", async () => {
    const { response, text, document } = await fetchXml("/rss.xml");
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const rss = document.rss as {
      "@version": string;
      channel: {
        title: string;
        link: string;
        description: string;
        language: string;
        lastBuildDate: string;
        "atom:link": { "@href": string; "@rel": string };
        item: { title: string; link: string; guid: { "#text": string; "@isPermaLink": string }; description?: string; pubDate: string; category: string }[];
      };
    };
    expect(rss["@version"]).toBe("2.0");
    const { channel } = rss;
    expect(channel.title).toBe("The Educator");
    expect(channel.link).toBe(`${publicUrl}/`);
    expect(channel.description.length).toBeGreaterThan(0);
    expect(channel.language).toBe("en");
    expect(channel["atom:link"]).toMatchObject({ "@href": `${publicUrl}/rss.xml`, "@rel": "self" });
    const rfc822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
    expect(channel.lastBuildDate).toMatch(rfc822);

    const newest = [...published].sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime()).slice(0, 20);
    expect(channel.item).toHaveLength(20);
    expect(channel.item.map((item) => item.link)).toEqual(newest.map((article) => `${publicUrl}/articles/${article.id}`));
    for (const [index, item] of channel.item.entries()) {
      expect(item.guid).toEqual({ "#text": item.link, "@isPermaLink": "true" });
      expect(item.pubDate).toMatch(rfc822);
      expect(new Date(item.pubDate).getTime()).toBe(Math.floor(newest[index]!.publishedAt!.getTime() / 1000) * 1000);
      expect(item.category.length).toBeGreaterThan(0);
    }
    // Escaped on the way out, the same text after a real parser reads it back.
    expect(channel.item[0]!.title).toBe(trickyTitle);
    expect(channel.item[0]!.description).toBe("Use <b> & 'quotes' safely");
    expect(channel.item[0]!.category).toBe("Technology in Education");
    expect(text).not.toContain("<made>");
    for (const draft of drafts) expect(text).not.toContain(draft.id);
  });

  it("lets crawlers in, keeps them out of admin, auth and the API, and points at the sitemap", async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining(["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /auth", "Disallow: /api/", `Sitemap: ${publicUrl}/sitemap.xml`]),
    );
  });

  it("gives the home page its title, description, canonical URL and feed link", async () => {
    const html = await (await fetch(server.url)).text();
    expect(html).toContain("<title>The Educator</title>");
    expect(html).toMatch(/<meta name="description" content="An online education magazine for teachers and educators worldwide, with a Zambian focus."\/>/);
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/"/>`);
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="The Educator" href="${publicUrl}/rss.xml"/>`);
    expect(html).toContain(`<link rel="alternate" type="application/feed+json" title="The Educator" href="${publicUrl}/feed.json"/>`);
  });
});

describe(`full-text and category feeds (${testDatabaseKind})`, () => {
  let healthArticleIds: string[];
  let illustrated: { id: string };

  beforeAll(async () => {
    const { db } = server.services;
    const [health] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, "health"));
    // Saved without its stored HTML (as before the start-up backfill): the feed renders it.
    illustrated = await anArticle(db, {
      title: "Breathing exercises for the staff room",
      content: "## Try this\n\nBreathe in for four counts. ![A calm classroom](/uploads/media/calm.jpg) See [our team](/about).",
      categoryId: health!.id,
      contentHtml: null,
      readTimeMinutes: null,
    });
    const rows = await db.select({ id: articles.id, categoryId: articles.categoryId, status: articles.status }).from(articles);
    healthArticleIds = rows.filter((row) => row.categoryId === health!.id && row.status === "published").map((row) => row.id);
  });

  it("a category's RSS feed holds only that category's published articles, with their full text and absolute links", async () => {
    const { document } = await fetchXml("/category/health/rss.xml");
    const channel = (
      document.rss as { channel: { title: string; link: string; "atom:link": { "@href": string }; item: { link: string; "content:encoded": string }[] } }
    ).channel;
    expect(channel.title).toBe("Health & Wellness | The Educator");
    expect(channel.link).toBe(`${publicUrl}/category/health`);
    expect(channel["atom:link"]["@href"]).toBe(`${publicUrl}/category/health/rss.xml`);
    expect(channel.item.map((item) => item.link).sort()).toEqual(healthArticleIds.map((id) => `${publicUrl}/articles/${id}`).sort());
    const item = channel.item.find((entry) => entry.link.endsWith(illustrated.id))!;
    expect(item["content:encoded"]).toContain("<h2");
    expect(item["content:encoded"]).toContain("Breathe in for four counts.");
    expect(item["content:encoded"]).toContain(`src="${publicUrl}/uploads/media/calm.jpg"`);
    expect(item["content:encoded"]).toContain(`href="${publicUrl}/about"`);
    expect(item["content:encoded"]).not.toMatch(/(src|href)="\//);
  });

  it("the site's RSS feed carries the full text too", async () => {
    const { document } = await fetchXml("/rss.xml");
    const items = (document.rss as { channel: { item: { link: string; "content:encoded": string }[] } }).channel.item;
    expect(items.find((entry) => entry.link.endsWith(illustrated.id))!["content:encoded"]).toContain("Breathe in for four counts.");
    for (const entry of items) expect(entry["content:encoded"].length).toBeGreaterThan(0);
  });

  it("serves the same articles as JSON Feed 1.1, for the site and for a category", async () => {
    const response = await fetch(`${server.url}/category/health/feed.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    const feed = (await response.json()) as {
      version: string;
      title: string;
      home_page_url: string;
      feed_url: string;
      items: { id: string; url: string; title: string; content_html: string; date_published?: string; date_modified: string; tags: string[] }[];
    };
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.title).toBe("Health & Wellness | The Educator");
    expect(feed.home_page_url).toBe(`${publicUrl}/category/health`);
    expect(feed.feed_url).toBe(`${publicUrl}/category/health/feed.json`);
    expect(feed.items.map((item) => item.url).sort()).toEqual(healthArticleIds.map((id) => `${publicUrl}/articles/${id}`).sort());
    for (const item of feed.items) {
      expect(item.id).toBe(item.url);
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.content_html.length).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(item.date_modified))).toBe(false);
      // The category first, then the article's own tags.
      expect(item.tags[0]).toBe("Health & Wellness");
    }
    const site = (await (await fetch(`${server.url}/feed.json`)).json()) as { feed_url: string; items: unknown[] };
    expect(site.feed_url).toBe(`${publicUrl}/feed.json`);
    expect(site.items).toHaveLength(20);
  });

  it("answers 404 for the feeds of a category that does not exist", async () => {
    for (const path of ["/category/no-such-thing/rss.xml", "/category/no-such-thing/feed.json"]) expect((await fetch(server.url + path)).status).toBe(404);
  });

  it("points to the feeds from the lists, and to its own from a category page", async () => {
    const list = await (await fetch(`${server.url}/articles`)).text();
    expect(list).toContain(`<link rel="alternate" type="application/rss+xml" title="The Educator" href="${publicUrl}/rss.xml"/>`);
    const category = await (await fetch(`${server.url}/category/health`)).text();
    expect(category).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Health &amp; Wellness | The Educator" href="${publicUrl}/category/health/rss.xml"/>`,
    );
    expect(category).toContain(
      `<link rel="alternate" type="application/feed+json" title="Health &amp; Wellness | The Educator" href="${publicUrl}/category/health/feed.json"/>`,
    );
    const unknown = await (await fetch(`${server.url}/category/no-such-thing`)).text();
    expect(unknown).not.toContain("/category/no-such-thing/rss.xml");
  });
});
