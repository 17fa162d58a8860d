import crypto from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { articleResources, resourceDownloadDays, resourceDownloadReaders } from "#database/schema";
import { addressKey } from "#app/server/core/address-key.server";
import type { AppDb } from "#app/server/db/types.server";

// The server process and the bundled route modules are separate module graphs: the writes in
// flight are kept in one global slot, so the shutdown (start.server.ts) waits for the routes' ones.
const slot = Symbol.for("the-educator.download-counts");
type Holder = { [slot]?: Set<Promise<void>> };

function inFlight(): Set<Promise<void>> {
  return ((globalThis as Holder)[slot] ??= new Set());
}

/** Who downloads: the signed-in account, else the client's address (its /64 for IPv6) and browser. */
export interface Downloader {
  userId: string | null;
  clientAddress: string;
  userAgent: string | null;
}

/** The day a download is counted in (UTC): "2026-11-26". */
export const downloadDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A reader as the count knows them for one day: a hash keyed with the server's secret and salted
 * with the day, so the table holds no address, and a reader's days cannot be linked together.
 */
export function readerOfDay(secret: string, day: string, downloader: Downloader): string {
  const who = downloader.userId ? `user ${downloader.userId}` : `client ${addressKey(downloader.clientAddress)} ${downloader.userAgent ?? ""}`;
  return crypto.createHmac("sha256", secret).update(`download ${day}\n${who}`).digest("base64url").slice(0, 22); // 128 bits
}

// The day whose older rows this module graph last swept: once a day is enough, as only today's are read.
let sweptBefore: string | null = null;

/**
 * Adds one to a resource's download count, once per reader per day, without holding up the
 * download: the reader's row for the day is inserted and, only when it is new, the count goes up,
 * in one statement (so concurrent downloads by one reader count once, by many exactly), with the
 * resource's count for the day (the Analytics screen's periods). The list screens read the count
 * column alone. A shutdown waits for writes in flight (`settleDownloadCounts`).
 */
export function countDownload(db: AppDb, log: Logger, resourceId: string, reader: string, day: string) {
  const write = (async () => {
    if (sweptBefore !== day) {
      sweptBefore = day;
      await db.delete(resourceDownloadReaders).where(lt(resourceDownloadReaders.day, day));
    }
    await db.execute(sql`
      with first_today as (
        insert into ${resourceDownloadReaders} (day, resource_id, reader) values (${day}, ${resourceId}, ${reader})
        on conflict do nothing
        returning resource_id
      ), counted as (
        update ${articleResources} set downloads = downloads + 1 where id in (select resource_id from first_today)
      )
      insert into ${resourceDownloadDays} (day, resource_id, downloads) select ${day}, resource_id, 1 from first_today
      on conflict (day, resource_id) do update set downloads = resource_download_days.downloads + 1`);
  })().catch((error: unknown) => log.error({ err: error, resourceId }, "download count failed"));
  const pending = inFlight();
  pending.add(write);
  void write.finally(() => pending.delete(write));
}

/** Waits until every download count started so far is written (at shutdown, and in tests). */
export async function settleDownloadCounts() {
  await Promise.allSettled([...inFlight()]);
}
