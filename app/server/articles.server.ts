import { and, asc, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import { articles, categories } from "../../database/schema";
import type { ArticleSort } from "../lib/article-list-params";
import { readTimeMinutes } from "../lib/read-time";
import { services } from "./services.server";

/** The one rule for public readers: only published articles exist. */
export const publishedOnly = eq(articles.status, "published");

const cardColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  content: articles.content,
  featuredImageUrl: articles.featuredImageUrl,
  publishedAt: articles.publishedAt,
  views: articles.views,
  categorySlug: categories.slug,
};

/** Rows as cards: the read time is worked out here, so a list never sends full texts to the browser. */
function asCards<Row extends { content: string }>(rows: Row[]) {
  return rows.map(({ content, ...card }) => ({ ...card, readTimeMinutes: readTimeMinutes(content) }));
}

/** The newest published articles, as cards (the home page). */
export async function listLatestArticles(limit: number) {
  const rows = await services()
    .db.select(cardColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(publishedOnly)
    .orderBy(desc(articles.publishedAt))
    .limit(limit);
  return asCards(rows);
}

export interface ArticleSearch {
  /** Case-insensitive "contains" on title or excerpt; % and _ are plain characters. */
  q?: string;
  categorySlug?: string | null;
  sort?: ArticleSort;
}

/** A `LIKE` pattern matching `text` anywhere, with the wildcards in `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

const sortOrders = {
  newest: [desc(articles.publishedAt), desc(articles.id)],
  oldest: [asc(articles.publishedAt), asc(articles.id)],
  popular: [desc(articles.views), desc(articles.publishedAt), desc(articles.id)],
} satisfies Record<ArticleSort, unknown[]>;

/**
 * Published articles filtered and sorted in SQL, as cards.
 * The `ilike` conditions can use the trigram indexes on title and excerpt.
 */
export async function searchPublishedArticles({ q = "", categorySlug = null, sort = "newest" }: ArticleSearch = {}) {
  const pattern = q.trim() ? containsPattern(q.trim()) : null;
  const rows = await services()
    .db.select(cardColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(
      and(
        publishedOnly,
        categorySlug ? eq(categories.slug, categorySlug) : undefined,
        pattern ? or(ilike(articles.title, pattern), ilike(articles.excerpt, pattern)) : undefined,
      ),
    )
    .orderBy(...sortOrders[sort]);
  return asCards(rows);
}

export type ArticleListCard = Awaited<ReturnType<typeof searchPublishedArticles>>[number];

/** What a category page shows about its category; null for a slug with no row. */
export async function findCategory(slug: string) {
  const [category] = await services()
    .db.select({ name: categories.name, description: categories.description, icon: categories.icon })
    .from(categories)
    .where(eq(categories.slug, slug));
  return category ?? null;
}

/**
 * A published article by id (a UUID), counting the visit (atomically, +1, in the same statement
 * that reads it), with up to 3 related articles as cards. Null when missing or not published.
 */
export async function openPublishedArticle(id: string) {
  const { db } = services();
  const [article] = await db
    .update(articles)
    .set({ views: sql`${articles.views} + 1` })
    .from(categories)
    .where(and(eq(articles.id, id), publishedOnly, eq(categories.id, articles.categoryId)))
    .returning({ ...cardColumns, categoryId: articles.categoryId, updatedAt: articles.updatedAt });
  if (!article) return null;
  const related = await db
    .select(cardColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(publishedOnly, eq(articles.categoryId, article.categoryId), ne(articles.id, id)))
    .orderBy(desc(articles.publishedAt))
    .limit(3);
  return { article, related: asCards(related) };
}
