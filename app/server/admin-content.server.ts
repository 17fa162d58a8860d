import { and, count, eq, like, ne, or } from "drizzle-orm";
import { articles, categories, comments, profiles, teamMembers } from "../../database/schema";
import type { ArticleFormInput, CategoryFormInput, ProfileEditInput, TeamMemberFormInput } from "../lib/admin-schemas";
import { slugify } from "../lib/slug";
import { articleBody } from "./article-body.server";
import { changedFields, currentState, findRevision, recordRevision } from "./article-revisions.server";
import { discardAutosavesOf } from "./article-autosave.server";
import type { AppDb } from "./db-types.server";
import { sqlState } from "./db-types.server";
import { setRole } from "./owner.server";

/** An expected refusal with a message meant for the editor (shown in a toast or the form). */
export class AdminInputError extends Error {}

/**
 * The title's slug (spec §5), made unique: a clash gets -2, -3… (never an error page).
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
  // Two editors saving the same title at once: the loser recomputes its suffix.
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

/** The form's fields with the schedule read in the site's time zone (null unless scheduled). */
export type ArticleSave = Omit<ArticleFormInput, "scheduledAt"> & { scheduledAt: Date | null };

/** Spec §4: created as published → published_at now, otherwise null. */
export async function createArticle(db: AppDb, input: ArticleSave, authorId: string | null) {
  await assertCategoryExists(db, input.categoryId);
  return withSlugRetry(async () => {
    const [created] = await db
      .insert(articles)
      .values({
        ...input,
        ...articleBody(input.content),
        authorId,
        slug: await uniqueArticleSlug(db, input.title),
        publishedAt: input.status === "published" ? new Date() : null,
      })
      .returning({ id: articles.id, slug: articles.slug });
    await recordRevision(db, created!.id, input, authorId);
    return created!;
  });
}

/**
 * Spec §4: every save as published resets published_at to now; a draft or scheduled article has
 * none. A save that changes anything is kept as a revision, with who made it.
 */
export async function updateArticle(db: AppDb, id: string, input: ArticleSave, editorId: string | null) {
  await assertCategoryExists(db, input.categoryId);
  const before = await currentState(db, id);
  return withSlugRetry(async () => {
    const [updated] = await db
      .update(articles)
      .set({
        ...input,
        ...articleBody(input.content),
        slug: await uniqueArticleSlug(db, input.title, id),
        publishedAt: input.status === "published" ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(eq(articles.id, id))
      .returning({ id: articles.id, slug: articles.slug });
    if (!updated) throw new AdminInputError("This article no longer exists.");
    if (changedFields(before, input).length > 0) await recordRevision(db, id, input, editorId);
    return updated;
  });
}

/** Makes a revision the article's current version (itself a new revision). A schedule already past comes back as a draft. */
export async function restoreRevision(db: AppDb, articleId: string, revisionId: string, editorId: string | null) {
  const revision = await findRevision(db, articleId, revisionId);
  if (!revision) throw new AdminInputError("This revision no longer exists.");
  const pastSchedule = revision.status === "scheduled" && (revision.scheduledAt?.getTime() ?? 0) <= Date.now();
  await updateArticle(db, articleId, pastSchedule ? { ...revision, status: "draft", scheduledAt: null } : revision, editorId);
}

export async function deleteArticle(db: AppDb, id: string) {
  const deleted = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  if (deleted.length === 0) throw new AdminInputError("This article no longer exists.");
  await discardAutosavesOf(db, id);
}

export async function saveCategory(db: AppDb, input: CategoryFormInput, id?: string) {
  try {
    if (!id) {
      const [created] = await db.insert(categories).values(input).returning({ id: categories.id });
      return created!;
    }
    const [updated] = await db.update(categories).set(input).where(eq(categories.id, id)).returning({ id: categories.id });
    if (!updated) throw new AdminInputError("This category no longer exists.");
    return updated;
  } catch (error) {
    if (sqlState(error) === "23505") throw new AdminInputError(`The slug "${input.slug}" is already used by another category.`);
    throw error;
  }
}

/** Refused while articles use the category, saying how many: nothing is lost or orphaned. */
export async function deleteCategory(db: AppDb, id: string) {
  const [usage] = await db.select({ n: count() }).from(articles).where(eq(articles.categoryId, id));
  const used = usage!.n;
  if (used > 0) {
    throw new AdminInputError(
      `This category is used by ${used} ${used === 1 ? "article" : "articles"}. Move ${used === 1 ? "it" : "them"} to another category first.`,
    );
  }
  try {
    const deleted = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (deleted.length === 0) throw new AdminInputError("This category no longer exists.");
  } catch (error) {
    // An article assigned between the count and the delete: the foreign key refuses (23001 on PostgreSQL 18, 23503 on 15).
    if (sqlState(error) === "23001" || sqlState(error) === "23503") throw new AdminInputError("This category is used by articles. Move them to another category first.");
    throw error;
  }
}

export async function saveTeamMember(db: AppDb, input: TeamMemberFormInput, id?: string) {
  if (!id) {
    const [created] = await db.insert(teamMembers).values(input).returning({ id: teamMembers.id });
    return created!;
  }
  const [updated] = await db
    .update(teamMembers)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(teamMembers.id, id))
    .returning({ id: teamMembers.id });
  if (!updated) throw new AdminInputError("This team member no longer exists.");
  return updated;
}

export async function deleteTeamMember(db: AppDb, id: string) {
  const deleted = await db.delete(teamMembers).where(eq(teamMembers.id, id)).returning({ id: teamMembers.id });
  if (deleted.length === 0) throw new AdminInputError("This team member no longer exists.");
}

/** Spec §4: approve or reject from any state, in one step. */
export async function setCommentStatus(db: AppDb, id: string, status: "approved" | "rejected") {
  const updated = await db.update(comments).set({ status }).where(eq(comments.id, id)).returning({ id: comments.id });
  if (updated.length === 0) throw new AdminInputError("This comment no longer exists.");
}

export async function deleteComment(db: AppDb, id: string) {
  const deleted = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  if (deleted.length === 0) throw new AdminInputError("This comment no longer exists.");
}

/** Spec §5 user edit: trimmed, null when empty, updated_at now; the owner keeps the admin role. */
export async function updateProfile(db: AppDb, id: string, input: ProfileEditInput) {
  const [existing] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id));
  if (!existing) throw new AdminInputError("This user no longer exists.");
  await setRole(db, id, input.role);
  await db.update(profiles).set({ displayName: input.displayName, bio: input.bio, updatedAt: new Date() }).where(eq(profiles.id, id));
}
