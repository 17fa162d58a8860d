import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { articleAuthors, articleTags, articles, communityQuestions, guestAuthors, profiles, tags } from "#database/schema";
import { questionPath } from "#app/lib/community";
import { isClickableCategory } from "#app/lib/category-label";
import { listReaderCategories } from "#app/server/categories/categories.server";
import { publishedOnly } from "#app/server/articles/published.server";
import { publishedQuestionsOnly } from "#app/server/community/published.server";
import { services } from "#app/server/core/services.server";
import { escapeXml, w3cDatetime } from "./xml.server";
import { defaultLanguage } from "#app/lib/curriculum";
import { siteSettings } from "#app/server/core/site-settings.server";

const staticPaths = ["/", "/articles", "/categories", "/about", "/contact", "/ask-kafundisha", "/resources", "/school-packs"];
// One sitemap file may list at most 50,000 URLs (sitemaps.org protocol).
const maxUrls = 50_000;

interface SitemapEntry {
  path: string;
  lastModified?: Date;
  /** The page in other languages, itself included (hreflang → path). */
  alternates?: { hreflang: string; path: string }[];
}

/**
 * The language versions of each published article that has published translations, by its id:
 * every version, itself included, and x-default for the English one (as the article page's links).
 */
function languageAlternates(published: readonly { id: string; language: string; translationGroup: string | null }[]) {
  const groups = new Map<string, { id: string; language: string }[]>();
  for (const article of published) {
    if (article.translationGroup) groups.set(article.translationGroup, [...(groups.get(article.translationGroup) ?? []), article]);
  }
  const alternates = new Map<string, SitemapEntry["alternates"]>();
  for (const versions of groups.values()) {
    if (versions.length < 2) continue;
    const english = versions.find((version) => version.language === defaultLanguage);
    const links = [
      ...versions.map((version) => ({ hreflang: version.language, path: `/articles/${version.id}` })),
      ...(english ? [{ hreflang: "x-default", path: `/articles/${english.id}` }] : []),
    ];
    for (const version of versions) alternates.set(version.id, links);
  }
  return alternates;
}

/** Category, tag and author pages that list at least one published article. */
async function listingPaths(): Promise<string[]> {
  const { db } = services();
  const [categoryRows, tagRows, accountRows, guestRows] = await Promise.all([
    listReaderCategories(db),
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
  return [
    ...categoryRows.filter((row) => isClickableCategory(row.slug)).map((row) => `/category/${row.slug}`),
    ...tagRows.map((row) => `/tag/${row.slug}`),
    ...authorSlugs.map((slug) => `/author/${slug}`),
  ];
}

/** The sitemap 0.9 document: public pages, tag and author pages, every published article and Ask Kafundisha question, with absolute URLs from PUBLIC_URL. */
export async function buildSitemap(publicUrl: string): Promise<string> {
  const listings = (await listingPaths()).slice(0, maxUrls / 2);
  const askKafundisha = siteSettings().askKafundisha;
  const pages = askKafundisha ? staticPaths : staticPaths.filter((path) => path !== "/ask-kafundisha");
  const share = Math.floor((maxUrls - pages.length - listings.length) / 2);
  const [published, questions] = await Promise.all([
    services()
      .db.select({
        id: articles.id,
        updatedAt: articles.updatedAt,
        publishedAt: articles.publishedAt,
        language: articles.language,
        translationGroup: articles.translationGroup,
      })
      .from(articles)
      .where(publishedOnly)
      .orderBy(desc(articles.publishedAt))
      .limit(share),
    // Ask Kafundisha questions share the rest, newest first.
    services()
      .db.select({ id: communityQuestions.id, slug: communityQuestions.slug, publishedAt: communityQuestions.publishedAt })
      .from(communityQuestions)
      .where(publishedQuestionsOnly)
      .orderBy(desc(communityQuestions.publishedAt))
      .limit(askKafundisha ? share : 0),
  ]);
  const alternates = languageAlternates(published);
  const entries: SitemapEntry[] = [
    ...pages.map((path) => ({ path })),
    ...listings.map((path) => ({ path })),
    ...published.map((article) => ({
      path: `/articles/${article.id}`,
      lastModified: latest(article.updatedAt, article.publishedAt),
      alternates: alternates.get(article.id),
    })),
    ...questions.map((question) => ({ path: questionPath(question), lastModified: question.publishedAt ?? undefined })),
  ];
  const urls = entries.map(({ path, lastModified, alternates: versions = [] }) => {
    const lastmod = lastModified ? `<lastmod>${w3cDatetime(lastModified)}</lastmod>` : "";
    const links = versions.map(
      (version) => `<xhtml:link rel="alternate" hreflang="${escapeXml(version.hreflang)}" href="${escapeXml(publicUrl + version.path)}"/>`,
    );
    return `  <url><loc>${escapeXml(publicUrl + path)}</loc>${lastmod}${links.join("")}</url>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

function latest(first: Date, second: Date | null): Date {
  return second && second > first ? second : first;
}
