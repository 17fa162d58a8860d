import sharp from "sharp";
import { imageVariantUrl, imageVariantWidths } from "../lib/responsive-image";
import type { Storage } from "./storage.server";

/**
 * Stores an image and its WebP copies (480/960/1440 px wide, never wider than the
 * original) beside it, so pages can offer `srcset`. Returns the original's public URL.
 */
export async function storeImageWithVariants(storage: Pick<Storage, "put">, bucket: string, key: string, image: Buffer): Promise<string> {
  const { width: originalWidth = 0 } = await sharp(image).metadata();
  const url = await storage.put(bucket, key, image);
  await Promise.all(
    imageVariantWidths.map(async (width) => {
      const variant = await sharp(image)
        .resize({ width: Math.min(width, originalWidth || width), withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      await storage.put(bucket, imageVariantUrl(`/${key}`, width).slice(1), variant);
    }),
  );
  return url;
}
