import path from "node:path";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { projectRoot } from "#database/paths";
import { resourcePreviewSize } from "#app/lib/resource-previews";

export interface PdfPreviewOptions {
  /** How long a page may take to render before its worker is ended. */
  timeoutMs?: number;
  /** The worker's JavaScript heap (pdf.js parses there). */
  memoryMb?: number;
  /**
   * How much the process may grow while a page renders. The heap limit does not cover the
   * buffers pdf.js decodes streams into (a small PDF can inflate to gigabytes): past this, the
   * worker is ended. Checked every 20 ms from the main thread, whose event loop stays free.
   */
  growthMb?: number;
}

/** A page side larger than this (in PDF units: 14,400 is the format's own limit) gets no preview. */
const maxPageSide = 14_400;
/** Images inside the PDF larger than this many pixels are left out of the drawing. */
const maxImagePixels = 16_000_000;
/** Renders wait for the one before: one worker at a time, so the process's growth is that render's. */
let lastRender: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const render = lastRender.then(work);
  lastRender = render.catch(() => undefined);
  return render;
}

type WorkerAnswer = { pixels: Uint8ClampedArray } | { skipped: string } | { failed: string };

/** Renders in a worker thread with limited memory; a hang or a crash ends the worker, never the server. */
function renderInWorker(bytes: Buffer, { timeoutMs, memoryMb, growthMb }: Required<PdfPreviewOptions>): Promise<WorkerAnswer> {
  // A copy the worker owns: the caller's buffer stays whole (and may be a slice of a larger pool).
  const copy = new Uint8Array(bytes).buffer;
  const worker = new Worker(path.join(projectRoot, "app/server/resources/pdf-preview-worker.mjs"), {
    workerData: { bytes: copy, ...resourcePreviewSize, maxPageSide, maxImagePixels },
    transferList: [copy],
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(32, memoryMb / 4), stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  let timer: NodeJS.Timeout | undefined;
  let watch: NodeJS.Timeout | undefined;
  const startRss = process.memoryUsage.rss();
  return new Promise<WorkerAnswer>((resolve) => {
    timer = setTimeout(() => resolve({ failed: `no page after ${timeoutMs} ms` }), timeoutMs);
    watch = setInterval(() => {
      if (process.memoryUsage.rss() - startRss > growthMb * 1024 * 1024) resolve({ failed: `more than ${growthMb} MB` });
    }, 20);
    worker.once("message", (answer: WorkerAnswer) => resolve(answer));
    worker.once("error", (error) => resolve({ failed: error.message }));
    worker.once("exit", (code) => resolve({ failed: `worker exited with ${code}` }));
    // The worker's own output (pdf.js warnings about a broken file) is not the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
  }).finally(() => {
    clearTimeout(timer);
    clearInterval(watch);
    void worker.terminate();
  });
}

/**
 * A small WebP of a PDF's first page (`resourcePreviewSize`: the page fitted to its width, shown
 * from the top), or why there is none: a page that cannot be drawn, is too large or oddly shaped,
 * takes longer than `timeoutMs`, or more memory than `memoryMb` of heap or `growthMb` in all. The
 * PDF is untrusted, so pdf.js runs in a worker thread; the event loop stays free, and sharp (off
 * the event loop too) makes the WebP.
 */
export async function renderPdfPreview(bytes: Buffer, options: PdfPreviewOptions = {}): Promise<{ webp: Buffer } | { failed: string }> {
  const limits = { timeoutMs: options.timeoutMs ?? 10_000, memoryMb: options.memoryMb ?? 160, growthMb: options.growthMb ?? 384 };
  const answer = await oneAtATime(() => renderInWorker(bytes, limits));
  if ("skipped" in answer) return { failed: `skipped: ${answer.skipped}` };
  if ("failed" in answer) return answer;
  const { width, height } = resourcePreviewSize;
  const webp = await sharp(Buffer.from(answer.pixels.buffer, answer.pixels.byteOffset, answer.pixels.byteLength), { raw: { width, height, channels: 4 } })
    .flatten({ background: "#ffffff" })
    .webp({ quality: 70, effort: 4 })
    .toBuffer();
  return { webp };
}
