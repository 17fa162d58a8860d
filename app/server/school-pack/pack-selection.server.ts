import { and, asc, eq, exists, inArray, isNotNull, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import { articleSubjects, articles, subjects } from "#database/schema";
import { languageName, levelLabel, levels } from "#app/lib/curriculum";
import { isWholeMagazine, orderedSelection, selectionLabel, type PackSelection } from "#app/lib/school-pack-selection";
import { publishedOnly } from "#app/server/articles/published.server";
import type { AppDb } from "#app/server/db/types.server";

// A pack of chosen grades, subjects and languages: what may be chosen (what the published magazine
// has), the choice checked on the server, and the condition that picks its articles.

/** The articles a selection takes: of a chosen language, for a chosen grade or none, of a chosen subject or none. */
export function chosenArticlesCondition(db: AppDb, selection: PackSelection): SQL | undefined {
  const subjectOf = (condition?: SQL) =>
    db
      .select({ one: sql`1` })
      .from(articleSubjects)
      .innerJoin(subjects, eq(subjects.id, articleSubjects.subjectId))
      .where(and(eq(articleSubjects.articleId, articles.id), condition));
  return and(
    selection.levels.length > 0 ? or(isNull(articles.level), inArray(articles.level, selection.levels)) : undefined,
    selection.subjects.length > 0 ? or(notExists(subjectOf()), exists(subjectOf(inArray(subjects.slug, selection.subjects)))) : undefined,
    selection.languages.length > 0 ? inArray(articles.language, selection.languages) : undefined,
  );
}

export interface PackChoices {
  levels: { value: string; label: string }[];
  subjects: { slug: string; name: string }[];
  languages: { tag: string; name: string }[];
}

/** What a pack can be narrowed to: the grades, subjects and languages of the published articles. */
export async function packChoices(db: AppDb): Promise<PackChoices> {
  const [levelRows, subjectRows, languageRows] = await Promise.all([
    db
      .selectDistinct({ level: articles.level })
      .from(articles)
      .where(and(publishedOnly, isNotNull(articles.level))),
    db
      .selectDistinct({ slug: subjects.slug, name: subjects.name, position: subjects.position })
      .from(subjects)
      .innerJoin(articleSubjects, eq(articleSubjects.subjectId, subjects.id))
      .innerJoin(articles, and(eq(articles.id, articleSubjects.articleId), publishedOnly))
      .orderBy(asc(subjects.position), asc(subjects.name)),
    db.selectDistinct({ language: articles.language }).from(articles).where(publishedOnly).orderBy(asc(articles.language)),
  ]);
  const used = new Set(levelRows.map((row) => row.level));
  return {
    levels: levels.filter((level) => used.has(level.value)).map(({ value }) => ({ value, label: levelLabel(value) })),
    subjects: subjectRows.map(({ slug, name }) => ({ slug, name })),
    languages: languageRows.map(({ language }) => ({ tag: language, name: languageName(language) })),
  };
}

/**
 * A selection asked for (ticked on the admin screen, or given to `npm run export`), each value one
 * the published magazine has; else what is wrong, in words.
 */
export function checkPackSelection(asked: PackSelection, choices: PackChoices): PackSelection | string {
  const unknownOf = (values: string[], known: string[]) => values.filter((value) => !known.includes(value));
  const [unknown] = [
    ...unknownOf(
      asked.levels,
      choices.levels.map((level) => level.value),
    ),
    ...unknownOf(
      asked.subjects,
      choices.subjects.map((subject) => subject.slug),
    ),
    ...unknownOf(
      asked.languages,
      choices.languages.map((language) => language.tag),
    ),
  ];
  if (unknown !== undefined) return `No published article has the grade, subject or language "${unknown}".`;
  return orderedSelection(asked);
}

/** What a pack holds in words: "The whole magazine", or "Grade 4 · Literacy · Chinyanja". */
export async function packContentsLabel(db: AppDb, selection: PackSelection): Promise<string> {
  if (isWholeMagazine(selection)) return selectionLabel(selection, (slug) => slug);
  const rows =
    selection.subjects.length > 0
      ? await db.select({ slug: subjects.slug, name: subjects.name }).from(subjects).where(inArray(subjects.slug, selection.subjects))
      : [];
  const names = new Map(rows.map((row) => [row.slug, row.name]));
  return selectionLabel(selection, (slug) => names.get(slug) ?? slug);
}
