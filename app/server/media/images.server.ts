import sharp from "sharp";
import { imageVariantUrl, imageVariantWidths } from "#app/lib/responsive-image";
import type { Storage } from "#app/server/core/storage.server";

/** The largest image accepted: 40 megapixels (a 7,300 × 5,500 photo). Larger ones are refused before decoding. */
export const maxImagePixels = 40_000_000;

export class ImageTooLargeError extends Error {
  constructor() {
    super(`The image is larger than ${maxImagePixels / 1_000_000} megapixels.`);
  }
}

/** Width, height and format from the image's header, without decoding it; null when it is not a readable image. */
export async function imageHeader(image: Buffer): Promise<{ width: number; height: number; format: string } | null> {
  // No pixel limit for reading the header (nothing is decoded): the caller decides on the size.
  const metadata = await sharp(image, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height || !metadata.format) return null;
  return { width: metadata.width, height: metadata.height, format: metadata.format };
}

/** The original re-encoded in its own format: the decoded pixels only, no EXIF, GPS or other metadata. */
function encodeOriginal(pixels: sharp.Sharp, format: string): sharp.Sharp {
  if (format === "png") return pixels.png();
  if (format === "webp") return pixels.webp({ quality: 90 });
  return pixels.jpeg({ quality: 90 });
}

/**
 * Stores an image and its WebP copies (480/960/1440 px wide, never wider than the original)
 * beside it, so pages can offer `srcset`. The image is decoded once (turned upright by its EXIF
 * orientation); the original is stored re-encoded without its metadata (camera, GPS position),
 * except a GIF, which has none and would lose its animation. Returns the original's public URL.
 */
export async function storeImageWithVariants(storage: Pick<Storage, "put">, bucket: string, key: string, image: Buffer): Promise<string> {
  const header = await imageHeader(image);
  if (!header) throw new Error("Not a readable image.");
  if (header.width * header.height > maxImagePixels) throw new ImageTooLargeError();
  const { data, info } = await sharp(image, { limitInputPixels: maxImagePixels }).rotate().raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

  const original = header.format === "gif" ? image : await encodeOriginal(pixels(), header.format).toBuffer();
  const url = await storage.put(bucket, key, original);
  // One copy at a time: each holds a resized image in memory.
  for (const width of imageVariantWidths) {
    const variant = await pixels()
      .resize({ width: Math.min(width, info.width), withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    await storage.put(bucket, imageVariantUrl(`/${key}`, width).slice(1), variant);
  }
  return url;
}
