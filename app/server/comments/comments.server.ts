import { and, count, eq, ilike, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { articles, comments, profiles, users } from "#database/schema";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { listSearchText } from "#app/lib/list-search";
import { containsPattern, idSearch, type AppDb } from "#app/server/db/types.server";
import { countedPage, firstPage, keysetPage, type KeysetOrder, type PageRequest } from "#app/server/db/keyset.server";
import { publishedOnly } from "#app/server/articles/published.server";
import type { ClientInfo, SessionUser } from "#app/server/auth/auth.server";
import { describeWait, hitRateLimits } from "#app/server/auth/rate-limit.server";
import { services } from "#app/server/core/services.server";
import { addressKey } from "#app/server/core/address-key.server";
import { rolesThatCan } from "#app/lib/access";
import { isUuid } from "#app/lib/uuid";

const tenMinutes = 10 * 60;

export async function isPublishedArticle(articleId: string): Promise<boolean> {
  if (!isUuid(articleId)) return false;
  const [row] = await services()
    .db.select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, articleId), publishedOnly));
  return Boolean(row);
}

const tooFastTexts = { comment: "You are commenting too fast.", answer: "You are answering too fast." };

/** Ask Kafundisha answers an account that is not yet trusted may post within an hour. */
export const newAccountPostsPerHour = 10;

/**
 * Counts one comment (or Ask Kafundisha answer) against the author's and the client's limits, at
 * most 5 in 10 minutes per account and 20 per address, and `newAccountPostsPerHour` for an account
 * not yet trusted; the wait text when over, else null.
 */
export async function postRateLimitMessage(kind: keyof typeof tooFastTexts, user: SessionUser, client: ClientInfo, newAccount = false): Promise<string | null> {
  const wait = await hitRateLimits(services().db, [
    { key: `${kind}:user:${user.id}`, limit: 5, windowSeconds: tenMinutes },
    // Looser: several readers may share one school or office address.
    { key: `${kind}:ip:${addressKey(client.ip)}`, limit: 20, windowSeconds: tenMinutes },
    ...(newAccount ? [{ key: `${kind}:new-account:${user.id}`, limit: newAccountPostsPerHour, windowSeconds: 60 * 60 }] : []),
  ]);
  return wait === null ? null : `${tooFastTexts[kind]} Please try again in ${describeWait(wait)}.`;
}

/** Stores a reader's comment for moderation, under the author's name as it is now. */
export async function addPendingComment(input: { articleId: string; author: Pick<SessionUser, "id" | "displayName">; content: string }) {
  await services().db.insert(comments).values({
    articleId: input.articleId,
    userId: input.author.id,
    authorName: input.author.displayName,
    content: input.content,
    status: "pending",
  });
  if (services().config.COMMENT_ALERTS) void alertStaffOfPendingComment(input.articleId);
}

/**
 * With COMMENT_ALERTS on, everyone who moderates comments (editors and admins) hears of a comment
 * waiting for moderation, by email. The
 * reader's comment is saved whatever happens to the mail; a failure is only logged.
 */
async function alertStaffOfPendingComment(articleId: string) {
  const { db, mailer, log, config } = services();
  try {
    const [[article], admins] = await Promise.all([
      db.select({ title: articles.title }).from(articles).where(eq(articles.id, articleId)),
      db
        .select({ email: users.email })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .where(inArray(profiles.role, rolesThatCan("moderateComments"))),
    ]);
    const review = `${config.PUBLIC_URL}/admin/comments?status=pending`;
    const text = `A reader commented on "${article?.title ?? "an article"}". The comment waits for moderation:\n\n${review}\n`;
    await Promise.all(admins.map(({ email }) => mailer.send({ to: email, subject: "A new comment awaits moderation", text })));
  } catch (error) {
    log.error({ err: error, articleId }, "comment alert not sent");
  }
}

export const commentFilterSchema = z.object({
  q: listSearchText,
  status: z.enum(["all", "pending", "approved", "rejected"]).catch("all"),
  /** Only the comments on this article (its title in a row links here). */
  article: z.uuid().nullable().catch(null),
});
export type CommentFilter = z.output<typeof commentFilterSchema>;

const commentOrder: KeysetOrder = { name: "comments", columns: [comments.createdAt, comments.id], direction: "desc" };

/**
 * The comments a search box matches: by content, by their article's title or by their writer's id.
 * Each arm reads its own index (the content's and the title's trigrams, the writer's id), so 200,000
 * comments are searched without reading them all (npm run bench:admin-lists).
 */
function commentsMatching(db: AppDb, text: string) {
  const pattern = containsPattern(text);
  const byId = idSearch(comments.userId, text);
  return inArray(
    comments.id,
    db
      .select({ id: comments.id })
      .from(comments)
      .where(or(ilike(comments.content, pattern), byId))
      .union(
        db
          .select({ id: comments.id })
          .from(comments)
          .where(inArray(comments.articleId, db.select({ id: articles.id }).from(articles).where(ilike(articles.title, pattern)))),
      ),
  );
}

/** Admin comments, newest first, searched by content, article title or user id, a page at a time, with how many match. */
export function listComments(db: AppDb, filter: CommentFilter, page: PageRequest = firstPage) {
  const matching = and(
    filter.status === "all" ? undefined : eq(comments.status, filter.status),
    filter.article ? eq(comments.articleId, filter.article) : undefined,
    filter.q ? commentsMatching(db, filter.q) : undefined,
  );
  const rows = keysetPage(commentOrder, page, (keyset) =>
    db
      .select({
        cursor: keyset.cursor,
        id: comments.id,
        content: comments.content,
        status: comments.status,
        userId: comments.userId,
        authorName: comments.authorName,
        articleId: comments.articleId,
        articleTitle: articles.title,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .where(and(matching, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  // Every comment has its article (deleted with it): the count needs no join.
  return countedPage(rows, db.select({ total: count() }).from(comments).where(matching));
}

/**
 * Comments approved or rejected from any state (pending, approved or rejected), one or a batch in
 * one step; how many were changed. None left (deleted meanwhile) is an error the moderator sees.
 */
export async function setCommentStatus(db: AppDb, ids: readonly string[], status: "approved" | "rejected"): Promise<number> {
  const updated =
    ids.length > 0
      ? await db
          .update(comments)
          .set({ status })
          .where(inArray(comments.id, [...ids]))
          .returning({ id: comments.id })
      : [];
  if (updated.length === 0) throw new AdminInputError(ids.length > 1 ? "These comments no longer exist." : "This comment no longer exists.");
  return updated.length;
}

export async function deleteComment(db: AppDb, id: string) {
  const deleted = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  if (deleted.length === 0) throw new AdminInputError("This comment no longer exists.");
}
