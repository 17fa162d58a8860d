import { and, arrayOverlaps, desc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { articles, categories, communityQuestions } from "#database/schema";
import { searchWords } from "#app/lib/article-list-params";
import { questionCategories, type QuestionCategory } from "#app/lib/inbox-schema";
import type { AppDb } from "#app/server/db/types.server";
import { publishedOnly } from "#app/server/articles/published.server";
import { publishedQuestionsOnly } from "./published.server";

// Reading on: an article page lists Ask Kafundisha questions on its subject ("Teachers ask"), a
// question page lists articles on its subject. Both read the same way, bounded however large the
// community or the magazine grows: the newest 200 published items of the corresponding categories
// (an indexed walk with a LIMIT), best matched to the page's title words (in those items' titles),
// then the newest. With no corresponding category, the newest 200 of all, and only those sharing a
// title word. Which categories were read comes back with them: the page's cache tags
// (app/lib/reader-page.ts) drop it on any change there. One case is left to the pages' maximum age:
// a deleted article that was one of 200 candidates but not listed (its category is gone with it).

/**
 * Article categories (by slug) and the Ask Kafundisha categories (app/lib/inbox-schema.ts) about
 * the same things. A category named as a question category (slug "technology", value "technology")
 * corresponds too, so a category added later ("Classroom Management") finds its questions as it is.
 * Sports and Entrepreneurship have none: their articles find questions by their words only.
 */
const correspondingQuestionCategories: Readonly<Record<string, readonly QuestionCategory[]>> = {
  "education-news": ["curriculum", "assessment"],
  health: ["wellbeing"],
  "teacher-swaps": ["career"],
};

/** The advice column, where educators answer teachers' questions: every kind of question is its subject. */
const adviceColumn = "ask-kafundisha";

const isQuestionCategory = (value: string): value is QuestionCategory => questionCategories.some((category) => category.value === value);

/** The question categories an article category's articles are about. */
export function questionCategoriesOf(categorySlug: string): QuestionCategory[] {
  if (categorySlug === adviceColumn) return questionCategories.map((category) => category.value);
  const named = isQuestionCategory(categorySlug) ? [categorySlug] : [];
  return [...new Set([...named, ...(correspondingQuestionCategories[categorySlug] ?? [])])];
}

/**
 * The article categories (slugs) about a question's categories, and the advice column, whose
 * articles answer teachers' questions of every kind.
 */
export function articleCategoriesOf(values: readonly string[]): string[] {
  const slugs = values.flatMap((value) => [
    ...(isQuestionCategory(value) ? [value] : []),
    ...Object.keys(correspondingQuestionCategories).filter((slug) => correspondingQuestionCategories[slug]!.includes(value as QuestionCategory)),
  ]);
  return slugs.length > 0 ? [...new Set([...slugs, adviceColumn])] : [];
}

// English words that say nothing of a subject, and the words every title here could have.
const commonWords = new Set(
  (
    "a about after again all also am an and any are as at be been before being between both but by can could did do does doing down during each " +
    "every few for from further get had has have having he her here hers him his how i if in into is it its just me more most my no nor not now " +
    "of off on once only or other our out over own same she should so some such than that the their them then there these they this those " +
    "through to too under until up very was we were what when where which while who whom whose why will with without would you your " +
    "ask kafundisha teach teacher teachers teaching school schools education"
  ).split(" "),
);

const maxTopicWords = 8;

/** The words of a title that say what it is about: lower-case, no common words or bare numbers, at most 8. */
export function topicWords(title: string): string[] {
  const words = searchWords(title).filter((word) => word.length > 1 && word.length <= 64 && !commonWords.has(word) && !/^\d+$/.test(word));
  return [...new Set(words)].slice(0, maxTopicWords);
}

/** How many of the newest items of the corresponding categories are weighed against the title. */
const candidateCount = 200;

/**
 * How well a title (of a candidate, so never more than 200 of them) has any of the words in
 * `query` (a tsquery's text, `topicQuery`): its rank as full-text (the simple configuration, as
 * search vectors are made), 0 without any of them.
 */
function titleRank(title: SQL | PgColumn | SQL.Aliased, query: SQLWrapper) {
  const words = sql`${query}::tsquery`;
  const vector = sql`to_tsvector('simple', ${title})`;
  return { matches: sql<boolean>`${vector} @@ ${words}`, rank: sql<number>`ts_rank(${vector}, ${words})` };
}

/** Any of `words` as a tsquery's text: they are letters and digits only (`searchWords`), so they go in as they are. */
const topicQuery = (words: readonly string[]) => words.map((word) => `'${word}'`).join(" | ");

/**
 * The related questions' statement for one shape (ranked by title words or not; among the
 * corresponding categories, or all of them and only those sharing a word), prepared once per
 * database: a reader's visit only fills in the categories, the words and the limit.
 */
function relatedQuestionsQuery(db: AppDb, { ranked, anyCategory }: { ranked: boolean; anyCategory: boolean }) {
  const candidates = db
    .select({
      id: communityQuestions.id,
      slug: communityQuestions.slug,
      title: communityQuestions.title,
      answers: communityQuestions.answerCount,
      publishedAt: communityQuestions.publishedAt,
    })
    .from(communityQuestions)
    .where(and(publishedQuestionsOnly, arrayOverlaps(communityQuestions.categories, sql.placeholder("among"))))
    .orderBy(desc(communityQuestions.publishedAt), desc(communityQuestions.id))
    .limit(candidateCount)
    .as("candidates");
  const match = ranked ? titleRank(candidates.title, sql.placeholder("words")) : null;
  return db
    .select({ id: candidates.id, slug: candidates.slug, title: candidates.title, answers: candidates.answers })
    .from(candidates)
    .where(anyCategory ? match?.matches : undefined)
    .orderBy(...(match ? [desc(match.rank)] : []), desc(candidates.publishedAt), desc(candidates.id))
    .limit(sql.placeholder("limit"))
    .prepare(`related_questions${ranked ? "_ranked" : ""}${anyCategory ? "_any" : ""}`);
}

const preparedRelatedQuestions = new WeakMap<AppDb, Map<string, ReturnType<typeof relatedQuestionsQuery>>>();

function relatedQuestionsRead(db: AppDb, shape: { ranked: boolean; anyCategory: boolean }) {
  let byShape = preparedRelatedQuestions.get(db);
  if (!byShape) preparedRelatedQuestions.set(db, (byShape = new Map()));
  const key = `${shape.ranked} ${shape.anyCategory}`;
  let read = byShape.get(key);
  if (!read) byShape.set(key, (read = relatedQuestionsQuery(db, shape)));
  return read;
}

/**
 * Up to `limit` published questions on an article's subject: the newest 200 of its corresponding
 * question categories, those sharing a word of its title first (best match), then the newest; with
 * no corresponding category, those of the newest 200 that share a word. `among`: the question
 * categories read, every one when none corresponds (a change to a question of one drops the page).
 */
export async function findRelatedQuestions(db: AppDb, article: { title: string; categorySlug: string }, limit = 4) {
  const words = topicWords(article.title);
  const corresponding = questionCategoriesOf(article.categorySlug);
  const among = corresponding.length > 0 ? corresponding : questionCategories.map((category) => category.value);
  if (corresponding.length === 0 && words.length === 0) return { questions: [], among: [] };
  const questions = await relatedQuestionsRead(db, { ranked: words.length > 0, anyCategory: corresponding.length === 0 }).execute({
    // As Drizzle writes an array it binds itself.
    among: communityQuestions.categories.mapToDriverValue(among),
    words: topicQuery(words),
    limit,
  });
  return { questions, among };
}

/**
 * Up to `limit` published articles on a question's subject: the newest 200 of its corresponding
 * article categories, those sharing a word of its title first (best match), then the newest; with
 * no corresponding category, those of the newest 200 articles that share a word. `amongCategoryIds`:
 * the categories read, or null for every article (a change to an article there drops the page).
 */
export async function findRelatedArticles(db: AppDb, question: { title: string; categories: readonly string[] }, limit = 3) {
  const words = topicWords(question.title);
  const slugs = articleCategoriesOf(question.categories);
  const categoryIds =
    slugs.length > 0 ? (await db.select({ id: categories.id }).from(categories).where(inArray(categories.slug, slugs))).map((row) => row.id) : [];
  const amongCategoryIds = categoryIds.length > 0 ? categoryIds : null;
  if (!amongCategoryIds && words.length === 0) return { articles: [], amongCategoryIds };
  const candidates = db
    .select({
      id: articles.id,
      title: articles.title,
      categorySlug: sql<string>`${categories.slug}`.as("category_slug"),
      // NULL only for a row the start-up backfill has not reached yet.
      readTimeMinutes: sql<number>`coalesce(${articles.readTimeMinutes}, 1)`.mapWith(Number).as("read_time"),
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(publishedOnly, amongCategoryIds ? inArray(articles.categoryId, amongCategoryIds) : undefined))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(candidateCount)
    .as("candidates");
  const match = words.length > 0 ? titleRank(candidates.title, sql`${topicQuery(words)}`) : null;
  const found = await db
    .select({ id: candidates.id, title: candidates.title, categorySlug: candidates.categorySlug, readTimeMinutes: candidates.readTimeMinutes })
    .from(candidates)
    .where(amongCategoryIds ? undefined : match?.matches)
    .orderBy(...(match ? [desc(match.rank)] : []), desc(candidates.publishedAt), desc(candidates.id))
    .limit(limit);
  return { articles: found, amongCategoryIds };
}
