import { and, asc, count, desc, eq, ilike, isNotNull, ne, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { articleResources, articles, categories } from "#database/schema";
import { jsonRowsColumn } from "#app/server/db/json-rows.server";
import type { ArticleSort } from "#app/lib/article-list-params";
import { firstPage, keysetPage, type KeysetOrder, type PageRequest } from "#app/server/db/keyset.server";
import { services } from "#app/server/core/services.server";
import { articleTagsColumn, taggedWith } from "./tags.server";
import { articleBylinesColumn, writtenBy, type AuthorRef } from "./bylines.server";
import { containsPattern, type AppDb } from "#app/server/db/types.server";
import { fullTextQuery, lessThan, relevanceSearch, snippetHtml } from "#app/server/db/full-text.server";

export { fullTextQuery, snippetHtml };
import { choosingArticles, publishedOnly } from "./published.server";
import { approvedCommentsColumn } from "./approved-comments.server";
import { articleSubjectsColumn, curriculumCondition, lessonResourceCondition, type CurriculumFilter } from "./curriculum-filters.server";

/** What a card shows; never the article's text (its read time is stored when it is saved). */
const cardColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  featuredImageUrl: articles.featuredImageUrl,
  publishedAt: articles.publishedAt,
  views: articles.views,
  categorySlug: categories.slug,
  // NULL only for a row the start-up backfill has not reached yet.
  readTimeMinutes: sql<number>`coalesce(${articles.readTimeMinutes}, 1)`.mapWith(Number),
  // Empty when no author has a public profile: the card says "The Educator".
  authors: articleBylinesColumn,
  tags: articleTagsColumn,
};

/** The newest published articles, as cards (the home page). */
export function listLatestArticles(limit: number) {
  return services()
    .db.select(cardColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(publishedOnly)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}

export interface ArticleSearch {
  /**
   * Case-insensitive "contains" on title or excerpt (% and _ are plain characters); with the
   * "relevance" sort, full-text search over title, excerpt and body instead, best match first.
   */
  q?: string;
  categorySlug?: string | null;
  /** Only the articles with this tag. */
  tagId?: string | null;
  /** Only the articles with this author on their byline (co-written ones too). */
  author?: AuthorRef | null;
  sort?: ArticleSort;
  /** Only the articles of this level, subject, resource type and language (each when given). */
  curriculum?: CurriculumFilter;
  /** Only lesson resources (/resources): articles with a level or a resource type, or files attached. */
  lessonResources?: boolean;
}

/** Each public sort, with the id breaking ties (articles published at the same moment, or with as many views). */
const sortOrders = {
  newest: { name: "newest", columns: [articles.publishedAt, articles.id], direction: "desc" },
  oldest: { name: "oldest", columns: [articles.publishedAt, articles.id], direction: "asc" },
  popular: { name: "popular", columns: [articles.views, articles.publishedAt, articles.id], direction: "desc" },
} satisfies Record<Exclude<ArticleSort, "relevance">, KeysetOrder>;

/**
 * An article's text as the reader sees it, for snippets: its stored HTML (the Markdown rendered by
 * article-body.server.ts, so lists, links, emphasis and tables are as on the page) without its tags,
 * a heading, list item, paragraph or table cell ending as a sentence does (with a full stop unless it
 * has its own), and the five characters the renderer escapes read back ("<" as its stand-in). The
 * Markdown only for a row the start-up backfill has not rendered yet.
 */
const articlePlainText = sql`replace(replace(replace(replace(replace(
  regexp_replace(regexp_replace(regexp_replace(coalesce(${articles.contentHtml}, ${articles.content}),
    ${"</?(?:a|em|strong|code|del|span|b|i|s|u|sub|sup|kbd|abbr|q|mark)(?:[[:space:]][^>]*)?>"}, '', 'g'),
    ${"([^[:space:].!?:;,])[[:space:]]*</(?:p|li|h[1-6]|td|th)>"}, ${"\\1. "}, 'g'),
    ${"<[^>]*>|[\\x01\\x02\\uE000]"}, ' ', 'g'),
  '&lt;', ${lessThan}), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`;

/**
 * A list's condition, order and ranking for a search: what /articles, category, tag and author
 * pages and /resources share. The `ilike` conditions can use the trigram indexes on title and excerpt.
 */
export function articleListQuery(
  db: AppDb,
  { q = "", categorySlug = null, tagId = null, author = null, sort = "newest", curriculum = {}, lessonResources = false }: ArticleSearch,
) {
  const query = sort === "relevance" ? fullTextQuery(q) : null;
  const ranked = query
    ? relevanceSearch(query, { name: "relevance", vector: articles.searchVector, text: articlePlainText, then: [articles.publishedAt, articles.id] })
    : null;
  const pattern = !ranked && q.trim() ? containsPattern(q.trim()) : null;
  const filter = and(
    publishedOnly,
    categorySlug ? eq(categories.slug, categorySlug) : undefined,
    tagId ? taggedWith(db, tagId) : undefined,
    author ? writtenBy(db, author) : undefined,
    curriculumCondition(db, curriculum),
    lessonResources ? lessonResourceCondition(db) : undefined,
    pattern ? or(ilike(articles.title, pattern), ilike(articles.excerpt, pattern)) : undefined,
    ranked?.matches,
  );
  // "Best match" without words to match is the newest first.
  const order = ranked?.order ?? sortOrders[sort === "relevance" ? "newest" : sort];
  return { filter, order, snippet: ranked ? ranked.snippet : sql<string | null>`null` };
}

/** One page of published articles filtered and sorted in SQL, as cards, with the total over all pages. */
export async function searchPublishedArticles(search: ArticleSearch = {}, page: PageRequest = firstPage) {
  const { db } = services();
  const { filter, order, snippet } = articleListQuery(db, search);
  const [found, [counted]] = await Promise.all([
    keysetPage(order, page, (keyset) =>
      db
        .select({ ...cardColumns, snippet, cursor: keyset.cursor })
        .from(articles)
        .innerJoin(categories, eq(categories.id, articles.categoryId))
        .where(and(filter, keyset.where))
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    ),
    db.select({ total: count() }).from(articles).innerJoin(categories, eq(categories.id, articles.categoryId)).where(filter),
  ]);
  const cards = found.rows.map(({ snippet, ...card }) => ({ ...card, snippetHtml: snippet ? snippetHtml(snippet) : null }));
  return { articles: cards, total: counted!.total, next: found.next, prev: found.prev };
}

export type ArticleListCard = Awaited<ReturnType<typeof searchPublishedArticles>>["articles"][number];

/** What a category page shows about its category; null for a slug with no row. */
export async function findCategory(slug: string) {
  const [category] = await services()
    .db.select({ name: categories.name, description: categories.description, icon: categories.icon })
    .from(categories)
    .where(eq(categories.slug, slug));
  return category ?? null;
}

// The opened article, named apart from the related articles and translations read beside it.
const opened = alias(articles, "opened");

/** What the article page lists of each file attached to it (resources.server.ts reads the same for its lists). */
export const resourceReaderColumns = {
  id: articleResources.id,
  title: articleResources.title,
  resourceType: articleResources.resourceType,
  format: articleResources.format,
  sizeBytes: articleResources.sizeBytes,
  pageCount: articleResources.pageCount,
  previewKey: articleResources.previewKey,
  previewBytes: articleResources.previewBytes,
};

/**
 * The article page's one read: the article, its curriculum (level, type, language, subjects and
 * published translations), files and approved comments, and up to 3 related articles (its
 * category's newest) as cards, each list a JSON column, so a reader's visit is one round trip
 * that only fills in the id.
 */
function articlePageQuery(db: AppDb) {
  const id = sql.placeholder("id");
  const openedOne = <T extends AnyPgColumn>(column: T) => db.select({ value: column }).from(opened).where(eq(opened.id, id));
  const newestFirst = [desc(articles.publishedAt), desc(articles.id)];
  const byLanguage = [asc(articles.language)];
  const resourceOrder = [asc(articleResources.position), asc(articleResources.createdAt)];
  return db
    .select({
      ...cardColumns,
      categoryId: articles.categoryId,
      updatedAt: articles.updatedAt,
      contentHtml: articles.contentHtml,
      featuredImageAlt: articles.featuredImageAlt,
      comments: approvedCommentsColumn,
      level: articles.level,
      resourceType: articles.resourceType,
      language: articles.language,
      translationGroup: articles.translationGroup,
      subjects: articleSubjectsColumn,
      translations: jsonRowsColumn({ id: articles.id, language: articles.language, title: articles.title }, byLanguage, ({ item, place }) =>
        db
          .select({ item, place })
          .from(articles)
          .where(
            and(isNotNull(articles.translationGroup), eq(articles.translationGroup, openedOne(opened.translationGroup)), ne(articles.id, id), publishedOnly),
          )
          .orderBy(...byLanguage),
      ),
      resources: jsonRowsColumn(resourceReaderColumns, resourceOrder, ({ item, place }) =>
        db
          .select({ item, place })
          .from(articleResources)
          .where(eq(articleResources.articleId, articles.id))
          .orderBy(...resourceOrder),
      ),
      related: jsonRowsColumn(cardColumns, newestFirst, ({ item, place }) =>
        db
          .select({ item, place })
          .from(articles)
          .innerJoin(categories, eq(categories.id, articles.categoryId))
          .where(and(publishedOnly, ne(articles.id, id), eq(articles.categoryId, openedOne(opened.categoryId))))
          .orderBy(...newestFirst)
          .limit(3),
      ),
    })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.id, id), publishedOnly));
}

const preparedArticlePageQuery = new WeakMap<AppDb, ReturnType<ReturnType<typeof articlePageQuery>["prepare"]>>();

/**
 * The article page's read, prepared once per database. A school pack of chosen articles builds it
 * afresh each time instead: its choice must neither be frozen into the prepared statement nor be
 * left out of it.
 */
function articlePageRead(db: AppDb) {
  if (choosingArticles()) return articlePageQuery(db);
  let read = preparedArticlePageQuery.get(db);
  if (!read) preparedArticlePageQuery.set(db, (read = articlePageQuery(db).prepare("article_page")));
  return read;
}

/**
 * A published article by id (a UUID) with everything its page shows (see articlePageQuery), in one
 * round trip; null when missing or not published. A pure read: views are counted by the page-view
 * beacon, never on the render path.
 */
export async function openPublishedArticle(id: string) {
  const [article] = await articlePageRead(services().db).execute({ id });
  return article ?? null;
}

/** The Markdown source, only for a row whose body the start-up backfill has not rendered yet. */
export async function readArticleContent(id: string) {
  const [row] = await services().db.select({ content: articles.content }).from(articles).where(eq(articles.id, id));
  return row?.content ?? "";
}
