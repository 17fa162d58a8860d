import crypto from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import { maxImageBytes, uploadFailures, uploadFolders, type UploadFailure, type UploadFolder } from "#app/lib/image-upload-messages";
import { bodyLimits } from "#app/lib/request-limits";
import { imageVariantUrl, imageVariantWidths } from "#app/lib/responsive-image";
import { imageHeader, maxImagePixels, storeImageWithVariants } from "./images.server";
import type { Storage } from "#app/server/core/storage.server";

export const mediaBucket = "media";

const maxUploadBodyBytes = bodyLimits.upload;
// A body that keeps coming past this is not read to its end: the connection is dropped.
const maxDrainBytes = 4 * maxUploadBodyBytes;

/** Allowed image types, decided from the file's bytes; the stored name takes the detected type's extension. */
const extensionByType: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/gif": "gif" };

export class UploadError extends Error {
  constructor(
    readonly status: 400 | 413 | 500,
    readonly failure: UploadFailure,
  ) {
    super(`${failure.title}: ${failure.description}`);
  }
}

const folderSchema = z.enum(uploadFolders).catch("articles");

/**
 * The request body, at most `maxUploadBodyBytes`. A body announced as larger is refused before
 * anything is read; one that turns out larger is read to its end without being kept, so the
 * browser receives the refusal instead of a dropped connection.
 */
async function readLimitedBody(request: Request) {
  const announced = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(announced) && announced > maxUploadBodyBytes) throw new UploadError(413, uploadFailures.tooLarge);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxDrainBytes) {
      await reader.cancel();
      throw new UploadError(413, uploadFailures.tooLarge);
    }
    if (size <= maxUploadBodyBytes) chunks.push(value);
  }
  if (size > maxUploadBodyBytes) throw new UploadError(413, uploadFailures.tooLarge);
  return Buffer.concat(chunks);
}

async function readUploadForm(request: Request): Promise<{ file: File; folder: UploadFolder }> {
  const body = await readLimitedBody(request);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw new UploadError(400, uploadFailures.failed);
  }
  const file = form.get("file");
  if (!(file instanceof File)) throw new UploadError(400, uploadFailures.unsupported);
  if (file.size > maxImageBytes) throw new UploadError(413, uploadFailures.tooLarge);
  return { file, folder: folderSchema.parse(form.get("folder")) };
}

function newImageKey(folder: UploadFolder, extension: string) {
  return `${folder}/${Date.now()}_${crypto.randomBytes(8).toString("hex")}.${extension}`;
}

/**
 * Stores the image of an upload form (field `file`, optional `folder`) in the media bucket with
 * its WebP copies and returns its public URL. Throws UploadError with the spec's texts.
 */
export async function storeUploadedImage(storage: Storage, request: Request, checkFolder: (folder: UploadFolder) => void = () => {}): Promise<string> {
  const { file, folder } = await readUploadForm(request);
  checkFolder(folder);
  return storeImageBytes(storage, folder, Buffer.from(await file.arrayBuffer()));
}

/**
 * Stores an image's bytes as an upload is stored (the same checks, the same WebP copies): the
 * upload form's and the importer's path. Returns its public URL; throws UploadError.
 */
export async function storeImageBytes(storage: Storage, folder: UploadFolder, bytes: Buffer): Promise<string> {
  if (bytes.byteLength > maxImageBytes) throw new UploadError(413, uploadFailures.tooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  const extension = detected && extensionByType[detected.mime];
  if (!extension) throw new UploadError(400, uploadFailures.unsupported);
  // Right magic bytes but an unreadable header is not an image either.
  const header = await imageHeader(bytes);
  if (!header) throw new UploadError(400, uploadFailures.unsupported);
  // Refused before decoding: a small file can announce billions of pixels.
  if (header.width * header.height > maxImagePixels) throw new UploadError(400, uploadFailures.failed);

  const key = newImageKey(folder, extension);
  try {
    return await storeImageWithVariants(storage, mediaBucket, key, bytes);
  } catch (error) {
    // Leave no half-stored image behind (the original without its copies).
    const keys = [key, ...imageVariantWidths.map((width) => imageVariantUrl(`/${key}`, width).slice(1))];
    await Promise.allSettled(keys.map((stored) => storage.remove(mediaBucket, stored)));
    throw error;
  }
}
