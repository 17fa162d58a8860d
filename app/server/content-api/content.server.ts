import { and, count, eq, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { articleTags, articles, categories, communityQuestions, tags } from "#database/schema";
import { articleListQuery, type ArticleSearch } from "#app/server/articles/articles.server";
import { articleTagsColumn, findTag } from "#app/server/articles/tags.server";
import { articleBylinesColumn } from "#app/server/articles/bylines.server";
import { articleSubjectsColumn } from "#app/server/articles/curriculum-filters.server";
import { readCurriculum } from "#app/server/articles/curriculum.server";
import { articleBody as renderedBody } from "#app/server/articles/article-body.server";
import { publishedOnly } from "#app/server/articles/published.server";
import { publishedQuestionsOnly } from "#app/server/community/published.server";
import { listArticleResources } from "#app/server/resources/resources.server";
import { findAuthor } from "#app/server/users/authors.server";
import { absoluteUrls } from "#app/server/seo/feed.server";
import { keysetPage, orderedPage, type KeysetOrder, type KeysetQuery, type Page, type PageBound } from "#app/server/db/keyset.server";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { questionPath } from "#app/lib/community";
import { resourceDownloadPath } from "#app/lib/resource-files";
import { isUuid } from "#app/lib/uuid";
import { ContentApiError } from "./http.server";
import type { Article, ArticleList, ArticleSummary, AuthorList, CategoryList, PageMeta, QuestionList, TagList } from "./schemas.server";

/** What every list reads of its query: how many, and from where. */
export interface ListRequest {
  limit: number;
  cursor?: string;
}

// --- Pages -----------------------------------------------------------------------------------------

// The app's keyset pages (app/server/db/keyset.server.ts) read a cursor they cannot check as "the first
// page", which suits a person's browser; a program following `next` must never be sent back to the
// start (it would read everything again, for ever). So: a cursor that does not read is a 400, and a
// cursor past rows that have gone meanwhile is an empty last page.
const badCursor = () => new ContentApiError(400, "BadRequest", "The cursor is not valid: use the `next` cursor of the page before.");

async function apiKeysetPage<Row extends { cursor: string }>(
  order: KeysetOrder,
  { limit, cursor }: ListRequest,
  fetch: (query: KeysetQuery) => Promise<Row[]>,
) {
  const asked: KeysetQuery[] = [];
  const page = await keysetPage(order, { after: cursor ?? null, before: null }, (query) => (asked.push(query), fetch(query)), limit);
  if (cursor && asked[0]!.where === undefined) throw badCursor();
  return asked.length > 1 ? { rows: [], next: null, prev: null } : page;
}

async function apiOrderedPage<Row>(
  order: { name: string; keys: number },
  { limit, cursor }: ListRequest,
  read: (bound: PageBound) => Promise<Array<{ row: Row; key: string[] }>>,
): Promise<Page<Row>> {
  const asked: PageBound[] = [];
  const page = await orderedPage(order, { after: cursor ?? null, before: null }, (bound) => (asked.push(bound), read(bound)), limit);
  if (cursor && asked[0]!.values === null) throw badCursor();
  return asked.length > 1 ? { rows: [], next: null, prev: null } : page;
}

/** A list's `meta.pagination`: the next page's cursor and its address (the request's, cursor replaced, key left out). */
function pagination(url: URL, limit: number, total: number, next: string | null, publicUrl: string): PageMeta {
  let nextUrl: string | null = null;
  if (next) {
    const search = new URLSearchParams(url.searchParams);
    search.delete("key");
    search.set("cursor", next);
    nextUrl = `${publicUrl}${url.pathname}?${search.toString()}`;
  }
  return { limit, total, next, nextUrl };
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());
const absolute = (publicUrl: string, url: string) => (url.startsWith("/") && !url.startsWith("//") ? publicUrl + url : url);

// --- Articles --------------------------------------------------------------------------------------

const summaryColumns = {
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  excerpt: articles.excerpt,
  featuredImageUrl: articles.featuredImageUrl,
  featuredImageAlt: articles.featuredImageAlt,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  readTimeMinutes: sql<number>`coalesce(${articles.readTimeMinutes}, 1)`.mapWith(Number),
  language: articles.language,
  level: articles.level,
  resourceType: articles.resourceType,
  categoryName: categories.name,
  categorySlug: categories.slug,
  tags: articleTagsColumn,
  authors: articleBylinesColumn,
  subjects: articleSubjectsColumn,
};

type SummaryRow = SelectResultFields<typeof summaryColumns>;

function summaryOf(row: SummaryRow, publicUrl: string): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    url: `${publicUrl}/articles/${row.id}`,
    featureImage: row.featuredImageUrl ? { url: absolute(publicUrl, row.featuredImageUrl), alt: row.featuredImageAlt } : null,
    publishedAt: iso(row.publishedAt ?? row.updatedAt)!,
    updatedAt: iso(row.updatedAt)!,
    readTimeMinutes: Math.max(1, row.readTimeMinutes),
    language: row.language,
    level: row.level,
    resourceType: row.resourceType,
    category: { name: row.categoryName, slug: row.categorySlug, url: `${publicUrl}/category/${row.categorySlug}` },
    tags: row.tags.map((tag) => ({ name: tag.name, slug: tag.slug, url: `${publicUrl}/tag/${tag.slug}` })),
    authors: row.authors.map((author) => ({ name: author.name, slug: author.slug, url: `${publicUrl}/author/${author.slug}` })),
    subjects: row.subjects,
  };
}

export interface ArticleFilters {
  category?: string;
  tag?: string;
  author?: string;
  level?: string;
  subject?: string;
  type?: string;
  lang?: string;
  q?: string;
  sort: "newest" | "oldest" | "popular";
}

const emptyList = (url: URL, limit: number, publicUrl: string): ArticleList => ({
  articles: [],
  meta: { pagination: pagination(url, limit, 0, null, publicUrl) },
});

/** A page of published articles, filtered as the site's lists are (the same conditions: articleListQuery). */
export async function listArticles(db: AppDb, publicUrl: string, url: URL, filters: ArticleFilters, page: ListRequest): Promise<ArticleList> {
  const [tag, author] = await Promise.all([filters.tag ? findTag(db, filters.tag) : null, filters.author ? findAuthor(db, filters.author) : null]);
  // An unknown tag or author has no articles (as an unknown category or subject matches none).
  if ((filters.tag && !tag) || (filters.author && !author)) return emptyList(url, page.limit, publicUrl);
  const search: ArticleSearch = {
    q: filters.q ?? "",
    categorySlug: filters.category ?? null,
    tagId: tag?.id ?? null,
    author: author?.ref ?? null,
    sort: filters.sort,
    curriculum: { level: filters.level, subject: filters.subject, type: filters.type, lang: filters.lang },
  };
  const { filter, order } = articleListQuery(db, search);
  const [found, [counted]] = await Promise.all([
    apiKeysetPage({ ...order, name: `api-${order.name}` }, page, (keyset) =>
      db
        .select({ ...summaryColumns, cursor: keyset.cursor })
        .from(articles)
        .innerJoin(categories, eq(categories.id, articles.categoryId))
        .where(and(filter, keyset.where))
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    ),
    db.select({ total: count() }).from(articles).innerJoin(categories, eq(categories.id, articles.categoryId)).where(filter),
  ]);
  return {
    articles: found.rows.map((row) => summaryOf(row, publicUrl)),
    meta: { pagination: pagination(url, page.limit, counted!.total, found.next, publicUrl) },
  };
}

/** One published article in full; null when there is none with this id, or it is not published. */
export async function readArticle(db: AppDb, publicUrl: string, id: string): Promise<Article | null> {
  if (!isUuid(id)) return null;
  const [[row], curriculum, resources] = await Promise.all([
    db
      .select({ ...summaryColumns, contentHtml: articles.contentHtml, content: articles.content })
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .where(and(eq(articles.id, id), publishedOnly)),
    readCurriculum(db, id),
    listArticleResources(db, id),
  ]);
  if (!row) return null;
  const { contentHtml, content, ...summary } = row;
  return {
    ...summaryOf(summary, publicUrl),
    contentHtml: absoluteUrls(contentHtml ?? renderedBody(content).contentHtml, publicUrl),
    translations: curriculum.translations.map((translation) => ({ ...translation, url: `${publicUrl}/articles/${translation.id}` })),
    resources: resources.map((resource) => ({
      id: resource.id,
      title: resource.title,
      format: resource.format,
      resourceType: resource.resourceType,
      sizeBytes: resource.sizeBytes,
      pageCount: resource.pageCount,
      downloadUrl: `${publicUrl}${resourceDownloadPath(resource)}`,
    })),
  };
}

// --- Categories and tags ---------------------------------------------------------------------------

// Spelled out, as articleTagsColumn is: Drizzle leaves a lone table's columns unqualified, and "id" inside would be the article's.
const publishedInCategory = sql<number>`(select count(*) from articles a where a.category_id = "categories"."id" and a.status = 'published')`.mapWith(Number);

/** Every category (they are all shown on the site), by slug, with its published articles counted. */
export async function listCategories(db: AppDb, publicUrl: string, url: URL, page: ListRequest): Promise<CategoryList> {
  const order: KeysetOrder = { name: "api-categories", columns: [categories.slug], direction: "asc" };
  const [found, [counted]] = await Promise.all([
    apiKeysetPage(order, page, (keyset) =>
      db
        .select({
          id: categories.id,
          name: categories.name,
          slug: categories.slug,
          description: categories.description,
          articleCount: publishedInCategory,
          cursor: keyset.cursor,
        })
        .from(categories)
        .where(keyset.where)
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    ),
    db.select({ total: count() }).from(categories),
  ]);
  return {
    categories: found.rows.map((row) => ({ ...row, url: `${publicUrl}/category/${row.slug}` })),
    meta: { pagination: pagination(url, page.limit, counted!.total, found.next, publicUrl) },
  };
}

/** The tags of published articles (a tag only drafts use is not public yet), by slug, each counted. */
export async function listTags(db: AppDb, publicUrl: string, url: URL, page: ListRequest): Promise<TagList> {
  const order: KeysetOrder = { name: "api-tags", columns: [tags.slug], direction: "asc" };
  const used = db
    .select({ tagId: articleTags.tagId, articleCount: count().as("article_count") })
    .from(articleTags)
    .innerJoin(articles, eq(articles.id, articleTags.articleId))
    .where(publishedOnly)
    .groupBy(articleTags.tagId)
    .as("used");
  const [found, [counted]] = await Promise.all([
    apiKeysetPage(order, page, (keyset) =>
      db
        .select({ name: tags.name, slug: tags.slug, articleCount: sql<number>`${used.articleCount}`.mapWith(Number), cursor: keyset.cursor })
        .from(tags)
        .innerJoin(used, eq(used.tagId, tags.id))
        .where(keyset.where)
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    ),
    db.select({ total: count() }).from(tags).innerJoin(used, eq(used.tagId, tags.id)),
  ]);
  return {
    tags: found.rows.map((row) => ({ ...row, url: `${publicUrl}/tag/${row.slug}` })),
    meta: { pagination: pagination(url, page.limit, counted!.total, found.next, publicUrl) },
  };
}

// --- Authors ---------------------------------------------------------------------------------------

// The public authors: staff with a published author profile (a slug and a name), and guest bylines,
// one address space (/author/{slug}); a staff profile wins a clash, as on the site. Never an email.
const publicAuthors = sql`(
  select p.author_slug as slug, p.display_name as name, p.bio, p.avatar_url as photo_url, 'staff' as kind
    from profiles p where p.author_slug is not null and p.display_name is not null
  union all
  select g.slug, g.name, g.bio, g.photo_url, 'guest' as kind
    from guest_authors g
    where not exists (select 1 from profiles p where p.author_slug = g.slug and p.display_name is not null)
) authors`;

interface AuthorRow {
  slug: string;
  name: string;
  bio: string | null;
  photo_url: string | null;
  kind: "staff" | "guest";
}

/** The public authors, by slug. */
export async function listAuthors(db: AppDb, publicUrl: string, url: URL, page: ListRequest): Promise<AuthorList> {
  const [found, [counted]] = await Promise.all([
    apiOrderedPage({ name: "api-authors", keys: 1 }, page, async ({ values, limit }) => {
      const rows = await selectRows<AuthorRow>(
        db,
        sql`select slug, name, bio, photo_url, kind from ${publicAuthors} ${values ? sql`where slug > ${values[0]}` : sql``} order by slug limit ${limit}`,
      );
      return rows.map((row) => ({ row, key: [row.slug] }));
    }),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from ${publicAuthors}`),
  ]);
  return {
    authors: found.rows.map((row) => ({
      name: row.name,
      slug: row.slug,
      kind: row.kind,
      bio: row.bio,
      photoUrl: row.photo_url ? absolute(publicUrl, row.photo_url) : null,
      url: `${publicUrl}/author/${row.slug}`,
    })),
    meta: { pagination: pagination(url, page.limit, Number(counted!.total), found.next, publicUrl) },
  };
}

// --- Ask Kafundisha --------------------------------------------------------------------------------

/** Published questions, newest first, with their published answers counted. Who asked is not told. */
export async function listQuestions(db: AppDb, publicUrl: string, url: URL, filters: { category?: string }, page: ListRequest): Promise<QuestionList> {
  const order: KeysetOrder = { name: "api-questions", columns: [communityQuestions.publishedAt, communityQuestions.id], direction: "desc" };
  const filter = and(publishedQuestionsOnly, filters.category ? sql`${filters.category} = any(${communityQuestions.categories})` : undefined);
  const [found, [counted]] = await Promise.all([
    apiKeysetPage(order, page, (keyset) =>
      db
        .select({
          id: communityQuestions.id,
          slug: communityQuestions.slug,
          title: communityQuestions.title,
          description: communityQuestions.description,
          categories: communityQuestions.categories,
          answerCount: communityQuestions.answerCount,
          acceptedAnswerId: communityQuestions.acceptedAnswerId,
          publishedAt: communityQuestions.publishedAt,
          createdAt: communityQuestions.createdAt,
          cursor: keyset.cursor,
        })
        .from(communityQuestions)
        .where(and(filter, keyset.where))
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    ),
    db.select({ total: count() }).from(communityQuestions).where(filter),
  ]);
  return {
    questions: found.rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      categories: row.categories,
      url: `${publicUrl}${questionPath(row)}`,
      answerCount: row.answerCount,
      answered: row.acceptedAnswerId !== null,
      publishedAt: iso(row.publishedAt ?? row.createdAt)!,
    })),
    meta: { pagination: pagination(url, page.limit, counted!.total, found.next, publicUrl) },
  };
}
