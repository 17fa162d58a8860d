import { and, eq, like, ne, or } from "drizzle-orm";
import { articles, categories } from "#database/schema";
import type { ArticleCurriculum, ArticleFormInput } from "#app/lib/admin-schemas";
import { afterCurriculumSave, curriculumColumns, translationGroupOf } from "./curriculum.server";
import { slugify } from "#app/lib/slug";
import type { TagName } from "#app/lib/tags";
import type { ArticleActor } from "#app/lib/article-access";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { articleBody } from "./article-body.server";
import { changedFields, currentState, findRevision, recordRevision } from "./article-revisions.server";
import { discardAutosavesOf } from "./article-autosave.server";
import { setArticleTags } from "./tags.server";
import { addFirstByline } from "./bylines.server";
import { sqlState, type AppDb } from "#app/server/db/types.server";

/**
 * The title's slug, made unique: a clash gets -2, -3… (never an error page).
 * `excludeId` lets an article keep its own slug when edited.
 */
export async function uniqueArticleSlug(db: AppDb, title: string, excludeId?: string): Promise<string> {
  const base = slugify(title) || "article";
  const taken = new Set(
    (
      await db
        .select({ slug: articles.slug })
        .from(articles)
        .where(and(or(eq(articles.slug, base), like(articles.slug, `${base}-%`)), excludeId ? ne(articles.id, excludeId) : undefined))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

async function withSlugRetry<T>(write: () => Promise<T>): Promise<T> {
  // Two editors saving the same title at once: the loser's transaction (a savepoint when the caller
  // holds one) is rolled back, and it runs again with a new suffix.
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (sqlState(error) !== "23505" || attempt >= 3) throw error;
    }
  }
}

async function assertCategoryExists(db: AppDb, categoryId: string) {
  const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!found) throw new AdminInputError("That category no longer exists. Please choose another.");
}

/**
 * The form's fields with the schedule read in the site's time zone (null unless scheduled). No
 * `tags` or `curriculum`: the article keeps the ones it has (a restored revision; revisions keep neither).
 */
export type ArticleSave = Omit<
  ArticleFormInput,
  "scheduledAt" | "tags" | "level" | "resourceType" | "subjects" | "language" | "languageOther" | "translationOf"
> & {
  scheduledAt: Date | null;
  tags?: TagName[];
  curriculum?: ArticleCurriculum;
};

/**
 * An article created as published is published now (published_at); a draft or scheduled one has no
 * published_at yet. The row, its tags, its creator's byline and its first revision are one transaction.
 * `author` (null: the system) is its creator, and bounds what it may name under "Translation of".
 */
export async function createArticle(db: AppDb, { tags, curriculum, ...input }: ArticleSave, author: ArticleActor | null) {
  const authorId = author?.id ?? null;
  const body = articleBody(input.content); // once, not again on a slug retry
  return withSlugRetry(() =>
    db.transaction(async (tx) => {
      await assertCategoryExists(tx, input.categoryId);
      const curriculumRow = curriculum ? await curriculumColumns(tx, null, curriculum, author) : null;
      const [created] = await tx
        .insert(articles)
        .values({
          ...input,
          ...body,
          ...curriculumRow,
          authorId,
          slug: await uniqueArticleSlug(tx, input.title),
          publishedAt: input.status === "published" ? new Date() : null,
        })
        .returning({ id: articles.id, slug: articles.slug });
      if (tags) await setArticleTags(tx, created!.id, tags);
      if (curriculum) await afterCurriculumSave(tx, created!.id, curriculum, null);
      await addFirstByline(tx, created!.id, authorId);
      await recordRevision(tx, created!.id, input, authorId);
      return created!;
    }),
  );
}

/**
 * Every save as published resets published_at to now; a draft or scheduled article has
 * none. A save that changes anything is kept as a revision, with who made it. Tags, row and
 * revision are one transaction: a crash or a failed statement leaves the article as it was, and
 * the change events that drop cached pages are sent at commit, once all of it is there.
 */
export async function updateArticle(db: AppDb, id: string, { tags, curriculum, ...input }: ArticleSave, editor: ArticleActor | null) {
  const editorId = editor?.id ?? null;
  const body = articleBody(input.content);
  return withSlugRetry(() =>
    db.transaction(async (tx) => {
      await assertCategoryExists(tx, input.categoryId);
      const before = await currentState(tx, id);
      if (!before) throw new AdminInputError("This article no longer exists.");
      if (tags) await setArticleTags(tx, id, tags);
      const groupBefore = curriculum ? await translationGroupOf(tx, id) : null;
      const curriculumRow = curriculum ? await curriculumColumns(tx, id, curriculum, editor) : null;
      const [updated] = await tx
        .update(articles)
        .set({
          ...input,
          ...body,
          ...curriculumRow,
          slug: await uniqueArticleSlug(tx, input.title, id),
          publishedAt: input.status === "published" ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(eq(articles.id, id))
        .returning({ id: articles.id, slug: articles.slug });
      if (!updated) throw new AdminInputError("This article no longer exists.");
      if (curriculum) await afterCurriculumSave(tx, id, curriculum, groupBefore !== curriculumRow?.translationGroup ? groupBefore : null);
      if (changedFields(before, input).length > 0) await recordRevision(tx, id, input, editorId);
      return updated;
    }),
  );
}

/**
 * Makes a revision the article's current version (itself a new revision). A schedule already past
 * comes back as a draft. `check` runs first in the transaction, with the version to be restored
 * (an access check throws there, and nothing changes).
 */
export async function restoreRevision(
  db: AppDb,
  articleId: string,
  revisionId: string,
  editor: ArticleActor | null,
  check: (tx: AppDb, restored: ArticleSave) => Promise<void> = async () => {},
) {
  await db.transaction(async (tx) => {
    const revision = await findRevision(tx, articleId, revisionId);
    if (!revision) throw new AdminInputError("This revision no longer exists.");
    const pastSchedule = revision.status === "scheduled" && (revision.scheduledAt?.getTime() ?? 0) <= Date.now();
    const restored: ArticleSave = pastSchedule ? { ...revision, status: "draft", scheduledAt: null } : revision;
    await check(tx, restored);
    await updateArticle(tx, articleId, restored, editor);
  });
}

/** The article and every editor's autosave of it, in one transaction; `check` runs first in it (an access check throws there). */
export async function deleteArticle(db: AppDb, id: string, check: (tx: AppDb) => Promise<unknown> = async () => {}) {
  await db.transaction(async (tx) => {
    await check(tx);
    const deleted = await tx.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
    if (deleted.length === 0) throw new AdminInputError("This article no longer exists.");
    await discardAutosavesOf(tx, id);
  });
}
