import { and, asc, eq, exists, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { articleResources, articleSubjects, articles, subjects } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";

/** What a teacher filters a list by: a level's value, a subject's slug, a resource type, a language tag (app/lib/curriculum.ts). */
export interface CurriculumFilter {
  level?: string | null;
  subject?: string | null;
  type?: string | null;
  lang?: string | null;
}

/**
 * The filter as one condition on `articles`. The subject goes through article_subjects' index on
 * (subject_id, article_id); an unknown subject slug matches nothing.
 */
export function curriculumCondition(db: AppDb, { level, subject, type, lang }: CurriculumFilter): SQL | undefined {
  return and(
    level ? eq(articles.level, level) : undefined,
    type ? eq(articles.resourceType, type) : undefined,
    lang ? eq(articles.language, lang) : undefined,
    subject
      ? inArray(
          articles.id,
          db
            .select({ id: articleSubjects.articleId })
            .from(articleSubjects)
            .innerJoin(subjects, eq(subjects.id, articleSubjects.subjectId))
            .where(eq(subjects.slug, subject)),
        )
      : undefined,
  );
}

/** A lesson resource: an article with a level or a resource type, or with files attached. */
export function lessonResourceCondition(db: AppDb): SQL {
  return or(
    isNotNull(articles.level),
    isNotNull(articles.resourceType),
    exists(
      db
        .select({ one: sql`1` })
        .from(articleResources)
        .where(eq(articleResources.articleId, articles.id)),
    ),
  )!;
}

export interface SubjectRef {
  name: string;
  slug: string;
}

/**
 * An article's subjects in the list's order, as a column of any query over `articles` (one round
 * trip for a page of cards). Spelled out: an unqualified "id" inside sql`` would be the subject's.
 */
export const articleSubjectsColumn =
  sql<string>`(select coalesce(json_agg(json_build_object('name', s.name, 'slug', s.slug) order by s.position, s.name), '[]'::json)::text from article_subjects a_s join subjects s on s.id = a_s.subject_id where a_s.article_id = "articles"."id")`.mapWith(
    (json: string): SubjectRef[] => JSON.parse(json),
  );

/** How many files an article has attached and their total size in bytes (article_resources' index on article_id). */
export const articleFilesColumn =
  sql<string>`(select json_build_object('count', count(*), 'bytes', coalesce(sum(r.size_bytes), 0))::text from article_resources r where r.article_id = "articles"."id")`.mapWith(
    (json: string): { count: number; bytes: number } => {
      const { count, bytes } = JSON.parse(json) as { count: number; bytes: number | string };
      return { count: Number(count), bytes: Number(bytes) };
    },
  );

/** The subjects a list can be filtered by, in the admin's order (a short table: read whole). */
export function listSubjects(db: AppDb): Promise<SubjectRef[]> {
  return db.select({ name: subjects.name, slug: subjects.slug }).from(subjects).orderBy(asc(subjects.position), asc(subjects.name));
}

/** A subject by slug, or null. */
export async function findSubject(db: AppDb, slug: string): Promise<SubjectRef | null> {
  const [subject] = await db.select({ name: subjects.name, slug: subjects.slug }).from(subjects).where(eq(subjects.slug, slug));
  return subject ?? null;
}
