import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { articleAuthors, articleTags, articles, communityQuestions, guestAuthors, profiles, tags } from "#database/schema";
import { questionPath } from "#app/lib/community";
import { clickableCategorySlugs } from "#app/lib/category-label";
import { publishedOnly } from "#app/server/articles/published.server";
import { services } from "#app/server/core/services.server";
import { escapeXml, w3cDatetime } from "./xml.server";

const staticPaths = ["/", "/articles", "/about", "/contact", "/ask-kafundisha", ...clickableCategorySlugs.map((slug) => `/category/${slug}`)];
// One sitemap file may list at most 50,000 URLs (sitemaps.org protocol).
const maxUrls = 50_000;

interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** Tag and author pages that list at least one published article. */
async function listingPaths(): Promise<string[]> {
  const { db } = services();
  const [tagRows, accountRows, guestRows] = await Promise.all([
    db
      .selectDistinct({ slug: tags.slug })
      .from(tags)
      .innerJoin(articleTags, eq(articleTags.tagId, tags.id))
      .innerJoin(articles, and(eq(articles.id, articleTags.articleId), publishedOnly))
      .orderBy(asc(tags.slug)),
    db
      .selectDistinct({ slug: profiles.authorSlug })
      .from(profiles)
      .innerJoin(articleAuthors, eq(articleAuthors.userId, profiles.id))
      .innerJoin(articles, and(eq(articles.id, articleAuthors.articleId), publishedOnly))
      .where(and(isNotNull(profiles.authorSlug), isNotNull(profiles.displayName))),
    db
      .selectDistinct({ slug: guestAuthors.slug })
      .from(guestAuthors)
      .innerJoin(articleAuthors, eq(articleAuthors.guestId, guestAuthors.id))
      .innerJoin(articles, and(eq(articles.id, articleAuthors.articleId), publishedOnly)),
  ]);
  const authorSlugs = [...accountRows, ...guestRows].map((row) => row.slug!).sort();
  return [...tagRows.map((row) => `/tag/${row.slug}`), ...authorSlugs.map((slug) => `/author/${slug}`)];
}

/** The sitemap 0.9 document: public pages, tag and author pages, every published article and Ask Kafundisha question, with absolute URLs from PUBLIC_URL. */
export async function buildSitemap(publicUrl: string): Promise<string> {
  const listings = (await listingPaths()).slice(0, maxUrls / 2);
  const share = Math.floor((maxUrls - staticPaths.length - listings.length) / 2);
  const [published, questions] = await Promise.all([
    services()
      .db.select({ id: articles.id, updatedAt: articles.updatedAt, publishedAt: articles.publishedAt })
      .from(articles)
      .where(publishedOnly)
      .orderBy(desc(articles.publishedAt))
      .limit(share),
    // Ask Kafundisha questions share the rest, newest first.
    services()
      .db.select({ id: communityQuestions.id, slug: communityQuestions.slug, publishedAt: communityQuestions.publishedAt })
      .from(communityQuestions)
      .where(eq(communityQuestions.status, "published"))
      .orderBy(desc(communityQuestions.publishedAt))
      .limit(share),
  ]);
  const entries: SitemapEntry[] = [
    ...staticPaths.map((path) => ({ path })),
    ...listings.map((path) => ({ path })),
    ...published.map((article) => ({
      path: `/articles/${article.id}`,
      lastModified: latest(article.updatedAt, article.publishedAt),
    })),
    ...questions.map((question) => ({ path: questionPath(question), lastModified: question.publishedAt ?? undefined })),
  ];
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${w3cDatetime(lastModified)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(publicUrl + path)}</loc>${lastmod}</url>`;
  });
  return [`<?xml version="1.0" encoding="UTF-8"?>`, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`, ...urls, `</urlset>`, ""].join("\n");
}

function latest(first: Date, second: Date | null): Date {
  return second && second > first ? second : first;
}
