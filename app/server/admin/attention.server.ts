import { asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { articles, comments, contactMessages } from "#database/schema";
import { dailyFigures, lastDays } from "#app/server/analytics/analytics.server";
import type { AppDb } from "#app/server/db/types.server";
import { inboxCounts } from "#app/server/inbox/inbox.server";
import { can, type Role } from "#app/lib/access";
import { countPendingReview, listPendingReview } from "#app/server/articles/review.server";
import { countPendingPosts, listPendingPosts } from "#app/server/community/community.server";

/**
 * What waits for staff, counted for the admin sidebar: pending comments, unread Contact messages (the
 * Inbox), articles and Ask Kafundisha posts waiting. Each thing counts once, where it is handled.
 */
export async function attentionCounts(db: AppDb) {
  const [[pending], inbox, pendingReview, pendingCommunity] = await Promise.all([
    db.select({ n: count() }).from(comments).where(eq(comments.status, "pending")),
    inboxCounts(db),
    countPendingReview(db),
    countPendingPosts(db),
  ]);
  return { pendingComments: pending!.n, unreadInbox: inbox.unread, pendingReview, pendingCommunity };
}

/** The sidebar's counts as `role` may see them: 0 behind a screen it may not open, and nothing counted for it. */
export async function attentionCountsFor(db: AppDb, role: Role): Promise<AttentionCounts> {
  if (!can(role, "moderateComments") && !can(role, "moderateCommunity") && !can(role, "readInbox") && !can(role, "editAllArticles"))
    return { pendingComments: 0, unreadInbox: 0, pendingReview: 0, pendingCommunity: 0 };
  const counts = await attentionCounts(db);
  return {
    pendingComments: can(role, "moderateComments") ? counts.pendingComments : 0,
    pendingCommunity: can(role, "moderateCommunity") ? counts.pendingCommunity : 0,
    unreadInbox: can(role, "readInbox") ? counts.unreadInbox : 0,
    pendingReview: can(role, "editAllArticles") ? counts.pendingReview : 0,
  };
}

export type AttentionCounts = Awaited<ReturnType<typeof attentionCounts>>;

const listed = 5;

/**
 * The dashboard's list of what waits: the newest few of each kind, with their counts, and the
 * week's views. The inbox and the views only for a role that may open them (null otherwise).
 */
export async function loadWaitingWork(db: AppDb, timeZone: string, role: Role) {
  const week = lastDays(7, timeZone);
  const readsInbox = can(role, "readInbox");
  const nothing = Promise.resolve([]);
  const [counts, pendingComments, messages, [drafts], draftList, scheduled, views] = await Promise.all([
    attentionCountsFor(db, role),
    db
      .select({ id: comments.id, content: comments.content, createdAt: comments.createdAt, articleTitle: articles.title })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .where(eq(comments.status, "pending"))
      .orderBy(desc(comments.createdAt))
      .limit(listed),
    readsInbox
      ? db
          .select({ id: contactMessages.id, title: contactMessages.subject, createdAt: contactMessages.createdAt })
          .from(contactMessages)
          .where(isNull(contactMessages.readAt))
          .orderBy(desc(contactMessages.createdAt))
          .limit(listed)
      : nothing,
    db.select({ n: count() }).from(articles).where(eq(articles.status, "draft")),
    db.select({ id: articles.id, title: articles.title }).from(articles).where(eq(articles.status, "draft")).orderBy(desc(articles.updatedAt)).limit(listed),
    db
      .select({ id: articles.id, title: articles.title, scheduledAt: sql<Date>`${articles.scheduledAt}`.mapWith(articles.scheduledAt) })
      .from(articles)
      .where(eq(articles.status, "scheduled"))
      .orderBy(asc(articles.scheduledAt)),
    can(role, "viewAnalytics") ? dailyFigures(db, week.from, week.to) : null,
  ]);
  const [awaitingReview, community] = await Promise.all([listPendingReview(db, listed), listPendingPosts(db, listed)]);
  const communityWaiting = [
    ...community.questions.map((question) => ({ id: question.id, title: question.title, createdAt: question.createdAt, kind: "Question" as const })),
    ...community.answers.map((answer) => ({ id: answer.id, title: `To “${answer.questionTitle}”`, createdAt: answer.createdAt, kind: "Answer" as const })),
  ]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .slice(0, listed);
  return {
    pendingComments: { count: counts.pendingComments, latest: pendingComments },
    unread: readsInbox ? { count: counts.unreadInbox, latest: messages } : null,
    review: { count: counts.pendingReview, latest: awaitingReview },
    community: { count: counts.pendingCommunity, latest: communityWaiting },
    drafts: { count: drafts!.n, latest: draftList },
    scheduled,
    views,
  };
}
