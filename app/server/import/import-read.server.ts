import { runJob, untrustedJob, type WorkerLimits } from "#app/server/core/untrusted-worker.server";
import { decodeImportFile, detectImportFormat, ImportFileError } from "./import-file.server";
import type { ImportSource } from "./import-source.server";
import { readGhostExport } from "./ghost.server";
import { readWordpressExport } from "./wordpress.server";

export interface ImportInput {
  fileName: string;
  bytes: Uint8Array;
  /** The old site's address: resolves Ghost's `__GHOST_URL__` and site-relative image addresses. */
  siteUrl?: string | null;
}

/** The site address as given ("https://school.example"), or null; an address that is not http(s) is refused. */
export function normalSiteUrl(siteUrl: string | null | undefined): string | null {
  const trimmed = siteUrl?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
    return url.href.replace(/\/+$/, "");
  } catch {
    throw new ImportFileError(`The site address ${JSON.stringify(trimmed.slice(0, 200))} is not a web address (https://…).`);
  }
}

/** Reads the whole file into one shape, or throws ImportFileError. Synchronous: called here, it holds the thread (see readImportFileApart). */
export function readImportFile({ fileName, bytes, siteUrl }: ImportInput): ImportSource {
  const text = decodeImportFile(bytes, fileName);
  return detectImportFormat(text, fileName) === "wordpress"
    ? readWordpressExport(text, fileName)
    : readGhostExport(text, fileName, { siteUrl: normalSiteUrl(siteUrl) });
}

/** readImportFile as a job of untrusted-worker.server.ts: a refusal comes back as its sentence (an error's class does not cross). */
export function readImportJob(input: ImportInput): { source: ImportSource } | { refused: string } {
  try {
    return { source: readImportFile(input) };
  } catch (error) {
    if (error instanceof ImportFileError) return { refused: error.message };
    throw error;
  }
}

const readJob = untrustedJob<typeof import("./import-read.server"), "readImportJob">("app/server/import/import-read.server.ts", "readImportJob");

/**
 * A 64 MB WordPress export (the largest accepted) of 9,000 posts takes about 10 s and 900 MB of
 * heap to read and turn into Markdown; these limits leave it room, and stop a file made to take more.
 */
export const importReadLimits: WorkerLimits = { timeoutMs: 120_000, memoryMb: 2048, growthMb: 3072 };

/**
 * readImportFile in a worker with limits (untrusted-worker.server.ts): the event loop keeps
 * answering requests the whole time a large export is read. Throws ImportFileError as it does, and
 * for a file that takes longer or more memory than `limits`.
 */
export async function readImportFileApart(input: ImportInput, limits: WorkerLimits = importReadLimits): Promise<ImportSource> {
  // Only what the job reads: a caller's input may carry functions (onProgress), which do not cross.
  const bytes = new Uint8Array(input.bytes);
  const outcome = await runJob(readJob, { fileName: input.fileName, bytes, siteUrl: input.siteUrl ?? null }, { limits, transferList: [bytes.buffer] });
  if (!outcome.ok) {
    if (outcome.failed === "threw") throw new Error(`Reading ${input.fileName} failed: ${outcome.message}`);
    throw new ImportFileError(
      `${input.fileName} could not be read within ${limits.timeoutMs / 1000} seconds and ${limits.memoryMb} MB of memory: split the export (WordPress: Tools → Export, a date range at a time) and import the parts.`,
    );
  }
  if ("refused" in outcome.value) throw new ImportFileError(outcome.value.refused);
  return outcome.value.source;
}
