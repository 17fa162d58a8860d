import { and, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { articles, pageViews } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import { publishedOnly } from "#app/server/articles/published.server";
import { isUuid } from "#app/lib/uuid";
import type { PageViewQueue, QueuedPageView } from "#app/server/core/services.server";

const articlePath = /^\/articles\/([^/?#]+)(?:[?#]|$)/;

/** The article whose page `path` opens (lower case), or null when it is no article page. */
export function articleIdOf(path: string): string | null {
  const id = articlePath.exec(path)?.[1]?.toLowerCase();
  return id && isUuid(id) ? id : null;
}

/** Views per article among `views`: an article page counts each time it is opened. */
export function countArticleViews(views: readonly Pick<QueuedPageView, "path">[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { path } of views) {
    const id = articleIdOf(path);
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

type Transaction = Parameters<Parameters<AppDb["transaction"]>[0]>[0];

/** Adds the batch's openings to the articles' view counts: one UPDATE per distinct count, published articles only. */
async function addArticleViews(tx: Transaction, batch: readonly QueuedPageView[]) {
  const idsByCount = new Map<number, string[]>();
  for (const [id, views] of countArticleViews(batch)) idsByCount.set(views, [...(idsByCount.get(views) ?? []), id]);
  for (const [views, ids] of idsByCount) {
    await tx
      .update(articles)
      .set({ views: sql`${articles.views} + ${views}` })
      .where(and(inArray(articles.id, ids), publishedOnly));
  }
}

/**
 * Page views arrive thousands a minute: one multi-row INSERT per batch (and so one pass of
 * the rollup trigger) instead of one per view keeps ingestion off the readers' critical path.
 * Openings of an article page also add to its view count, in the same transaction: the count
 * is exact and nothing is written while a page renders.
 * A batch that fails is retried with the next one; the queue is bounded so a dead database
 * cannot exhaust memory (new views are dropped then, and logged).
 * An article's count is read while no batch is being written (read again if one started
 * meanwhile), so the openings waiting here are added to a count that holds none of them.
 */
export function createPageViewQueue(db: AppDb, log: Logger, options: { flushMs?: number; maxBatch?: number; maxPending?: number } = {}): PageViewQueue {
  const flushMs = options.flushMs ?? 250;
  const maxBatch = options.maxBatch ?? 2000;
  const maxPending = options.maxPending ?? 100_000;
  let queue: QueuedPageView[] = [];
  let writing: Promise<void> | null = null;
  let dropped = 0;
  // Openings per article accepted and not yet written; the batch being written, and how many began.
  const waitingViews = new Map<string, number>();
  let batchWriting: Promise<void> | null = null;
  let batchesBegun = 0;

  function forgetWritten(batch: readonly QueuedPageView[]) {
    for (const [id, views] of countArticleViews(batch)) {
      const waiting = (waitingViews.get(id) ?? 0) - views;
      if (waiting > 0) waitingViews.set(id, waiting);
      else waitingViews.delete(id);
    }
  }

  async function writeBatches() {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      batchesBegun++;
      batchWriting = db.transaction(async (tx) => {
        await tx.insert(pageViews).values(batch);
        await addArticleViews(tx, batch);
      });
      try {
        await batchWriting;
        queue = queue.slice(batch.length);
        forgetWritten(batch);
      } catch (error) {
        log.error({ err: error, pending: queue.length }, "page views not written yet; will retry");
        return;
      } finally {
        batchWriting = null;
      }
    }
  }

  async function articleViews(id: string): Promise<number | null> {
    for (let attempt = 1; ; attempt++) {
      if (batchWriting) await batchWriting.catch(() => {});
      const begun = batchesBegun;
      const writing = batchWriting !== null;
      const [row] = await db
        .select({ views: articles.views })
        .from(articles)
        .where(and(eq(articles.id, id), publishedOnly));
      if (!row) return null;
      // Under a steady stream of batches the third read is taken as it is (off by one batch's openings at most).
      if ((!writing && batchesBegun === begun) || attempt === 3) return row.views + (waitingViews.get(id) ?? 0);
    }
  }

  function flush(): Promise<void> {
    writing ??= writeBatches().finally(() => (writing = null));
    return writing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    add(view) {
      if (queue.length >= maxPending) {
        dropped++;
        if (dropped === 1 || dropped % 1000 === 0) log.warn({ dropped }, "page-view queue full: new views dropped");
        return;
      }
      queue.push({ ...view, createdAt: new Date() });
      const id = articleIdOf(view.path);
      if (id) waitingViews.set(id, (waitingViews.get(id) ?? 0) + 1);
      if (queue.length >= maxBatch) void flush();
    },
    flush: async () => {
      await flush();
      if (queue.length > 0) await flush(); // views added while the previous batch was written
    },
    get pending() {
      return queue.length;
    },
    articleViews,
    async stop() {
      clearInterval(timer);
      await this.flush();
    },
  };
}
