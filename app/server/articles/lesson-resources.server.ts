import { and, count, eq, isNotNull } from "drizzle-orm";
import { articleSubjects, articles, categories, subjects } from "#database/schema";
import type { CurriculumFilterName } from "#app/lib/article-list-params";
import { firstPage, keysetPage, type PageRequest } from "#app/server/db/keyset.server";
import { services } from "#app/server/core/services.server";
import { articleListQuery, type ArticleSearch } from "./articles.server";
import { articleFilesColumn, articleSubjectsColumn, type CurriculumFilter } from "./curriculum-filters.server";

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

/** How many lesson resources each grade, subject, type and language has within a filter: value → count, values without any left out. */
export type LessonResourceFacets = Record<CurriculumFilterName, Record<string, number>>;

/**
 * The lesson resources within `curriculum` counted by each filter's values (four grouped queries):
 * what a school pack offers as links, since a pack has no form to filter with.
 */
export async function lessonResourceFacets(curriculum: CurriculumFilter): Promise<LessonResourceFacets> {
  const { db } = services();
  const { filter } = articleListQuery(db, { curriculum, lessonResources: true });
  const countBy = async (column: typeof articles.level | typeof articles.resourceType | typeof articles.language): Promise<Record<string, number>> => {
    const rows = await db
      .select({ value: column, count: count() })
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .where(and(filter, isNotNull(column)))
      .groupBy(column);
    return Object.fromEntries(rows.map((row) => [String(row.value), row.count]));
  };
  const [level, type, lang, subject] = await Promise.all([
    countBy(articles.level),
    countBy(articles.resourceType),
    countBy(articles.language),
    db
      .select({ value: subjects.slug, count: count() })
      .from(articleSubjects)
      .innerJoin(subjects, eq(subjects.id, articleSubjects.subjectId))
      .innerJoin(articles, eq(articles.id, articleSubjects.articleId))
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .where(filter)
      .groupBy(subjects.slug)
      .then((rows) => Object.fromEntries(rows.map((row) => [row.value, row.count]))),
  ]);
  return { level, subject, type, lang };
}
