import type { Readable } from "node:stream";
import { PDFDocument, PDFName, PDFRef } from "pdf-lib";
import yauzl from "yauzl";
import { maxResourceBytes, resourceUploadFailures, type ResourceFormat } from "#app/lib/resource-files";
import type { UploadFailure } from "#app/lib/image-upload-messages";

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

/** Removes who made a PDF (Info Author, Creator, Producer, and the XMP packet) and counts its pages. */
async function inspectPdf(bytes: Buffer): Promise<InspectedResource> {
  let cleaned: Buffer;
  let pageCount: number;
  try {
    // Encrypted PDFs are refused (load throws): their metadata cannot be rewritten.
    const document = await PDFDocument.load(bytes, { updateMetadata: false });
    pageCount = document.getPageCount();
    if (pageCount === 0) throw unsupported();
    document.setAuthor("");
    document.setCreator("");
    document.setProducer("");
    const metadata = document.catalog.get(PDFName.of("Metadata"));
    if (metadata instanceof PDFRef) document.context.delete(metadata);
    document.catalog.delete(PDFName.of("Metadata"));
    cleaned = Buffer.from(await document.save({ updateFieldAppearances: false }));
  } catch {
    // A header with no readable PDF behind it is not a PDF.
    throw unsupported();
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
      const types = [...xml.matchAll(/ContentType\s*=\s*"([^"]*)"/g)].map((match) => match[1]!.trim().toLowerCase());
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
