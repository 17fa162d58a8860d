import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { articleResources } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";

// The server process and the bundled route modules are separate module graphs: the writes in
// flight are kept in one global slot, so the shutdown (start.server.ts) waits for the routes' ones.
const slot = Symbol.for("the-educator.download-counts");
type Holder = { [slot]?: Set<Promise<void>> };

function inFlight(): Set<Promise<void>> {
  return ((globalThis as Holder)[slot] ??= new Set());
}

/**
 * Adds one to a resource's download count without holding up its download: one atomic
 * `downloads = downloads + 1` per download, started as the file starts to go out and not awaited
 * by the request. Atomic increments stay exact under any concurrency, on any number of instances;
 * a shutdown waits for those in flight (`settleDownloadCounts`) before the database closes.
 */
export function countDownload(db: AppDb, log: Logger, resourceId: string) {
  const write = db
    .update(articleResources)
    .set({ downloads: sql`${articleResources.downloads} + 1` })
    .where(eq(articleResources.id, resourceId))
    .then(
      () => {},
      (error: unknown) => log.error({ err: error, resourceId }, "download count failed"),
    );
  const pending = inFlight();
  pending.add(write);
  void write.finally(() => pending.delete(write));
}

/** Waits until every download count started so far is written (at shutdown, and in tests). */
export async function settleDownloadCounts() {
  await Promise.allSettled([...inFlight()]);
}
