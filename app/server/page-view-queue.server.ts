import type { Logger } from "pino";
import { pageViews } from "../../database/schema";
import type { AppDb } from "./db-types.server";

export interface QueuedPageView {
  path: string;
  referrer: string | null;
  visitorId: string;
  createdAt: Date;
}

export interface PageViewQueue {
  /** Accepts a view; it is written with others in the next batch (within `flushMs`). */
  add(view: Omit<QueuedPageView, "createdAt">): void;
  /** Writes everything accepted so far (also called at shutdown). */
  flush(): Promise<void>;
  readonly pending: number;
  stop(): Promise<void>;
}

/**
 * Page views arrive thousands a minute: one multi-row INSERT per batch (and so one pass of
 * the rollup trigger) instead of one per view keeps ingestion off the readers' critical path.
 * A batch that fails is retried with the next one; the queue is bounded so a dead database
 * cannot exhaust memory (new views are dropped then, and logged).
 */
export function createPageViewQueue(db: AppDb, log: Logger, options: { flushMs?: number; maxBatch?: number; maxPending?: number } = {}): PageViewQueue {
  const flushMs = options.flushMs ?? 250;
  const maxBatch = options.maxBatch ?? 2000;
  const maxPending = options.maxPending ?? 100_000;
  let queue: QueuedPageView[] = [];
  let writing: Promise<void> | null = null;
  let dropped = 0;

  async function writeBatches() {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      try {
        await db.insert(pageViews).values(batch);
        queue = queue.slice(batch.length);
      } catch (error) {
        log.error({ err: error, pending: queue.length }, "page views not written yet; will retry");
        return;
      }
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
      if (queue.length >= maxBatch) void flush();
    },
    flush: async () => {
      await flush();
      if (queue.length > 0) await flush(); // views added while the previous batch was written
    },
    get pending() {
      return queue.length;
    },
    async stop() {
      clearInterval(timer);
      await this.flush();
    },
  };
}
