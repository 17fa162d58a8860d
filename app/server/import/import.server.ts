/**
 * Import from WordPress (a WXR 1.0–1.2 export: Tools → Export) and Ghost (a JSON export:
 * Settings → Migration → Export). The admin Import screen and `npm run import` both use this.
 *
 * The screen:
 *   const { importId, preview } = await previewImport(services, { fileName, bytes, siteUrl, userId });
 *       Reads and checks the WHOLE file (throws ImportFileError, whose message is for the admin,
 *       when it is bad or hostile: too large, not UTF-8, a DOCTYPE with entities, cut short, not an
 *       export), keeps it in storage (bucket "imports", an unguessable name, removed once run) and
 *       records an `imports` row "previewed". `preview` (ImportPreview): format, siteTitle,
 *       source, siteUrl, `create` (counts per kind: articles (pages among them), categories, tags,
 *       authors, comments, images), `skipped` (groups of kind, reason, count, a few examples) and
 *       `notices` (sentences to show as they are).
 *       An upload larger than `maxImportFileBytes` is best refused before it is read into memory:
 *       `throw tooLargeError(fileName, size)` gives the same message.
 *   await startImport(services, importId, userId);
 *       Marks the row "running" and runs it in the background (not awaited): throws
 *       ImportStateError when it is not waiting to run (already started, or unknown).
 *   await discardImport(services, importId);
 *       Forgets a previewed import the admin does not want (its row and its file).
 *   const rows = await listImports(db);  const row = await getImport(db, importId);
 *       ImportView: status "previewed" | "running" | "done" | "failed", `step` while running
 *       ("Downloading images: 12 of 40", "Writing 55 articles…"), `preview`, `result` once done
 *       (ImportResult: created, linked, imagesLeftAsLinks, imageFailures, skipped), `error` once
 *       failed. A run not heard of for `staleRunMinutes` (its server stopped) is shown, and
 *       recorded, as failed: its transaction never committed, so nothing of it was written.
 *
 * The command:
 *   await inspectImport(db, { fileName, bytes, siteUrl })  → ImportPreview (a dry run: nothing stored)
 *   await runImport(services, { fileName, bytes, siteUrl, userId, onProgress })  → ImportResult
 *
 * Rules: everything an import creates is written in ONE transaction (images are downloaded into
 * the media library before it, and removed again when it fails); each item keeps its source's id
 * in `imported_items`, so importing the same file again creates nothing new.
 */
import crypto from "node:crypto";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { importedItems, imports } from "#database/schema";
import { importBucket } from "#app/lib/import-limits";
import type { Services } from "#app/server/core/services.server";
import type { AppDb } from "#app/server/db/types.server";
import { ImportFileError } from "./import-file.server";
import { normalSiteUrl, readImportFileApart, type ImportInput } from "./import-read.server";
import { downloadImages, removeStoredImages } from "./import-images.server";
import { planImport, type ImportPreview } from "./import-plan.server";
import type { ImportSource } from "./import-source.server";
import { writeImport, type ImportResult } from "./import-write.server";
import { sourceSlug } from "./source-text.server";

export { ImportFileError, tooLargeError } from "./import-file.server";
export { readImportFile, type ImportInput } from "./import-read.server";
export { maxImportFileBytes } from "#app/lib/import-limits";
export type { ImportCounts, ImportPreview, SkippedGroup } from "./import-plan.server";
export type { ImportResult } from "./import-write.server";

/** An import asked to do what its state does not allow (start twice, start an unknown one). */
export class ImportStateError extends Error {}

export { importBucket } from "#app/lib/import-limits";
/** A run whose row has not moved for this long is taken as stopped with its server. */
export const staleRunMinutes = 30;

export interface ImportView {
  id: string;
  format: "wordpress" | "ghost";
  fileName: string;
  status: "previewed" | "running" | "done" | "failed";
  step: string | null;
  preview: ImportPreview | null;
  result: ImportResult | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** What importing the file would do now; writes nothing (the command's --dry-run). */
export async function inspectImport(db: AppDb, input: ImportInput): Promise<ImportPreview> {
  return (await planImport(db, await readImportFileApart(input), input.fileName)).preview;
}

/** The summary column: the preview while waiting, the result once done (JSON). */
interface StoredSummary {
  siteUrl: string | null;
  preview: ImportPreview;
  result?: ImportResult;
}

/** Checks the file, keeps it for the run, and records it as previewed. See the top of this file. */
export async function previewImport(
  services: Pick<Services, "db" | "storage">,
  input: ImportInput & { userId: string | null },
): Promise<{ importId: string; preview: ImportPreview }> {
  const siteUrl = normalSiteUrl(input.siteUrl);
  const source = await readImportFileApart({ ...input, siteUrl });
  const { preview } = await planImport(services.db, source, input.fileName);
  const importId = crypto.randomUUID();
  const fileKey = `${importId}-${crypto.randomBytes(16).toString("hex")}.${source.format === "wordpress" ? "xml" : "json"}`;
  await services.storage.put(importBucket, fileKey, Buffer.from(input.bytes));
  const summary: StoredSummary = { siteUrl, preview };
  await services.db.insert(imports).values({
    id: importId,
    format: source.format,
    fileName: input.fileName.slice(0, 255),
    fileKey,
    status: "previewed",
    summary: JSON.stringify(summary),
    createdBy: input.userId,
  });
  return { importId, preview };
}

async function readStored(storage: Services["storage"], key: string): Promise<Uint8Array> {
  const file = await storage.read(importBucket, key);
  if (!file) throw new ImportFileError("The uploaded file is no longer kept: upload it again.");
  return new Uint8Array(await new Response(file.body).arrayBuffer());
}

/** Starts a previewed import in the background. See the top of this file. */
export async function startImport(services: Services, importId: string, userId: string | null): Promise<void> {
  const [row] = await services.db
    .update(imports)
    .set({ status: "running", step: "Starting…", updatedAt: new Date() })
    .where(and(eq(imports.id, importId), eq(imports.status, "previewed")))
    .returning();
  if (!row) throw new ImportStateError("This import has already been started, or no longer exists.");
  void (async () => {
    try {
      let bytes: Uint8Array;
      try {
        bytes = await readStored(services.storage, row.fileKey ?? "");
      } catch (error) {
        return await recordFailure(services, importId, error);
      }
      const stored = JSON.parse(row.summary ?? "{}") as Partial<StoredSummary>;
      // It records its own failure (and the log says why); nothing more to do with it here.
      await executeImport(services, { fileName: row.fileName, bytes, siteUrl: stored.siteUrl ?? null, userId, importId }).catch(() => undefined);
    } finally {
      if (row.fileKey) await services.storage.remove(importBucket, row.fileKey).catch(() => undefined);
    }
  })();
}

/** Forgets a previewed import (its row and its kept file); one that has started stays. */
export async function discardImport(services: Pick<Services, "db" | "storage">, importId: string): Promise<void> {
  const [row] = await services.db
    .delete(imports)
    .where(and(eq(imports.id, importId), eq(imports.status, "previewed")))
    .returning({ fileKey: imports.fileKey });
  if (!row) throw new ImportStateError("This import has already been started, or no longer exists.");
  if (row.fileKey) await services.storage.remove(importBucket, row.fileKey).catch(() => undefined);
}

/** Previews left unstarted for a day are dropped with their stored file (an export may hold e-mail addresses). */
export async function discardStalePreviews(services: Pick<Services, "db" | "storage">, now = new Date()): Promise<void> {
  const stale = await services.db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.status, "previewed"), lt(imports.createdAt, new Date(now.getTime() - 24 * 60 * 60_000))))
    .limit(100);
  for (const { id } of stale) await discardImport(services, id).catch(() => undefined);
}

function failureMessage(error: unknown): string {
  if (error instanceof ImportFileError || error instanceof ImportStateError) return error.message;
  return "The import failed and nothing of it was written. The server's log says why.";
}

async function recordFailure(services: Pick<Services, "db" | "log">, importId: string, error: unknown) {
  if (!(error instanceof ImportFileError) && !(error instanceof ImportStateError)) services.log.error({ err: error, importId }, "import failed");
  await services.db
    .update(imports)
    .set({ status: "failed", error: failureMessage(error), step: null, updatedAt: new Date(), finishedAt: new Date() })
    .where(and(eq(imports.id, importId), eq(imports.status, "running")))
    .catch((updateError: unknown) => services.log.error({ err: updateError, importId }, "could not record an import's failure"));
}

/** Imports a file now (the command): records the run in `imports` and returns what it did. */
export async function runImport(
  services: Services,
  input: ImportInput & { userId?: string | null; onProgress?: (step: string) => void },
): Promise<ImportResult> {
  const siteUrl = normalSiteUrl(input.siteUrl);
  const source = await readImportFileApart({ ...input, siteUrl }); // a bad file leaves no row behind
  const [row] = await services.db
    .insert(imports)
    .values({ format: source.format, fileName: input.fileName.slice(0, 255), status: "running", step: "Starting…", createdBy: input.userId ?? null })
    .returning({ id: imports.id });
  return executeImport(services, { ...input, siteUrl, userId: input.userId ?? null, importId: row!.id, source });
}

async function executeImport(
  services: Pick<Services, "db" | "storage" | "config" | "log">,
  input: ImportInput & { userId: string | null; importId: string; source?: ImportSource; onProgress?: (step: string) => void },
): Promise<ImportResult> {
  const { db, log } = services;
  const { importId } = input;
  let lastReport = 0;
  const report = async (step: string, force = false) => {
    input.onProgress?.(step);
    if (!force && Date.now() - lastReport < 1000) return;
    lastReport = Date.now();
    await db.update(imports).set({ step, updatedAt: new Date() }).where(eq(imports.id, importId));
  };
  let stored = new Map<string, string>();
  try {
    const source = input.source ?? (await readImportFileApart(input));
    const plan = await planImport(db, source, input.fileName);
    const downloads =
      plan.images.length > 0
        ? await (async () => {
            await report(`Downloading images: 0 of ${plan.images.length}`, true);
            return downloadImages(services, plan.images, {
              siteUrl: source.siteUrl,
              onProgress: (done, total) => void report(`Downloading images: ${done} of ${total}`, done === total).catch(() => undefined),
            });
          })()
        : { stored: new Map<string, string>(), failed: new Map<string, string>() };
    stored = downloads.stored;
    await report(`Writing ${plan.posts.length} ${plan.posts.length === 1 ? "article" : "articles"}…`, true);
    const result = await db.transaction(async (tx) => {
      // One import at a time: a second one waits here, then finds what the first made.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('the-educator:import'))`);
      const ids = plan.posts.map((post) => post.sourceId);
      if (ids.length > 0) {
        const [already] = await tx
          .select({ sourceId: importedItems.sourceId })
          .from(importedItems)
          .where(and(eq(importedItems.source, source.source), eq(importedItems.kind, "article"), inArray(importedItems.sourceId, ids.slice(0, 10_000))))
          .limit(1);
        if (already) throw new ImportStateError("Another import of the same site ran meanwhile: preview the file again.");
      }
      const written = await writeImport(tx, plan, { importId, userId: input.userId, images: downloads.stored, imageFailures: downloads.failed, sourceSlug });
      const summary: StoredSummary = { siteUrl: source.siteUrl, preview: plan.preview, result: written };
      await tx
        .update(imports)
        .set({ status: "done", step: null, summary: JSON.stringify(summary), updatedAt: new Date(), finishedAt: new Date() })
        .where(eq(imports.id, importId));
      return written;
    });
    log.info({ importId, created: result.created, imagesLeftAsLinks: result.imagesLeftAsLinks }, "import done");
    return result;
  } catch (error) {
    await removeStoredImages(services, stored.values());
    await recordFailure(services, importId, error);
    throw error;
  }
}

function viewOf(row: typeof imports.$inferSelect): ImportView {
  let summary: Partial<StoredSummary> = {};
  try {
    summary = JSON.parse(row.summary ?? "{}") as StoredSummary;
  } catch {
    summary = {};
  }
  return {
    id: row.id,
    format: row.format,
    fileName: row.fileName,
    status: row.status,
    step: row.step,
    preview: summary.preview ?? null,
    result: summary.result ?? null,
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

const stoppedText = "The server stopped during this import, so nothing of it was written. Upload the file again to import it.";

/** Runs whose server stopped (no news for `staleRunMinutes`) are recorded as failed. */
async function failStaleRuns(db: AppDb, now = new Date()) {
  await db
    .update(imports)
    .set({ status: "failed", step: null, error: stoppedText, finishedAt: now, updatedAt: now })
    .where(and(eq(imports.status, "running"), lt(imports.updatedAt, new Date(now.getTime() - staleRunMinutes * 60_000))));
}

/** The latest imports, newest first. */
export async function listImports(db: AppDb, limit = 20): Promise<ImportView[]> {
  await failStaleRuns(db);
  const rows = await db.select().from(imports).orderBy(desc(imports.createdAt)).limit(limit);
  return rows.map(viewOf);
}

/** One import, or null. */
export async function getImport(db: AppDb, importId: string): Promise<ImportView | null> {
  await failStaleRuns(db);
  const [row] = await db.select().from(imports).where(eq(imports.id, importId));
  return row ? viewOf(row) : null;
}
