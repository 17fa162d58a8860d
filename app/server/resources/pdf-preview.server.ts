import sharp from "sharp";
import { ownCopy, runInWorker } from "#app/server/core/untrusted-worker.server";
import { resourcePreviewSize } from "#app/lib/resource-previews";

export interface PdfPreviewOptions {
  /** How long a page may take to render before its worker is ended. */
  timeoutMs?: number;
  /** The worker's JavaScript heap (pdf.js parses there). */
  memoryMb?: number;
  /**
   * How much the process may grow while a page renders. The heap limit does not cover the
   * buffers pdf.js decodes streams into (a small PDF can inflate to gigabytes): past this, the
   * worker is ended (untrusted-worker.server.ts).
   */
  growthMb?: number;
}

/** A page side larger than this (in PDF units: 14,400 is the format's own limit) gets no preview. */
const maxPageSide = 14_400;
/** Images inside the PDF larger than this many pixels are left out of the drawing. */
const maxImagePixels = 16_000_000;

type WorkerAnswer = { pixels: Uint8ClampedArray } | { skipped: string } | { failed: string };

/**
 * A small WebP of a PDF's first page (`resourcePreviewSize`: the page fitted to its width, shown
 * from the top), or why there is none: a page that cannot be drawn, is too large or oddly shaped,
 * takes longer than `timeoutMs`, or more memory than `memoryMb` of heap or `growthMb` in all. The
 * PDF is untrusted, so pdf.js runs in a worker thread; the event loop stays free, and sharp (off
 * the event loop too) makes the WebP.
 */
export async function renderPdfPreview(bytes: Buffer, options: PdfPreviewOptions = {}): Promise<{ webp: Buffer } | { failed: string }> {
  const limits = { timeoutMs: options.timeoutMs ?? 10_000, memoryMb: options.memoryMb ?? 160, growthMb: options.growthMb ?? 384 };
  const copy = ownCopy(bytes);
  const outcome = await runInWorker<WorkerAnswer>(
    "app/server/resources/pdf-preview-worker.mjs",
    { bytes: copy.buffer, ...resourcePreviewSize, maxPageSide, maxImagePixels },
    { limits, transferList: [copy.buffer] },
  );
  if (!outcome.ok) return { failed: outcome.failed === "timeout" ? `no page after ${limits.timeoutMs} ms` : outcome.message };
  const answer = outcome.value;
  if ("skipped" in answer) return { failed: `skipped: ${answer.skipped}` };
  if ("failed" in answer) return answer;
  const { width, height } = resourcePreviewSize;
  const webp = await sharp(Buffer.from(answer.pixels.buffer, answer.pixels.byteOffset, answer.pixels.byteLength), { raw: { width, height, channels: 4 } })
    .flatten({ background: "#ffffff" })
    .webp({ quality: 70, effort: 4 })
    .toBuffer();
  return { webp };
}
