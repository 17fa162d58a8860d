import fs from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { articles, categories } from "#database/schema";
import { isUuid } from "#app/lib/uuid";
import { publishedOnly } from "#app/server/articles/published.server";
import { buildCoverSvg } from "#app/server/media/cover-image.server";
import { maxImagePixels } from "#app/server/media/images.server";
import { publicFileAt, uploadsPrefix } from "#app/server/media/public-files.server";
import { services } from "#app/server/core/services.server";

/** The preview card social networks and messengers show (OpenGraph's recommended size). */
export const ogImageSize = { width: 1200, height: 630 } as const;
const maxCardBytes = 300 * 1024;
// A featured image is decoded once per card; a decompression bomb is refused before it is.
const maxRemoteBytes = 8 * 1024 * 1024;
const remoteTimeoutMs = 5_000;

/** A featured image's bytes: our own uploads from disk, others over HTTP (bounded); null when unreadable. */
async function readImage(url: string): Promise<Buffer | null> {
  const root = services().storage.root;
  if (url.startsWith(uploadsPrefix) && root) {
    // Only a file anyone may fetch at that address (the media bucket): never a resource's preview or a pack.
    const file = publicFileAt(url.split("?", 1)[0]!);
    return file ? fs.readFile(path.join(root, file.bucket, ...file.key.split("/"))) : null;
  }
  if (!/^https?:\/\//i.test(url)) return null;
  const response = await fetch(url, { signal: AbortSignal.timeout(remoteTimeoutMs) });
  if (!response.ok || Number(response.headers.get("content-length") ?? 0) > maxRemoteBytes) return null;
  const bytes = Buffer.from(await response.arrayBuffer());
  return bytes.length > maxRemoteBytes ? null : bytes;
}

/** A steady hue per name, so each category's generated cards share a colour. */
function hueOf(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

async function toJpeg(image: sharp.Sharp): Promise<Buffer> {
  for (const quality of [82, 72, 60, 48]) {
    const jpeg = await image.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= maxCardBytes) return jpeg;
  }
  return image.clone().jpeg({ quality: 35, mozjpeg: true }).toBuffer();
}

export interface CardSource {
  /** The featured image, when there is one: cropped to the card. */
  imageUrl: string | null;
  /** Written on a generated card (an article's title, a category's name). */
  label: string;
  /** Chooses a generated card's colour (the category's slug). */
  colourSeed: string;
}

/** A 1200 × 630 JPEG of at most 300 KB: the featured image cropped to size, else a card made from the label. */
export async function renderCard(source: CardSource): Promise<Buffer> {
  const featured = source.imageUrl ? await readImage(source.imageUrl).catch(() => null) : null;
  if (featured) {
    try {
      const cropped = sharp(featured, { limitInputPixels: maxImagePixels })
        .rotate()
        .resize(ogImageSize.width, ogImageSize.height, { fit: "cover" })
        .flatten({ background: "#ffffff" });
      return await toJpeg(cropped);
    } catch (error) {
      services().log.warn({ err: error, imageUrl: source.imageUrl }, "featured image unusable for a preview card; a generated one is used");
    }
  }
  const svg = buildCoverSvg({ hue: hueOf(source.colourSeed), label: source.label, ...ogImageSize });
  return toJpeg(sharp(Buffer.from(svg)));
}

// Cards are made on first request and kept (by a key that changes with what they show).
const madeCards = new Map<string, Promise<Buffer>>();
const maxKeptCards = 64;

/** The card for `key`, made once while it is kept. */
export function cachedCard(key: string, source: CardSource): Promise<Buffer> {
  let card = madeCards.get(key);
  if (!card) {
    if (madeCards.size >= maxKeptCards) madeCards.delete(madeCards.keys().next().value!);
    card = renderCard(source);
    card.catch(() => madeCards.delete(key));
    madeCards.set(key, card);
  }
  return card;
}

/** What an article's card shows, for a published article; null otherwise. */
export async function articleCardSource(id: string): Promise<(CardSource & { version: string }) | null> {
  if (!isUuid(id)) return null;
  const [article] = await services()
    .db.select({ title: articles.title, imageUrl: articles.featuredImageUrl, categorySlug: categories.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.id, id), publishedOnly));
  if (!article) return null;
  return { imageUrl: article.imageUrl, label: article.title, colourSeed: article.categorySlug, version: String(article.updatedAt.getTime()) };
}
