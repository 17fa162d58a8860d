import { asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { articles, comments, communityQuestions, contactMessages } from "#database/schema";
import { dailyFigures, lastDays } from "#app/server/analytics/analytics.server";
import type { AppDb } from "#app/server/db/types.server";
import { inboxCounts } from "#app/server/inbox/inbox.server";

/** What waits for staff, counted for the admin sidebar: pending comments and unread inbox items. */
export async function attentionCounts(db: AppDb) {
  const [[pending], inbox] = await Promise.all([db.select({ n: count() }).from(comments).where(eq(comments.status, "pending")), inboxCounts(db)]);
  return { pendingComments: pending!.n, unreadInbox: inbox.messages.unread + inbox.questions.unread };
}

export type AttentionCounts = Awaited<ReturnType<typeof attentionCounts>>;

const listed = 5;

/** The dashboard's list of what waits: the newest few of each kind, with their counts, and the week's views. */
export async function loadWaitingWork(db: AppDb, timeZone: string) {
  const week = lastDays(7, timeZone);
  const [counts, pendingComments, messages, questions, [drafts], draftList, scheduled, views] = await Promise.all([
    attentionCounts(db),
    db
      .select({ id: comments.id, content: comments.content, createdAt: comments.createdAt, articleTitle: articles.title })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .where(eq(comments.status, "pending"))
      .orderBy(desc(comments.createdAt))
      .limit(listed),
    db
      .select({ id: contactMessages.id, title: contactMessages.subject, createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(isNull(contactMessages.readAt))
      .orderBy(desc(contactMessages.createdAt))
      .limit(listed),
    db
      .select({ id: communityQuestions.id, title: communityQuestions.title, createdAt: communityQuestions.createdAt })
      .from(communityQuestions)
      .where(isNull(communityQuestions.readAt))
      .orderBy(desc(communityQuestions.createdAt))
      .limit(listed),
    db.select({ n: count() }).from(articles).where(eq(articles.status, "draft")),
    db.select({ id: articles.id, title: articles.title }).from(articles).where(eq(articles.status, "draft")).orderBy(desc(articles.updatedAt)).limit(listed),
    db
      .select({ id: articles.id, title: articles.title, scheduledAt: sql<Date>`${articles.scheduledAt}`.mapWith(articles.scheduledAt) })
      .from(articles)
      .where(eq(articles.status, "scheduled"))
      .orderBy(asc(articles.scheduledAt)),
    dailyFigures(db, week.from, week.to),
  ]);
  const unread = [...messages.map((item) => ({ ...item, kind: "Message" as const })), ...questions.map((item) => ({ ...item, kind: "Question" as const }))]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, listed);
  return {
    pendingComments: { count: counts.pendingComments, latest: pendingComments },
    unread: { count: counts.unreadInbox, latest: unread },
    drafts: { count: drafts!.n, latest: draftList },
    scheduled,
    views,
  };
}
