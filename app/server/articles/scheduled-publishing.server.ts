import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { articles } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import { startMinuteJob } from "#app/server/core/minute-job.server";

/**
 * Publishes every scheduled article whose time has come, dated the time it was scheduled for.
 * Each is published once however many instances run this in the same minute: the rows are taken
 * with FOR UPDATE SKIP LOCKED, so a second instance passes over what the first is publishing.
 */
export function publishDueArticles(db: AppDb, now = new Date()) {
  const due = db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.status, "scheduled"), lte(articles.scheduledAt, now)))
    .for("update", { skipLocked: true });
  return db
    .update(articles)
    .set({ status: "published", publishedAt: sql`${articles.scheduledAt}`, scheduledAt: null, updatedAt: now })
    .where(and(inArray(articles.id, due), eq(articles.status, "scheduled")))
    .returning({ id: articles.id, title: articles.title });
}

/**
 * Runs publishDueArticles now (catching up on what a stopped server missed) and then at the start
 * of every minute, until the returned function is called (it waits for a run under way).
 */
export function startScheduledPublishing(db: AppDb, log: Logger): () => Promise<void> {
  return startMinuteJob(
    async () => {
      for (const article of await publishDueArticles(db)) log.info({ articleId: article.id, title: article.title }, "scheduled article published");
    },
    log,
    "scheduled publishing failed; trying again next minute",
  );
}
