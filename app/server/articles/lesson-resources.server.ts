import { and, count, eq } from "drizzle-orm";
import { articles, categories } from "#database/schema";
import { firstPage, keysetPage, type PageRequest } from "#app/server/db/keyset.server";
import { services } from "#app/server/core/services.server";
import { articleListQuery, type ArticleSearch } from "./articles.server";
import { articleFilesColumn, articleSubjectsColumn } from "./curriculum-filters.server";

/** What a /resources card shows: what it is for (level, subjects, type, language) and its files. */
const resourceCardColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  publishedAt: articles.publishedAt,
  categorySlug: categories.slug,
  level: articles.level,
  resourceType: articles.resourceType,
  language: articles.language,
  subjects: articleSubjectsColumn,
  files: articleFilesColumn,
};

/**
 * One page of lesson resources (published articles with a level or a resource type, or with files
 * attached), filtered and sorted as /articles is, with the total over all pages.
 */
export async function searchLessonResources(search: Omit<ArticleSearch, "lessonResources"> = {}, page: PageRequest = firstPage) {
  const { db } = services();
  const { filter, order } = articleListQuery(db, { ...search, lessonResources: true });
  const [found, [counted]] = await Promise.all([
    keysetPage(order, page, (keyset) =>
      db
        .select({ ...resourceCardColumns, cursor: keyset.cursor })
        .from(articles)
        .innerJoin(categories, eq(categories.id, articles.categoryId))
        .where(and(filter, keyset.where))
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    ),
    db.select({ total: count() }).from(articles).innerJoin(categories, eq(categories.id, articles.categoryId)).where(filter),
  ]);
  return { resources: found.rows, total: counted!.total, next: found.next, prev: found.prev };
}

export type LessonResourceCard = Awaited<ReturnType<typeof searchLessonResources>>["resources"][number];
