import type { Readable } from "node:stream";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFPageLeaf, PDFPageTree, PDFRef, PDFStream, type PDFContext, type PDFObject } from "pdf-lib";
import yauzl from "yauzl";
import { decodeEntities } from "#app/lib/html-entities";
import { maxPdfPages, maxResourceBytes, resourceUploadFailures, type ResourceFormat } from "#app/lib/resource-files";
import type { UploadFailure } from "#app/lib/image-upload-messages";
import { ownCopy, runJob, untrustedJob, type WorkerLimits } from "#app/server/core/untrusted-worker.server";

/** A refused or failed resource upload, with the text the editor sees. Nothing is stored then. */
export class ResourceUploadError extends Error {
  constructor(
    readonly status: 400 | 413 | 500,
    readonly failure: UploadFailure,
  ) {
    super(`${failure.title}: ${failure.description}`);
  }
}

const unsupported = () => new ResourceUploadError(400, resourceUploadFailures.unsupported);

/** A zip may unpack to at most this much in all… */
export const maxUnpackedBytes = 100 * 1024 * 1024;
/** …and no entry larger than 1 MB may unpack to more than this many times its packed size. */
export const maxCompressionRatio = 100;
const maxEntries = 10_000;
/** The small parts read to learn the type ([Content_Types].xml, mimetype). */
const maxTypePartBytes = 1024 * 1024;

const ooxmlMainTypes: Record<string, ResourceFormat> = {
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml": "docx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml": "pptx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml": "xlsx",
};
const odfTypes: Record<string, ResourceFormat> = {
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.presentation": "odp",
  "application/vnd.oasis.opendocument.spreadsheet": "ods",
};

export interface InspectedResource {
  format: ResourceFormat;
  /** The bytes to store: a PDF rewritten without its author metadata; other files as uploaded. */
  bytes: Buffer;
  pageCount: number | null;
}

/**
 * Decides what an uploaded file is from its bytes alone, and refuses anything but a PDF, or an
 * OOXML (docx, pptx, xlsx) or ODF (odt, odp, ods) document without macros. The name decides
 * nothing: addArticleResource refuses a name whose extension disagrees with the bytes, and the
 * stored file and its download take the detected format's extension.
 */
export async function inspectResourceFile(bytes: Buffer): Promise<InspectedResource> {
  if (bytes.length === 0) throw unsupported();
  if (bytes.length > maxResourceBytes) throw new ResourceUploadError(413, resourceUploadFailures.tooLarge);
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return inspectPdf(bytes);
  // "PK\x03\x04": a zip's first local file header.
  if (bytes.readUInt32LE(0) === 0x04034b50 && bytes.length >= 22) return { format: await inspectZipDocument(bytes), bytes, pageCount: null };
  throw unsupported();
}

/** A page tree with more levels of nodes above its pages is refused: no real document comes near (a million pages fit in 4 levels of 32). */
export const maxPageTreeDepth = 32;

const pageTreeRefused = () => new ResourceUploadError(400, resourceUploadFailures.brokenPageTree);

/**
 * The number of pages, from one walk of the page tree that visits each node once. pdf-lib's own
 * walk (getPageCount, save) follows every path: a 4 KB file whose 40 levels each list the next
 * one twice has 2^40 of them. A node reached twice, a tree deeper than `maxPageTreeDepth`, more
 * than `maxPdfPages` pages or as many nodes above them are refused; after this, pdf-lib's walk is
 * a walk of a real tree.
 */
function countPages(document: PDFDocument): number {
  const root = document.catalog.lookup(PDFName.of("Pages"));
  if (!(root instanceof PDFPageTree)) throw pageTreeRefused();
  const seen = new Set<PDFObject>([root]);
  const waiting: Array<{ node: PDFPageTree; depth: number }> = [{ node: root, depth: 1 }];
  let pages = 0;
  while (waiting.length > 0) {
    const next = waiting.pop()!;
    const kids = next.node.lookup(PDFName.of("Kids"));
    if (!(kids instanceof PDFArray)) throw pageTreeRefused();
    for (const kid of kids.asArray().map((entry) => document.context.lookup(entry))) {
      // Like pdf-lib, anything in Kids but a page or a node of pages is passed over.
      if (!(kid instanceof PDFPageTree) && !(kid instanceof PDFPageLeaf)) continue;
      if (seen.has(kid) || seen.size >= 2 * maxPdfPages) throw pageTreeRefused();
      seen.add(kid);
      if (kid instanceof PDFPageLeaf) {
        if (++pages > maxPdfPages) throw pageTreeRefused();
      } else if (next.depth + 1 > maxPageTreeDepth) throw pageTreeRefused();
      else waiting.push({ node: kid, depth: next.depth + 1 });
    }
  }
  return pages;
}

/**
 * Actions a reader's PDF viewer would run or follow out of the document: scripts, programs, form
 * posts, files elsewhere (a UNC path leaks the reader's Windows credentials), media with scripts.
 * Links (URI, GoTo) stay.
 */
const activeActions = new Set(["JavaScript", "Launch", "SubmitForm", "ImportData", "GoToR", "GoToE", "Rendition", "RichMediaExecute"]);

const isActiveAction = (dict: PDFDict) => {
  const type = dict.get(PDFName.of("S"));
  return dict.has(PDFName.of("JS")) || (type instanceof PDFName && activeActions.has(type.decodeText()));
};

/**
 * Removes what runs by itself: the catalog's OpenAction, every AA (additional actions: on the
 * catalog, pages, annotations and form fields), the JavaScript name tree, XFA forms (which carry
 * scripts), and every active action wherever it stands (an annotation's or outline item's A, a
 * Next chain), emptied in place. Then every object nothing refers to any more is dropped, so the
 * scripts themselves are not written either.
 */
function removeActions(document: PDFDocument) {
  const { catalog, context } = document;
  catalog.delete(PDFName.of("OpenAction"));
  const names = context.lookup(catalog.get(PDFName.of("Names")));
  if (names instanceof PDFDict) names.delete(PDFName.of("JavaScript"));
  const form = context.lookup(catalog.get(PDFName.of("AcroForm")));
  if (form instanceof PDFDict) form.delete(PDFName.of("XFA"));
  for (const [, object] of context.enumerateIndirectObjects()) {
    const waiting: PDFObject[] = [object];
    while (waiting.length > 0) {
      const value = waiting.pop();
      const dict = value instanceof PDFDict ? value : value instanceof PDFStream ? value.dict : null;
      dict?.delete(PDFName.of("AA"));
      if (dict && isActiveAction(dict)) for (const key of dict.keys()) dict.delete(key);
      else for (const child of childrenOf(value)) waiting.push(child);
    }
  }
  removeUnreachable(context);
}

/** The objects written inside a dictionary, a stream's dictionary or an array (references not followed). */
function childrenOf(value: PDFObject | undefined): PDFObject[] {
  if (value instanceof PDFDict) return value.values();
  if (value instanceof PDFStream) return value.dict.values();
  if (value instanceof PDFArray) return value.asArray();
  return [];
}

/** Deletes the objects the trailer (catalog and Info) does not lead to: pdf-lib writes every object it holds. */
function removeUnreachable(context: PDFContext) {
  const reached = new Set<PDFRef>();
  const waiting: Array<PDFObject | undefined> = [context.trailerInfo.Root, context.trailerInfo.Info];
  while (waiting.length > 0) {
    const value = waiting.pop();
    if (!(value instanceof PDFRef)) for (const child of childrenOf(value)) waiting.push(child);
    else if (!reached.has(value)) {
      reached.add(value);
      waiting.push(context.lookup(value));
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref)) context.delete(ref);
}

/**
 * Removes who made a PDF (Info Author, Creator, Producer, and the XMP packet) and what would run
 * when it is opened (removeActions), and counts its pages (countPages).
 */
async function inspectPdf(bytes: Buffer): Promise<InspectedResource> {
  let cleaned: Buffer;
  let pageCount: number;
  try {
    // Encrypted PDFs are refused (load throws): their metadata cannot be rewritten.
    const document = await PDFDocument.load(bytes, { updateMetadata: false });
    pageCount = countPages(document);
    if (pageCount === 0) throw unsupported();
    document.setAuthor("");
    document.setCreator("");
    document.setProducer("");
    const metadata = document.catalog.get(PDFName.of("Metadata"));
    if (metadata instanceof PDFRef) document.context.delete(metadata);
    document.catalog.delete(PDFName.of("Metadata"));
    removeActions(document);
    cleaned = Buffer.from(await document.save({ updateFieldAppearances: false, addDefaultPage: false }));
  } catch (error) {
    // A header with no readable PDF behind it is not a PDF.
    throw error instanceof ResourceUploadError ? error : unsupported();
  }
  if (cleaned.length > maxResourceBytes) throw new ResourceUploadError(413, resourceUploadFailures.tooLarge);
  return { format: "pdf", bytes: cleaned, pageCount };
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

/** Every entry of the central directory, read without unpacking anything. */
function centralDirectory(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on("entry", (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > maxEntries) return reject(unsupported());
      zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", reject);
    zip.readEntry();
  });
}

/**
 * Unpacks one entry as a stream, counting: more than `limit` bytes stops it. `keep` holds the
 * bytes in memory (the small type parts); otherwise they are only counted and dropped. yauzl
 * checks each entry's unpacked size against the central directory, so a size that lies fails.
 */
async function unpack(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number, keep: boolean): Promise<{ size: number; data: Buffer }> {
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      throw unsupported();
    }
    if (keep) chunks.push(chunk);
  }
  return { size, data: Buffer.concat(chunks) };
}

const macroParts = /(^|\/)vbaProject\.bin$|(^|\/)vbaData\.xml$|^(Basic|Scripts)\//i;

/**
 * An OOXML or ODF document's format, from its central directory and its type part. Refused:
 * encrypted entries, macros (macro-enabled content types, a vbaProject.bin, ODF Basic/ or
 * Scripts/), more than 100 MB unpacked, or a ratio past `maxCompressionRatio`. Every entry is
 * unpacked once as a stream to check its declared size (never all of it in memory).
 */
async function inspectZipDocument(bytes: Buffer): Promise<ResourceFormat> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw unsupported();
  }
  try {
    const entries = await centralDirectory(zip).catch((error: unknown) => {
      throw error instanceof ResourceUploadError ? error : unsupported();
    });
    let declared = 0;
    for (const entry of entries) {
      if (entry.isEncrypted() || !entry.canDecodeFileData()) throw unsupported();
      if (macroParts.test(entry.fileName)) throw unsupported();
      declared += entry.uncompressedSize;
      if (declared > maxUnpackedBytes) throw unsupported();
      if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > maxCompressionRatio * Math.max(entry.compressedSize, 1)) throw unsupported();
    }
    const byName = new Map(entries.map((entry) => [entry.fileName, entry]));
    let format: ResourceFormat | undefined;
    const mimetype = byName.get("mimetype");
    const contentTypes = byName.get("[Content_Types].xml");
    if (mimetype) {
      const type = (await unpack(zip, mimetype, maxTypePartBytes, true)).data.toString("latin1").trim();
      format = odfTypes[type];
    } else if (contentTypes) {
      const xml = (await unpack(zip, contentTypes, maxTypePartBytes, true)).data.toString("utf8");
      // Either quote is XML, and a character reference may spell any letter ("macro&#69;nabled").
      const types = [...xml.matchAll(/\bContentType\s*=\s*(["'])(.*?)\1/gs)].map((match) => decodeEntities(match[2]!).trim().toLowerCase());
      if (types.some((type) => type.includes("macroenabled") || type.includes("vbaproject") || type === "application/vnd.ms-office.vbaproject"))
        throw unsupported();
      const formats = new Set(types.flatMap((type) => (ooxmlMainTypes[type] ? [ooxmlMainTypes[type]] : [])));
      if (formats.size === 1) format = [...formats][0];
    }
    if (!format) throw unsupported();
    // Every entry unpacks to what it declares, and all of them together stay under the cap.
    let unpacked = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith("/")) continue;
      unpacked += (await unpack(zip, entry, maxUnpackedBytes - unpacked, false)).size;
    }
    return format;
  } catch (error) {
    throw error instanceof ResourceUploadError ? error : unsupported();
  } finally {
    zip.close();
  }
}

/** What the inspection answers across the worker's boundary (an error's class does not cross it). */
export type InspectionAnswer = { inspected: InspectedResource } | { refused: { status: ResourceUploadError["status"]; failure: UploadFailure } };

/** inspectResourceFile as a job of untrusted-worker.server.ts: run in the worker, never here. */
export async function inspectResourceJob(bytes: Uint8Array): Promise<InspectionAnswer> {
  try {
    return { inspected: await inspectResourceFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (error) {
    if (error instanceof ResourceUploadError) return { refused: { status: error.status, failure: error.failure } };
    throw error;
  }
}

const inspectionJob = untrustedJob<typeof import("./resource-files.server"), "inspectResourceJob">(
  "app/server/resources/resource-files.server.ts",
  "inspectResourceJob",
);

/**
 * A 25 MB PDF of scanned pages loads in about a second in 150 MB of heap; these leave room for
 * larger honest files and none for a file built to take the server down.
 */
export const inspectionLimits: WorkerLimits = { timeoutMs: 20_000, memoryMb: 512, growthMb: 1024 };

/** Inspects an uploaded file as inspectResourceFile does, in a worker with `limits` (untrusted-worker.server.ts). */
export async function inspectUntrustedResource(bytes: Buffer, limits: WorkerLimits = inspectionLimits): Promise<InspectedResource> {
  const copy = ownCopy(bytes);
  const outcome = await runJob(inspectionJob, copy, { limits, transferList: [copy.buffer] });
  if (!outcome.ok) {
    // The inspection's own failure is a bug to log, not a verdict on the file.
    if (outcome.failed === "threw") throw new Error(`The resource inspection failed: ${outcome.message}`);
    throw new ResourceUploadError(400, resourceUploadFailures.tooComplex);
  }
  if ("refused" in outcome.value) throw new ResourceUploadError(outcome.value.refused.status, outcome.value.refused.failure);
  const { inspected } = outcome.value;
  return { ...inspected, bytes: Buffer.from(inspected.bytes.buffer, inspected.bytes.byteOffset, inspected.bytes.byteLength) };
}
