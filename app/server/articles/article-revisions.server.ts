import { and, desc, eq, inArray } from "drizzle-orm";
import { diffLines, diffWords } from "diff";
import { articleRevisions, articles, categories, profiles, users } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import type { ArticleStatus } from "#app/lib/article-access";

/** What a revision keeps: everything an editor saves. */
export const revisedFields = ["title", "excerpt", "content", "categoryId", "status", "featuredImageUrl", "featuredImageAlt", "scheduledAt"] as const;
export type RevisedField = (typeof revisedFields)[number];
export interface ArticleState {
  title: string;
  excerpt: string | null;
  content: string;
  categoryId: string;
  status: ArticleStatus;
  featuredImageUrl: string | null;
  featuredImageAlt: string | null;
  scheduledAt: Date | null;
}

export const keptRevisions = 50;

export const fieldLabels: Record<RevisedField, string> = {
  title: "title",
  excerpt: "excerpt",
  content: "content",
  categoryId: "category",
  status: "status",
  featuredImageUrl: "image",
  featuredImageAlt: "alt text",
  scheduledAt: "schedule",
};

const same = (a: unknown, b: unknown) => (a instanceof Date || b instanceof Date ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime() : a === b);

/** The fields that differ between two states (all of them when there is no earlier one). */
export function changedFields(before: ArticleState | null, after: ArticleState): RevisedField[] {
  return revisedFields.filter((field) => !before || !same(before[field], after[field]));
}

export const stateOf = ({ title, excerpt, content, categoryId, status, featuredImageUrl, featuredImageAlt, scheduledAt }: ArticleState): ArticleState => ({
  title,
  excerpt,
  content,
  categoryId,
  status,
  featuredImageUrl,
  featuredImageAlt,
  scheduledAt,
});

/** Keeps `state` as the article's newest revision, and only the last 50. */
export async function recordRevision(db: AppDb, articleId: string, state: ArticleState, editorId: string | null) {
  await db.insert(articleRevisions).values({ articleId, editorId, ...stateOf(state) });
  const beyondKept = db
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id))
    .offset(keptRevisions);
  await db.delete(articleRevisions).where(and(eq(articleRevisions.articleId, articleId), inArray(articleRevisions.id, beyondKept)));
}

/** The article's current state, or null when it does not exist. */
export async function currentState(db: AppDb, articleId: string): Promise<ArticleState | null> {
  const [row] = await db
    .select(Object.fromEntries(revisedFields.map((field) => [field, articles[field]])) as { [Field in RevisedField]: (typeof articles)[Field] })
    .from(articles)
    .where(eq(articles.id, articleId));
  return row ? stateOf(row as ArticleState) : null;
}

/** The revisions, newest first, each with who saved it and what it changed from the one before. */
export async function listRevisions(db: AppDb, articleId: string) {
  const rows = await db
    .select({ id: articleRevisions.id, createdAt: articleRevisions.createdAt, editorName: profiles.displayName, editorEmail: users.email, ...stateColumns() })
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.editorId))
    .leftJoin(profiles, eq(profiles.id, articleRevisions.editorId))
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id));
  return rows.map((row, index) => {
    const older = rows[index + 1];
    return {
      id: row.id,
      createdAt: row.createdAt,
      // No account: the demo magazine's history, or an account deleted since.
      editor: row.editorName?.trim() || row.editorEmail || "The Educator",
      changed: older ? changedFields(stateOf(older as ArticleState), stateOf(row as ArticleState)).map((field) => fieldLabels[field]) : ["created"],
    };
  });
}

function stateColumns() {
  return Object.fromEntries(revisedFields.map((field) => [field, articleRevisions[field]])) as { [Field in RevisedField]: (typeof articleRevisions)[Field] };
}

export async function findRevision(db: AppDb, articleId: string, revisionId: string): Promise<ArticleState | null> {
  const [row] = await db
    .select(stateColumns())
    .from(articleRevisions)
    .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.id, revisionId)));
  return row ? stateOf(row as ArticleState) : null;
}

const withFinalNewline = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);

export interface DiffPart {
  text: string;
  change: "added" | "removed" | "same";
}

const parts = (changes: { value: string; added?: boolean; removed?: boolean }[]): DiffPart[] =>
  changes.map((change) => ({ text: change.value, change: change.added ? "added" : change.removed ? "removed" : "same" }));

/** A readable difference from a revision to the current article: words in short fields, lines in the body. */
export async function compareWithCurrent(db: AppDb, revision: ArticleState, current: ArticleState) {
  const categoryName = async (id: string) =>
    (await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id)))[0]?.name ?? "A deleted category";
  const text = (value: string | null) => value ?? "";
  return {
    title: parts(diffWords(revision.title, current.title)),
    excerpt: parts(diffWords(text(revision.excerpt), text(current.excerpt))),
    // Whole lines, each ending in a newline: a last line is not "changed" by one added after it.
    content: parts(diffLines(withFinalNewline(revision.content), withFinalNewline(current.content))),
    others: await Promise.all(
      changedFields(revision, current)
        .filter((field) => field !== "title" && field !== "excerpt" && field !== "content")
        .map(async (field) => {
          const show = async (state: ArticleState) =>
            field === "categoryId"
              ? await categoryName(state.categoryId)
              : field === "scheduledAt"
                ? (state.scheduledAt?.toISOString() ?? "none")
                : (state[field] ?? "none");
          return { field: fieldLabels[field], from: await show(revision), to: await show(current) };
        }),
    ),
  };
}
