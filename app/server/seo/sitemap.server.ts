import { desc } from "drizzle-orm";
import { articles } from "../../../database/schema";
import { clickableCategorySlugs } from "../../lib/category-label";
import { publishedOnly } from "../articles.server";
import { services } from "../services.server";
import { escapeXml, w3cDatetime } from "./xml.server";

const staticPaths = ["/", "/articles", "/about", "/contact", "/ask-kafundisha", ...clickableCategorySlugs.map((slug) => `/category/${slug}`)];
// One sitemap file may list at most 50,000 URLs (sitemaps.org protocol).
const maxUrls = 50_000;

interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** The sitemap 0.9 document: public pages and every published article, with absolute URLs from PUBLIC_URL. */
export async function buildSitemap(publicUrl: string): Promise<string> {
  const published = await services()
    .db.select({ id: articles.id, updatedAt: articles.updatedAt, publishedAt: articles.publishedAt })
    .from(articles)
    .where(publishedOnly)
    .orderBy(desc(articles.publishedAt))
    .limit(maxUrls - staticPaths.length);
  const entries: SitemapEntry[] = [
    ...staticPaths.map((path) => ({ path })),
    ...published.map((article) => ({
      path: `/articles/${article.id}`,
      lastModified: latest(article.updatedAt, article.publishedAt),
    })),
  ];
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${w3cDatetime(lastModified)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(publicUrl + path)}</loc>${lastmod}</url>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

function latest(first: Date, second: Date | null): Date {
  return second && second > first ? second : first;
}
