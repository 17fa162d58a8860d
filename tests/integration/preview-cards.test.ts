import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories } from "#database/schema";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";
import { anArticle } from "#tests/factories";

const publicUrl = "https://magazine.example.org";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", PUBLIC_URL: publicUrl });
});
afterAll(() => server.close());

const metaContent = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];

/** Fetches a card and checks what every card must be: a 1200 × 630 JPEG of at most 300 KB. */
async function fetchCard(path: string) {
  const response = await fetch(server.url + path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/jpeg");
  const bytes = Buffer.from(await response.arrayBuffer());
  const { format, width, height } = await sharp(bytes).metadata();
  expect({ format, width, height }).toEqual({ format: "jpeg", width: 1200, height: 630 });
  expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
  return { response, bytes };
}

async function insertArticle(values: { title: string; featuredImageUrl?: string; status?: "published" | "draft" }) {
  const { db } = server.services;
  const [health] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, "health"));
  return anArticle(db, { categoryId: health!.id, ...values });
}

describe(`preview cards (${testDatabaseKind})`, () => {
  it("crops an article's featured image to a 1200 × 630 JPEG, and points to it from the page", async () => {
    const [demo] = await server.services.db
      .select({ id: articles.id, image: articles.featuredImageUrl })
      .from(articles)
      .where(eq(articles.status, "published"))
      .limit(1);
    expect(demo!.image).toMatch(/^\/uploads\//);
    const html = await (await fetch(`${server.url}/articles/${demo!.id}`)).text();
    const card = metaContent(html, "og:image")!;
    expect(card.startsWith(`${publicUrl}/articles/${demo!.id}/og.jpg?v=`)).toBe(true);
    const { response, bytes } = await fetchCard(card.slice(publicUrl.length));
    // The featured image's colours, not a generated card's: compare with the image itself, cropped the same way.
    const original = await fetch(server.url + demo!.image!).then(async (r) => Buffer.from(await r.arrayBuffer()));
    const [cardStats, originalStats] = await Promise.all([sharp(bytes).stats(), sharp(original).resize(1200, 630, { fit: "cover" }).stats()]);
    for (const [index, channel] of cardStats.channels.slice(0, 3).entries())
      expect(Math.abs(channel.mean - originalStats.channels[index]!.mean)).toBeLessThan(6);
    // Browsers and crawlers ask again with the ETag and get a 304.
    const again = await fetch(card.replace(publicUrl, server.url), { headers: { "If-None-Match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("makes a card from the title for an article without an image (never an SVG)", async () => {
    const article = await insertArticle({ title: "Teaching fractions with bottle tops" });
    const html = await (await fetch(`${server.url}/articles/${article.id}`)).text();
    expect(metaContent(html, "og:image")).toBe(`${publicUrl}/articles/${article.id}/og.jpg?v=${article.updatedAt.getTime()}`);
    expect(metaContent(html, "og:image:alt")).toBe("Teaching fractions with bottle tops");
    await fetchCard(`/articles/${article.id}/og.jpg`);
  });

  it("falls back to a generated card when the featured image cannot be used", async () => {
    const article = await insertArticle({ title: "A missing picture", featuredImageUrl: "/uploads/media/articles/not-there.jpg" });
    await fetchCard(`/articles/${article.id}/og.jpg`);
  });

  it("takes a featured image only from the public media files, never from a resource or a pack", async () => {
    const red = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const { storage } = server.services;
    await storage.put("media", "articles/red-card.png", red);
    await storage.put("resources", "somewhere/red-card.preview.webp", red);
    const redness = async (featuredImageUrl: string) => {
      const article = await insertArticle({ title: `A card from ${featuredImageUrl}`, featuredImageUrl });
      const { bytes } = await fetchCard(`/articles/${article.id}/og.jpg`);
      const [r, g, b] = (await sharp(bytes).stats()).channels.map((channel) => channel.mean);
      return r! - (g! + b!) / 2;
    };
    expect(await redness("/uploads/media/articles/red-card.png")).toBeGreaterThan(200);
    for (const hidden of [
      "/uploads/resources/somewhere/red-card.preview.webp",
      "/uploads/media/../resources/somewhere/red-card.preview.webp",
      "/uploads/%72esources/somewhere/red-card.preview.webp",
    ]) {
      expect(await redness(hidden), hidden).toBeLessThan(150);
    }
  });

  it("has no card for drafts, unknown articles or unknown categories", async () => {
    const draft = await insertArticle({ title: "Not yet", status: "draft" });
    for (const path of [
      `/articles/${draft.id}/og.jpg`,
      "/articles/00000000-0000-4000-8000-000000000000/og.jpg",
      "/articles/nope/og.jpg",
      "/category/no-such-thing/og.jpg",
    ]) {
      expect((await fetch(server.url + path)).status).toBe(404);
    }
  });

  it("gives the home, list and static pages the magazine's card, and a category page its own", async () => {
    for (const path of ["/", "/articles", "/about", "/contact", "/ask-kafundisha"]) {
      const html = await (await fetch(server.url + path)).text();
      expect(metaContent(html, "og:image")).toBe(`${publicUrl}/og.jpg`);
      expect(metaContent(html, "og:image:width")).toBe("1200");
      expect(metaContent(html, "og:description")!.length).toBeGreaterThan(20);
    }
    await fetchCard("/og.jpg");
    const category = await (await fetch(`${server.url}/category/health`)).text();
    expect(metaContent(category, "og:image")).toBe(`${publicUrl}/category/health/og.jpg`);
    expect(metaContent(category, "og:image:alt")).toMatch(/^Health &amp; Wellness: /);
    await fetchCard("/category/health/og.jpg");
  });
});
