// Renders the first page of an uploaded PDF in a worker thread (pdf-preview.server.ts starts it with
// memory limits and a time limit, and ends it after one page). Plain JavaScript so Node can start it
// without a TypeScript loader. The PDF is untrusted: pdf.js gets no eval, no font loading into the
// page, and nothing but files of its own package to read (standard fonts, CMaps, ICC profiles, wasm).
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const { bytes, width, height, maxPageSide, maxImagePixels } = workerData;
const pdfjsFolder = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
/** A folder of the pdf.js package, as the file path (with its final slash) pdf.js reads from. */
const packageFolder = (name) => `${path.join(pdfjsFolder, name)}${path.sep}`;

/**
 * The first page drawn on a white `width` × `height` canvas, scaled to the canvas's width and shown
 * from its top (a taller page is cut at the bottom). Answers `{ pixels }` (RGBA), or `{ skipped }`
 * for a page too large or oddly shaped to be worth a preview.
 */
async function render() {
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    disableAutoFetch: true,
    disableStream: true,
    stopAtErrors: false,
    maxImageSize: maxImagePixels,
    canvasMaxAreaInBytes: width * height * 4 * 4,
    standardFontDataUrl: packageFolder("standard_fonts"),
    cMapUrl: packageFolder("cmaps"),
    cMapPacked: true,
    iccUrl: packageFolder("iccs"),
    wasmUrl: packageFolder("wasm"),
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const ratio = natural.height / natural.width;
    if (!(natural.width > 0 && natural.height > 0) || natural.width > maxPageSide || natural.height > maxPageSide || ratio > 4 || ratio < 1 / 4) {
      return { skipped: "page size" };
    }
    const viewport = page.getViewport({ scale: width / natural.width });
    const canvas = createCanvas(width, height);
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    await page.render({ canvas, canvasContext: context, viewport, background: "#ffffff" }).promise;
    return { pixels: context.getImageData(0, 0, width, height).data };
  } finally {
    await document.destroy();
  }
}

render().then(
  (answer) => parentPort.postMessage(answer, answer.pixels ? [answer.pixels.buffer] : []),
  (error) => parentPort.postMessage({ failed: error instanceof Error ? error.message : String(error) }),
);
