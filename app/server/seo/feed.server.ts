import { and, desc, eq, type SQL } from "drizzle-orm";
import { articles, categories } from "#database/schema";
import type { BylineAuthor } from "#app/lib/bylines";
import { articleBylinesColumn } from "#app/server/articles/bylines.server";
import { siteDescription } from "#app/lib/seo";
import { feedPaths } from "#app/lib/feeds";
import { articleBody } from "#app/server/articles/article-body.server";
import { readArticleContent } from "#app/server/articles/articles.server";
import { publishedOnly } from "#app/server/articles/published.server";
import { services } from "#app/server/core/services.server";
import { articleTagsColumn, findTag, taggedWith } from "#app/server/articles/tags.server";
import { escapeXml, rfc822Date } from "./xml.server";
import { curriculumCondition, findSubject, lessonResourceCondition, type CurriculumFilter } from "#app/server/articles/curriculum-filters.server";
import { resourceFeedName, resourceFeedQuery, resourcesPath } from "#app/lib/resource-feeds";
import { articleListSearch } from "#app/lib/article-list-params";
import { languageName } from "#app/lib/curriculum";
import { siteSettings } from "#app/server/core/site-settings.server";

const feedSize = 20;

export interface FeedArticle {
  id: string;
  title: string;
  excerpt: string | null;
  featuredImageUrl: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
  categoryName: string;
  tagNames: string[];
  /** The bylines readers see (authors with a public profile, guests), in order. */
  authors: BylineAuthor[];
  /** The sanitized body, as the article page shows it, with absolute links. */
  contentHtml: string;
}

/** What a feed holds: the whole magazine, or one category. */
export interface Feed {
  title: string;
  description: string;
  /** Path of the page the feed follows ("/" or "/category/health"). */
  pagePath: string;
  paths: { rss: string; json: string };
  /** The language its articles are written in (BCP 47); English unless the feed is one language's. */
  language?: string;
  articles: FeedArticle[];
}

/** Root-relative `src`, `href` and `srcset` URLs made absolute: feed readers show the HTML away from our site. */
export function absoluteUrls(html: string, publicUrl: string): string {
  const absolute = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? publicUrl + url : url);
  return html
    .replace(/\b(src|href)="([^"]*)"/g, (_, name: string, url: string) => `${name}="${absolute(url)}"`)
    .replace(
      /\bsrcset="([^"]*)"/g,
      (_, set: string) =>
        `srcset="${set
          .split(",")
          .map((candidate) => candidate.trim().replace(/^\S+/, absolute))
          .join(", ")}"`,
    );
}

async function newestArticles(publicUrl: string, only?: SQL): Promise<FeedArticle[]> {
  const rows = await services()
    .db.select({
      id: articles.id,
      title: articles.title,
      excerpt: articles.excerpt,
      featuredImageUrl: articles.featuredImageUrl,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
      categoryName: categories.name,
      contentHtml: articles.contentHtml,
      authors: articleBylinesColumn,
      tags: articleTagsColumn,
    })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(publishedOnly, only))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(feedSize);
  return Promise.all(
    rows.map(async ({ tags, ...row }) => {
      // NULL only for a row the start-up backfill has not rendered yet.
      const html = row.contentHtml ?? articleBody(await readArticleContent(row.id)).contentHtml;
      return { ...row, tagNames: tags.map((tag) => tag.name), contentHtml: absoluteUrls(html, publicUrl) };
    }),
  );
}

/** The magazine's feed: its latest published articles, or those written in one language (`/rss.xml?lang=ny`). */
export async function siteFeed(publicUrl: string, language: string | null = null): Promise<Feed> {
  if (!language)
    return { title: siteSettings().name, description: siteDescription, pagePath: "/", paths: feedPaths(), articles: await newestArticles(publicUrl) };
  const query = articleListSearch({ lang: language });
  return {
    title: `${languageName(language)} | ${siteSettings().name}`,
    description: `Articles in ${languageName(language)} from ${siteSettings().name}.`,
    pagePath: `/articles${query}`,
    paths: feedPaths("", query),
    language,
    articles: await newestArticles(publicUrl, eq(articles.language, language)),
  };
}

/** One category's feed, or null when there is no such category. */
export async function categoryFeed(publicUrl: string, slug: string): Promise<Feed | null> {
  const [category] = await services()
    .db.select({ id: categories.id, name: categories.name, description: categories.description })
    .from(categories)
    .where(eq(categories.slug, slug));
  if (!category) return null;
  return {
    title: `${category.name} | ${siteSettings().name}`,
    description: category.description || `${category.name} articles from ${siteSettings().name}.`,
    pagePath: `/category/${encodeURIComponent(slug)}`,
    paths: feedPaths(`/category/${encodeURIComponent(slug)}`),
    articles: await newestArticles(publicUrl, eq(articles.categoryId, category.id)),
  };
}

/** One tag's feed, or null when there is no such tag. */
export async function tagFeed(publicUrl: string, slug: string): Promise<Feed | null> {
  const tag = await findTag(services().db, slug);
  if (!tag) return null;
  const pagePath = `/tag/${encodeURIComponent(tag.slug)}`;
  return {
    title: `${tag.name} | ${siteSettings().name}`,
    description: `Articles tagged ${tag.name} from ${siteSettings().name}.`,
    pagePath,
    paths: feedPaths(pagePath),
    articles: await newestArticles(publicUrl, taggedWith(services().db, tag.id)),
  };
}

/**
 * The lesson resources' feed, narrowed to a level, a subject, a type and a language (each when
 * given: one feed per grade, per subject, per language, or any mix), or null for an unknown subject.
 */
export async function resourcesFeed(publicUrl: string, filter: Required<CurriculumFilter>): Promise<Feed | null> {
  const { db } = services();
  const subject = filter.subject ? await findSubject(db, filter.subject) : null;
  if (filter.subject && !subject) return null;
  const name = resourceFeedName(filter, subject?.name ?? null);
  const query = resourceFeedQuery(filter);
  return {
    title: `${name} | ${siteSettings().name}`,
    description: `${name}: lesson plans, schemes of work, worksheets and more for teachers, from ${siteSettings().name}.`,
    pagePath: resourcesPath + query,
    paths: feedPaths(resourcesPath, query),
    ...(filter.lang ? { language: filter.lang } : {}),
    articles: await newestArticles(publicUrl, and(lessonResourceCondition(db), curriculumCondition(db, filter))),
  };
}

const changedAt = (article: FeedArticle) => (article.publishedAt && article.publishedAt > article.updatedAt ? article.publishedAt : article.updatedAt);

/** RSS 2.0 with the full text in `content:encoded`, absolute links from PUBLIC_URL. */
export function rssDocument(publicUrl: string, feed: Feed): string {
  const lastBuild = feed.articles.map(changedAt).reduce<Date | null>((newest, date) => (newest && newest > date ? newest : date), null);
  const items = feed.articles.map((article) => {
    const link = escapeXml(`${publicUrl}/articles/${article.id}`);
    return [
      "    <item>",
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      article.excerpt ? `      <description>${escapeXml(article.excerpt)}</description>` : null,
      `      <content:encoded>${escapeXml(article.contentHtml)}</content:encoded>`,
      article.publishedAt ? `      <pubDate>${rfc822Date(article.publishedAt)}</pubDate>` : null,
      ...article.authors.map((author) => `      <dc:creator>${escapeXml(author.name)}</dc:creator>`),
      ...[article.categoryName, ...article.tagNames].map((name) => `      <category>${escapeXml(name)}</category>`),
      "    </item>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    "  <channel>",
    `    <title>${escapeXml(feed.title)}</title>`,
    `    <link>${escapeXml(publicUrl + feed.pagePath)}</link>`,
    `    <description>${escapeXml(feed.description)}</description>`,
    `    <language>${escapeXml(feed.language ?? "en")}</language>`,
    `    <lastBuildDate>${rfc822Date(lastBuild ?? new Date())}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(publicUrl + feed.paths.rss)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1) of the same articles. */
export function jsonFeedDocument(publicUrl: string, feed: Feed) {
  const absolute = (url: string) => (url.startsWith("/") ? publicUrl + url : url);
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: publicUrl + feed.pagePath,
    feed_url: publicUrl + feed.paths.json,
    description: feed.description,
    language: feed.language ?? "en",
    items: feed.articles.map((article) => ({
      id: `${publicUrl}/articles/${article.id}`,
      url: `${publicUrl}/articles/${article.id}`,
      title: article.title,
      content_html: article.contentHtml,
      ...(article.excerpt ? { summary: article.excerpt } : {}),
      ...(article.featuredImageUrl ? { image: absolute(article.featuredImageUrl) } : {}),
      ...(article.publishedAt ? { date_published: article.publishedAt.toISOString() } : {}),
      date_modified: changedAt(article).toISOString(),
      ...(article.authors.length > 0 ? { authors: article.authors.map((author) => ({ name: author.name, url: `${publicUrl}/author/${author.slug}` })) } : {}),
      tags: [article.categoryName, ...article.tagNames],
    })),
  };
}
