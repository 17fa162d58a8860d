import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { articleSubjects, articles, subjects } from "#database/schema";
import { unknownSubjectText, type ArticleCurriculum } from "#app/lib/admin-schemas";
import { languageName } from "#app/lib/curriculum";
import { seesAllArticles, type ArticleActor } from "#app/lib/article-access";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { publishedOnly } from "./published.server";
import type { AppDb } from "#app/server/db/types.server";

/** A refusal that belongs under one field of the article form. */
export class ArticleFieldError extends AdminInputError {
  constructor(
    message: string,
    readonly field: "subjects" | "translationOf" | "language",
  ) {
    super(message);
  }
}

/** The subjects to choose from, in the admin's order. */
export function subjectChoices(db: AppDb) {
  return db.select({ id: subjects.id, name: subjects.name, slug: subjects.slug }).from(subjects).orderBy(asc(subjects.position), asc(subjects.name));
}

/**
 * The articles `actor` may name under "Translation of": any, for those who edit every article (and
 * for the system: null); else the published ones and their own. Nobody learns of another writer's
 * draft by its title, or joins it to a group.
 */
function translationTargetsOf(actor: ArticleActor | null) {
  return actor && !seesAllArticles(actor) ? or(publishedOnly, eq(articles.authorId, actor.id)) : undefined;
}

/** Articles `actor`'s article may be a translation of (the newest 500), each with its language. */
export function translationChoices(db: AppDb, actor: ArticleActor, exceptId: string | null) {
  return db
    .select({ id: articles.id, title: articles.title, language: articles.language })
    .from(articles)
    .where(and(exceptId ? ne(articles.id, exceptId) : undefined, translationTargetsOf(actor)))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(500);
}

/** An article's subject ids, in the admin's order (a column for a select on articles; "articles" named in full, as drizzle leaves a lone table's columns bare). */
export const articleSubjectIdsColumn =
  sql<string>`(select coalesce(json_agg(s.id order by s.position, s.name), '[]'::json)::text from article_subjects a_s join subjects s on s.id = a_s.subject_id where a_s.article_id = "articles"."id")`.mapWith(
    (json: string): string[] => JSON.parse(json),
  );

/** Another article of the same translation group (the oldest), or null: what the edit form's "Translation of" shows. */
export const translationOfColumn = sql<
  string | null
>`(select other.id::text from articles other where other.translation_group = "articles"."translation_group" and other.id <> "articles"."id" order by other.created_at, other.id limit 1)`;

/**
 * The translation group an article joins with `translationOf`, made when that article had none.
 * Two articles of one group never share a language. Run it in the article's save transaction.
 */
async function translationGroupFor(
  db: AppDb,
  articleId: string | null,
  { translationOf, language }: ArticleCurriculum,
  actor: ArticleActor | null,
): Promise<string | null> {
  if (translationOf === null) return null;
  if (translationOf === articleId) throw new ArticleFieldError("An article cannot be a translation of itself.", "translationOf");
  // One the actor may not name reads as one that is not there.
  const [original] = await db
    .select({ id: articles.id, group: articles.translationGroup })
    .from(articles)
    .where(and(eq(articles.id, translationOf), translationTargetsOf(actor)))
    .for("update");
  if (!original) throw new ArticleFieldError("The article chosen under “Translation of” no longer exists. Please choose again.", "translationOf");
  const group = original.group ?? randomUUID();
  if (!original.group) await db.update(articles).set({ translationGroup: group }).where(eq(articles.id, original.id));
  const [clash] = await db
    .select({ title: articles.title })
    .from(articles)
    .where(and(eq(articles.translationGroup, group), eq(articles.language, language), articleId ? ne(articles.id, articleId) : undefined))
    .limit(1);
  if (clash) {
    throw new ArticleFieldError(
      `“${clash.title}” is already the ${languageName(language)} version in this group of translations: two translations cannot share a language.`,
      "translationOf",
    );
  }
  return group;
}

/** The checks and writes of the curriculum fields before the article row is written (by `actor`; null: the system): its row's columns. */
export async function curriculumColumns(db: AppDb, articleId: string | null, curriculum: ArticleCurriculum, actor: ArticleActor | null) {
  if (curriculum.subjectIds.length > 0) {
    const found = await db.select({ id: subjects.id }).from(subjects).where(inArray(subjects.id, curriculum.subjectIds));
    if (found.length !== curriculum.subjectIds.length) throw new ArticleFieldError(unknownSubjectText, "subjects");
  }
  return {
    level: curriculum.level,
    resourceType: curriculum.resourceType,
    language: curriculum.language,
    translationGroup: await translationGroupFor(db, articleId, curriculum, actor),
  };
}

/** After the row is written: its subjects, and a group it left with one article alone in it undone. */
export async function afterCurriculumSave(db: AppDb, articleId: string, curriculum: ArticleCurriculum, leftGroup: string | null) {
  await db.delete(articleSubjects).where(eq(articleSubjects.articleId, articleId));
  if (curriculum.subjectIds.length > 0) await db.insert(articleSubjects).values(curriculum.subjectIds.map((subjectId) => ({ articleId, subjectId })));
  if (leftGroup) {
    const rest = await db.select({ id: articles.id }).from(articles).where(eq(articles.translationGroup, leftGroup));
    if (rest.length === 1) await db.update(articles).set({ translationGroup: null }).where(eq(articles.id, rest[0]!.id));
  }
}

/** The article's group before a save (to know which group it leaves). */
export async function translationGroupOf(db: AppDb, articleId: string): Promise<string | null> {
  const [row] = await db.select({ group: articles.translationGroup }).from(articles).where(eq(articles.id, articleId));
  return row?.group ?? null;
}

/**
 * What the article page shows of the curriculum: level, resource type, language, subjects, and the
 * published translations of its group (itself excluded), read side by side.
 */
export async function readCurriculum(db: AppDb, articleId: string) {
  const group = db.select({ group: articles.translationGroup }).from(articles).where(eq(articles.id, articleId));
  const [[row], subjectRows, translations] = await Promise.all([
    db
      .select({ level: articles.level, resourceType: articles.resourceType, language: articles.language, translationGroup: articles.translationGroup })
      .from(articles)
      .where(eq(articles.id, articleId)),
    db
      .select({ name: subjects.name, slug: subjects.slug })
      .from(articleSubjects)
      .innerJoin(subjects, eq(subjects.id, articleSubjects.subjectId))
      .where(eq(articleSubjects.articleId, articleId))
      .orderBy(asc(subjects.position), asc(subjects.name)),
    db
      .select({ id: articles.id, language: articles.language, title: articles.title })
      .from(articles)
      .where(and(isNotNull(articles.translationGroup), eq(articles.translationGroup, group), ne(articles.id, articleId), publishedOnly))
      .orderBy(asc(articles.language)),
  ]);
  return {
    level: row?.level ?? null,
    resourceType: row?.resourceType ?? null,
    language: row?.language ?? "en",
    translationGroup: row?.translationGroup ?? null,
    subjects: subjectRows,
    translations,
  };
}

/** What the article form's "For teachers" fields offer `actor`. */
export async function curriculumChoices(db: AppDb, actor: ArticleActor, exceptId: string | null) {
  const [subjectList, translations] = await Promise.all([subjectChoices(db), translationChoices(db, actor, exceptId)]);
  return { subjects: subjectList, translations };
}
