import { and, desc, eq, ne, sql } from "drizzle-orm";
import { articles, categories } from "../../database/schema";
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

export async function listPublishedArticles(options: { limit?: number; categorySlug?: string } = {}) {
  const query = services()
    .db.select(cardColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(publishedOnly, options.categorySlug ? eq(categories.slug, options.categorySlug) : undefined))
    .orderBy(desc(articles.publishedAt));
  return options.limit ? query.limit(options.limit) : query;
}

export type ArticleCardRow = Awaited<ReturnType<typeof listPublishedArticles>>[number];

/** A published article by id, counting the visit (atomically, +1). Null when missing or not published. */
export async function openPublishedArticle(id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { db } = services();
  const [counted] = await db
    .update(articles)
    .set({ views: sql`${articles.views} + 1` })
    .where(and(eq(articles.id, id), publishedOnly))
    .returning({ id: articles.id });
  if (!counted) return null;
  const [article] = await db
    .select({ ...cardColumns, categoryId: articles.categoryId })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.id, id), publishedOnly));
  if (!article) return null;
  const related = await db
    .select(cardColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(publishedOnly, eq(articles.categoryId, article.categoryId), ne(articles.id, id)))
    .orderBy(desc(articles.publishedAt))
    .limit(3);
  return { article, related };
}
