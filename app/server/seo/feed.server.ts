import { desc, eq } from "drizzle-orm";
import { articles, categories } from "../../../database/schema";
import { siteDescription, siteName } from "../../lib/seo";
import { publishedOnly } from "../articles.server";
import { services } from "../services.server";
import { escapeXml, rfc822Date } from "./xml.server";

const feedSize = 20;
// Same words as the home page description.


/** RSS 2.0 feed of the latest published articles, with absolute links from PUBLIC_URL. */
export async function buildRssFeed(publicUrl: string): Promise<string> {
  const latest = await services()
    .db.select({
      id: articles.id,
      title: articles.title,
      excerpt: articles.excerpt,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
      categoryName: categories.name,
    })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(publishedOnly)
    .orderBy(desc(articles.publishedAt))
    .limit(feedSize);
  const lastBuild = latest.reduce<Date | null>((newest, article) => {
    const changed = article.publishedAt && article.publishedAt > article.updatedAt ? article.publishedAt : article.updatedAt;
    return newest && newest > changed ? newest : changed;
  }, null);
  const items = latest.map((article) => {
    const link = escapeXml(`${publicUrl}/articles/${article.id}`);
    return [
      "    <item>",
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      article.excerpt ? `      <description>${escapeXml(article.excerpt)}</description>` : null,
      article.publishedAt ? `      <pubDate>${rfc822Date(article.publishedAt)}</pubDate>` : null,
      `      <category>${escapeXml(article.categoryName)}</category>`,
      "    </item>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">`,
    "  <channel>",
    `    <title>${escapeXml(siteName)}</title>`,
    `    <link>${escapeXml(`${publicUrl}/`)}</link>`,
    `    <description>${escapeXml(siteDescription)}</description>`,
    "    <language>en</language>",
    `    <lastBuildDate>${rfc822Date(lastBuild ?? new Date())}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${publicUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
