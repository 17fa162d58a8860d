import { and, asc, eq } from "drizzle-orm";
import { articles, comments, profiles } from "../../database/schema";
import { publishedOnly } from "./articles.server";
import type { ClientInfo, SessionUser } from "./auth.server";
import { describeWait, hitRateLimits } from "./rate-limit.server";
import { services } from "./services.server";
import { isUuid } from "../lib/uuid";

const tenMinutes = 10 * 60;

/** Approved comments of an article, oldest first; pending and rejected ones are never public. */
export async function listApprovedComments(articleId: string) {
  const rows = await services()
    .db.select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      displayName: profiles.displayName,
    })
    .from(comments)
    .leftJoin(profiles, eq(profiles.id, comments.userId))
    .where(and(eq(comments.articleId, articleId), eq(comments.status, "approved")))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map(({ displayName, ...comment }) => ({
    ...comment,
    author: displayName?.trim() || "Anonymous reader",
  }));
}

export type PublicComment = Awaited<ReturnType<typeof listApprovedComments>>[number];

export async function isPublishedArticle(articleId: string): Promise<boolean> {
  if (!isUuid(articleId)) return false;
  const [row] = await services()
    .db.select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, articleId), publishedOnly));
  return Boolean(row);
}

/** Counts one comment against the author's and the client's limits; the wait text when over. */
export async function commentRateLimitMessage(user: SessionUser, client: ClientInfo): Promise<string | null> {
  const wait = await hitRateLimits(services().db, [
    { key: `comment:user:${user.id}`, limit: 5, windowSeconds: tenMinutes },
    // Looser: several readers may share one school or office address.
    { key: `comment:ip:${client.ip}`, limit: 20, windowSeconds: tenMinutes },
  ]);
  return wait === null ? null : `You are commenting too fast. Please try again in ${describeWait(wait)}.`;
}

/** Stores a reader's comment for moderation. */
export async function addPendingComment(input: { articleId: string; userId: string; content: string }) {
  await services()
    .db.insert(comments)
    .values({ ...input, status: "pending" });
}
