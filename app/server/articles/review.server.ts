import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import { articleNotes, articles, categories, profiles, users } from "#database/schema";
import { rolesThatCan } from "#app/lib/access";
import type { ArticleStatus } from "#app/lib/article-access";
import { bylineAccountsColumn } from "./bylines.server";
import type { AppDb } from "#app/server/db/types.server";
import type { Mail } from "#app/server/core/mail.server";
import { enqueueMail, type ComposeMail } from "#app/server/core/mail-queue.server";
import { services } from "#app/server/core/services.server";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { stampDateTime } from "#app/server/core/stamps.server";

// The review of contributors' articles: a draft submitted for review waits as "pending" in the
// editors' Review queue; an editor leaves notes, sends it back with a note (a draft again), or
// publishes or schedules it. Each step is kept as a note (who, when) and, when the status moves,
// as a revision (the save that moves it makes one). Mails go through the mail queue after commit.

export const maxNoteLength = 5000;
export const noteMissingText = "Write a note for the writer first.";
const noteTooLongText = `A note can be at most ${maxNoteLength.toLocaleString("en-US")} characters.`;

interface Actor {
  id: string;
  displayName: string | null;
  email: string;
}

/** Who wrote an article and how it was titled, or null when it is gone. */
async function articleHead(db: AppDb, articleId: string) {
  const [article] = await db
    .select({ title: articles.title, authorId: articles.authorId, writerIds: bylineAccountsColumn })
    .from(articles)
    .where(eq(articles.id, articleId));
  return article ?? null;
}

/** The accounts to tell about a review step: whoever created the article and its co-writers, except who took the step. */
function writersToTell(article: { authorId: string | null; writerIds: string[] }, actor: Actor) {
  return [...new Set([article.authorId, ...article.writerIds])].filter((id): id is string => id !== null && id !== actor.id);
}

/** Checks a note's text: trimmed, required, at most 5,000 characters. */
export function noteText(value: unknown): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) throw new AdminInputError(noteMissingText);
  if (text.length > maxNoteLength) throw new AdminInputError(noteTooLongText);
  return text;
}

async function addNote(db: AppDb, articleId: string, actor: Actor, kind: (typeof articleNotes.$inferInsert)["kind"], body: string | null) {
  await db.insert(articleNotes).values({ articleId, authorId: actor.id, authorName: actor.displayName ?? actor.email, kind, body });
}

/**
 * What a save that moved an article from `before` to `after` means for its review, in the save's
 * transaction: submitted (noted, and every editor and admin but the writer is mailed), or, for
 * an article that was waiting, published or scheduled by an editor (its writers are mailed).
 */
export async function afterArticleSave(db: AppDb, articleId: string, actor: Actor, before: ArticleStatus | null, after: ArticleStatus) {
  if (after === "pending" && before !== "pending") {
    await addNote(db, articleId, actor, "submitted", null);
    const editors = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(inArray(profiles.role, rolesThatCan("editAllArticles")), ne(profiles.id, actor.id)));
    for (const editor of editors) await enqueueMail(db, { kind: "review-submitted", userId: editor.id, articleId });
    return;
  }
  if (before === "pending" && (after === "published" || after === "scheduled")) {
    const article = await articleHead(db, articleId);
    for (const writer of article ? writersToTell(article, actor) : []) {
      await enqueueMail(db, { kind: after === "published" ? "review-published" : "review-scheduled", userId: writer, articleId });
    }
  }
}

/** An editor's note to the writer, kept with the article; the status does not move. */
export async function leaveNote(db: AppDb, articleId: string, actor: Actor, body: unknown) {
  const text = noteText(body);
  if (!(await articleHead(db, articleId))) throw new AdminInputError("This article no longer exists.");
  await addNote(db, articleId, actor, "note", text);
}

/**
 * Sends a waiting article back to its writer as a draft, with a note saying what to change (the
 * status change is a revision, made by `saveAsDraft` in the same transaction); its writers are mailed.
 */
export async function requestChanges(db: AppDb, articleId: string, actor: Actor, body: unknown, saveAsDraft: (tx: AppDb) => Promise<void>) {
  const text = noteText(body);
  await db.transaction(async (tx) => {
    const [article] = await tx
      .select({ status: articles.status, authorId: articles.authorId, writerIds: bylineAccountsColumn })
      .from(articles)
      .where(eq(articles.id, articleId))
      .for("update");
    if (!article) throw new AdminInputError("This article no longer exists.");
    if (article.status !== "pending") throw new AdminInputError("Only an article waiting for review can be sent back.");
    await saveAsDraft(tx);
    await addNote(tx, articleId, actor, "changes-requested", text);
    for (const writer of writersToTell(article, actor)) await enqueueMail(tx, { kind: "review-changes-requested", userId: writer, articleId });
  });
}

/** The review notes of an article, oldest first, each with who and when. */
export function listNotes(db: AppDb, articleId: string) {
  return db
    .select({ id: articleNotes.id, kind: articleNotes.kind, body: articleNotes.body, authorName: articleNotes.authorName, createdAt: articleNotes.createdAt })
    .from(articleNotes)
    .where(eq(articleNotes.articleId, articleId))
    .orderBy(asc(articleNotes.createdAt), asc(articleNotes.id));
}

/** The latest editor's note (or request for changes) of each of these articles, for My Articles. */
export async function latestNotes(db: AppDb, articleIds: string[]) {
  if (articleIds.length === 0) return new Map<string, { body: string; authorName: string | null; createdAt: Date }>();
  const rows = await db
    .selectDistinctOn([articleNotes.articleId], {
      articleId: articleNotes.articleId,
      body: articleNotes.body,
      authorName: articleNotes.authorName,
      createdAt: articleNotes.createdAt,
    })
    .from(articleNotes)
    .where(and(inArray(articleNotes.articleId, articleIds), ne(articleNotes.kind, "submitted")))
    .orderBy(articleNotes.articleId, desc(articleNotes.createdAt), desc(articleNotes.id));
  return new Map(rows.map(({ articleId, body, ...note }) => [articleId, { ...note, body: body ?? "" }]));
}

/** The editors' Review queue: articles waiting for review, the longest waiting first, with who wrote them; the first `limit` when given. */
export function listPendingReview(db: AppDb, limit?: number) {
  const queue = db
    .select({
      id: articles.id,
      title: articles.title,
      submittedAt: articles.updatedAt,
      authorName: profiles.displayName,
      authorEmail: users.email,
      categoryName: categories.name,
    })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(profiles, eq(profiles.id, articles.authorId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(eq(articles.status, "pending"))
    .orderBy(asc(articles.updatedAt), asc(articles.id));
  return limit === undefined ? queue : queue.limit(limit);
}

export async function countPendingReview(db: AppDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(eq(articles.status, "pending"));
  return row!.n;
}

// --- Mails -------------------------------------------------------------------------------------

async function recipientAndArticle(db: AppDb, userId: string, articleId: string) {
  const [row] = await db
    .select({
      email: users.email,
      title: articles.title,
      status: articles.status,
      scheduledAt: articles.scheduledAt,
      writerName: profiles.displayName,
    })
    .from(users)
    .innerJoin(articles, eq(articles.id, articleId))
    .leftJoin(profiles, eq(profiles.id, articles.authorId))
    .where(eq(users.id, userId));
  return row ?? null;
}

async function latestRequest(db: AppDb, articleId: string) {
  const [note] = await db
    .select({ body: articleNotes.body, authorName: articleNotes.authorName })
    .from(articleNotes)
    .where(and(eq(articleNotes.articleId, articleId), eq(articleNotes.kind, "changes-requested")))
    .orderBy(desc(articleNotes.createdAt), desc(articleNotes.id))
    .limit(1);
  return note ?? null;
}

/**
 * The queue's `compose` for review mails: made when sent, from the article as it is then. A mail
 * whose news is no longer true (the article moved on, or is gone) is not sent.
 */
export const composeReviewMail: ComposeMail = async (db, job) => {
  if (!job.userId || !job.articleId) return null;
  const found = await recipientAndArticle(db, job.userId, job.articleId);
  if (!found) return null;
  const { PUBLIC_URL: publicUrl, SITE_TIMEZONE: timeZone } = services().config;
  const editLink = `${publicUrl}/admin/articles/${job.articleId}`;
  const mail = (subject: string, text: string): Mail => ({ to: found.email, subject, text });
  switch (job.kind) {
    case "review-submitted":
      if (found.status !== "pending") return null;
      return mail(
        `For review: ${found.title}`,
        `${found.writerName ?? "A contributor"} submitted "${found.title}" for review at The Educator.\n\nRead it, leave notes, send it back or publish it:\n${editLink}\n\nEvery article waiting for review: ${publicUrl}/admin/review`,
      );
    case "review-changes-requested": {
      if (found.status !== "draft") return null;
      const note = await latestRequest(db, job.articleId);
      return mail(
        `Changes requested: ${found.title}`,
        `${note?.authorName ?? "An editor"} read "${found.title}" and asks for changes before it can be published:\n\n${note?.body ?? ""}\n\nEdit it and submit it again:\n${editLink}`,
      );
    }
    case "review-published":
      if (found.status !== "published") return null;
      return mail(
        `Published: ${found.title}`,
        `"${found.title}" is published on The Educator. Thank you for writing it!\n\nRead it: ${publicUrl}/articles/${job.articleId}`,
      );
    case "review-scheduled":
      if (found.status !== "scheduled" || !found.scheduledAt) return null;
      return mail(
        `Scheduled: ${found.title}`,
        `"${found.title}" will be published on The Educator on ${stampDateTime(found.scheduledAt).text} (${timeZone}). Thank you for writing it!\n\nYour articles: ${publicUrl}/admin/articles`,
      );
    default:
      throw new Error(`Unknown review mail: ${job.kind}`);
  }
};
