import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { appSettings, schoolPackRuns } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import type { Services } from "#app/server/core/services.server";
import { startMinuteJob, startQueueWorker } from "#app/server/core/minute-job.server";
import { schoolPackSlots, type SchoolPackSchedule } from "#app/lib/school-pack-schedule";
import { makeSchoolPack, type SchoolPackFormat } from "./school-pack.server";
import { storeSchoolPack } from "./pack-store.server";
import type { PageSource } from "./page-source.server";
import { hasZimwriterfs } from "./zim.server";
import { isWholeMagazine, wholeMagazine, type PackSelection } from "#app/lib/school-pack-selection";

// Making school packs on the server: a run is asked for on the admin screen or by the monthly
// schedule, and made by whichever instance claims it first (one at a time, across instances).

const scheduleKey = "school_pack_schedule";
/** A run's claim lasts this long and is renewed while it works; past it, the run was abandoned. */
const leaseMs = 5 * 60 * 1000;

export async function readSchoolPackSchedule(db: AppDb): Promise<SchoolPackSchedule | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, scheduleKey));
  if (!row) return null;
  try {
    return JSON.parse(row.value) as SchoolPackSchedule;
  } catch {
    return null;
  }
}

/** Turns the monthly pack on (from now: no earlier slot is made) on a day of the month, or off. */
export async function saveSchoolPackSchedule(db: AppDb, day: number | null) {
  if (day === null) {
    await db.delete(appSettings).where(eq(appSettings.key, scheduleKey));
    return;
  }
  const value = JSON.stringify({ day, since: new Date().toISOString() } satisfies SchoolPackSchedule);
  await db.insert(appSettings).values({ key: scheduleKey, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/**
 * Asks for a pack now, of the whole magazine or of chosen grades, subjects and languages; false when
 * one is already queued or being made (on any instance).
 */
export async function requestSchoolPack(
  db: AppDb,
  requestedBy: string | null,
  { scheduledFor = null, selection = wholeMagazine }: { scheduledFor?: Date | null; selection?: PackSelection } = {},
): Promise<boolean> {
  const inserted = await db
    .insert(schoolPackRuns)
    .values({ requestedBy, scheduledFor, selection: isWholeMagazine(selection) ? null : selection })
    .onConflictDoNothing()
    .returning({ id: schoolPackRuns.id });
  return inserted.length > 0;
}

/**
 * The minute's check: when this month's slot has passed (since the schedule was set) and has no
 * run yet, asks for one. The slot is unique, so however many instances check, one run is made.
 */
export async function runScheduledSchoolPack(db: AppDb, timeZone: string, now = new Date()): Promise<boolean> {
  const schedule = await readSchoolPackSchedule(db);
  if (!schedule) return false;
  const { last } = schoolPackSlots(schedule.day, now, timeZone);
  if (!last || last.getTime() < Date.parse(schedule.since)) return false;
  const [made] = await db.select({ id: schoolPackRuns.id }).from(schoolPackRuns).where(eq(schoolPackRuns.scheduledFor, last));
  if (made) return false;
  return requestSchoolPack(db, null, { scheduledFor: last });
}

export type SchoolPackRun = typeof schoolPackRuns.$inferSelect;

/** The latest runs, newest first (the admin screen's progress and history). */
export function latestSchoolPackRuns(db: AppDb, limit = 5): Promise<SchoolPackRun[]> {
  return db.select().from(schoolPackRuns).orderBy(desc(schoolPackRuns.createdAt)).limit(limit);
}

async function claimRun(db: AppDb): Promise<SchoolPackRun | null> {
  const [claimed] = await db
    .update(schoolPackRuns)
    // The claim's time is its token (ours()): set here, in milliseconds, it compares equal once read back.
    .set({ status: "running", startedAt: new Date(), leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`, step: "Starting" })
    .where(
      eq(
        schoolPackRuns.id,
        sql`(select id from ${schoolPackRuns} where ${schoolPackRuns.status} = 'queued' order by ${schoolPackRuns.createdAt} limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return claimed ?? null;
}

/** The run as this worker claimed it: a later claim of the same row (after its lease ran out) is another's. */
const ours = (run: SchoolPackRun) => and(eq(schoolPackRuns.id, run.id), eq(schoolPackRuns.status, "running"), eq(schoolPackRuns.startedAt, run.startedAt!));

const renewed = () => sql`now() + ${`${leaseMs} milliseconds`}::interval`;

/** A run left "running" past its lease by a stopped or killed server: failed, so another can be asked for. */
export async function settleAbandonedRuns(db: AppDb): Promise<number> {
  const settled = await db
    .update(schoolPackRuns)
    .set({ status: "failed", error: "The server stopped while making this pack.", finishedAt: sql`now()`, leaseUntil: null })
    .where(and(eq(schoolPackRuns.status, "running"), lt(schoolPackRuns.leaseUntil, sql`now()`)))
    .returning({ id: schoolPackRuns.id });
  return settled.length;
}

export interface SchoolPackWorkerOptions {
  services: Pick<Services, "db" | "storage" | "config" | "log">;
  /** The site's pages as an anonymous reader gets them (the built app). */
  pages: () => Promise<PageSource>;
  clientDir: string;
  /** How often an idle worker looks for a run asked for on another instance. */
  idleMs?: number;
  /** The zimwriterfs command (for tests). */
  zimwriterfs?: string;
}

/** Makes the packs of one run: the static pack always, the ZIM pack where zim-tools are installed. */
async function makePacks(options: SchoolPackWorkerOptions, run: SchoolPackRun, stillOurs: () => boolean) {
  const { db, storage, config } = options.services;
  const step = (text: string) => db.update(schoolPackRuns).set({ step: text, leaseUntil: renewed() }).where(ours(run));
  const formats: SchoolPackFormat[] = (await hasZimwriterfs(options.zimwriterfs)) ? ["static", "zim"] : ["static"];
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), "school-pack-run-"));
  try {
    const pages = await options.pages();
    for (const format of formats) {
      if (!stillOurs()) return;
      const making = format === "zim" ? "Making the ZIM file for Kiwix" : "Making the static site (zip)";
      await step(making);
      // The pages written so far, told at most once a second (each a row update).
      let toldAt = 0;
      const onProgress = ({ pagesDone, pagesFound }: { pagesDone: number; pagesFound: number }) => {
        if (Date.now() - toldAt < 1000) return;
        toldAt = Date.now();
        void step(`${making}: ${pagesDone} of ${pagesFound} pages`).catch(() => {});
      };
      const pack = await makeSchoolPack({
        onProgress,
        format,
        maxResourceBytes: config.SCHOOL_PACK_MAX_RESOURCE_MB * 1024 * 1024,
        pages,
        clientDir: options.clientDir,
        outDir,
        services: options.services,
        zimwriterfs: options.zimwriterfs,
        selection: run.selection ?? wholeMagazine,
      });
      await step("Storing the pack");
      await storeSchoolPack(storage, pack);
      await fs.rm(pack.file, { force: true });
    }
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

/**
 * The school packs' background work on one instance: the minute check of the monthly schedule and
 * a worker making the runs asked for. `stop` gives back a run in hand (queued again, for the next
 * start or another instance) rather than wait minutes for it.
 */
export function startSchoolPackWorker(options: SchoolPackWorkerOptions): { wake(): void; stop(): Promise<void> } {
  const { db, log, config } = options.services;
  let stopped = false;
  let inHand: SchoolPackRun | null = null;
  const worker = startQueueWorker<"made" | "idle">({
    async step() {
      const run = await claimRun(db);
      if (!run) return "idle";
      inHand = run;
      const lease = setInterval(
        () =>
          void db
            .update(schoolPackRuns)
            .set({ leaseUntil: renewed() })
            .where(ours(run))
            .catch(() => {}),
        leaseMs / 3,
      );
      try {
        await makePacks(options, run, () => !stopped);
        if (!stopped)
          await db
            .update(schoolPackRuns)
            .set({ status: "done", step: null, finishedAt: sql`now()`, leaseUntil: null })
            .where(ours(run));
        log.info({ run: run.id }, "school pack made");
      } catch (error) {
        if (stopped) return "made";
        log.error({ err: error, run: run.id }, "school pack failed");
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(schoolPackRuns)
          .set({ status: "failed", error: message.slice(0, 500), finishedAt: sql`now()`, leaseUntil: null })
          .where(ours(run));
      } finally {
        clearInterval(lease);
        inHand = null;
      }
      return "made";
    },
    async settle() {
      const settled = await settleAbandonedRuns(db);
      if (settled > 0) log.warn({ runs: settled }, "school pack runs left by a stopped server marked failed");
    },
    settleEveryMs: 60_000,
    pauseMs: (outcome) => (outcome === "made" ? 0 : (options.idleMs ?? 5000)),
    log,
    failure: "school pack worker failed; trying again shortly",
  });
  const stopSchedule = startMinuteJob(
    async () => {
      if (await runScheduledSchoolPack(db, config.SITE_TIMEZONE)) worker.wake();
    },
    log,
    "school pack schedule check failed; trying again next minute",
  );
  return {
    wake: worker.wake,
    async stop() {
      stopped = true;
      await stopSchedule();
      const workerStopped = worker.stop();
      const run = inHand as SchoolPackRun | null;
      if (run) {
        await db.update(schoolPackRuns).set({ status: "queued", step: null, startedAt: null, leaseUntil: null }).where(ours(run));
        return; // the pack being made is dropped with its temporary folder
      }
      await workerStopped;
    },
  };
}
