import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { articles, mediaUploads, teamMembers } from "#database/schema";
import { imageVariantUrl, imageVariantWidths } from "#app/lib/responsive-image";
import type { AppDb } from "#app/server/db/types.server";
import { firstPage, orderedPage, pageSize, type CursorOrder, type Page, type PageRequest } from "#app/server/db/keyset.server";
import { assertSafeKey, type Storage, type StoredFile } from "#app/server/core/storage.server";
import type { MediaItem, MediaReference } from "#app/lib/media-types";
import { publicBuckets } from "./public-files.server";

const variantSuffix = new RegExp(`\\.w(${imageVariantWidths.join("|")})\\.webp$`);

/** The WebP copies beside each stored image are part of that image, not items of their own. */
export function isImageVariant(path: string) {
  return variantSuffix.test(path);
}

// Images in an article's text: http(s) links ending in an image extension; our own uploads are linked by path.
// The URL stops at characters that end a link in Markdown or HTML.
const contentImagePattern = /(?:https?:\/\/|(?<![\w/.-])\/uploads\/)[^\s"'<>()[\]]+\.(?:png|jpe?g|gif|webp|svg)(?![\w/?#-])/gi;

/** Image URLs written inside an article's content, each once, in order of appearance. */
export function contentImageUrls(content: string): string[] {
  return [...new Set(content.match(contentImagePattern) ?? [])];
}

/** Images that articles (featured and inside content) and team members show. */
export async function listMediaReferences(db: AppDb): Promise<Array<MediaReference & { url: string }>> {
  const [articleRows, memberRows] = await Promise.all([
    db
      .select({ id: articles.id, title: articles.title, featuredImageUrl: articles.featuredImageUrl, content: articles.content })
      .from(articles)
      .orderBy(desc(articles.createdAt)),
    db.select({ id: teamMembers.id, name: teamMembers.name, photoUrl: teamMembers.photoUrl }).from(teamMembers).orderBy(asc(teamMembers.name)),
  ]);
  const fromArticles = articleRows.flatMap((article) => [
    ...(article.featuredImageUrl ? [{ kind: "article-featured" as const, id: article.id, label: article.title, url: article.featuredImageUrl }] : []),
    ...contentImageUrls(article.content).map((url) => ({ kind: "article-content" as const, id: article.id, label: article.title, url })),
  ]);
  const fromTeam = memberRows.flatMap((member) =>
    member.photoUrl ? [{ kind: "team" as const, id: member.id, label: member.name, url: member.photoUrl }] : [],
  );
  return [...fromArticles, ...fromTeam];
}

/** The library's filters and search, kept in the URL. */
export const mediaFilterSchema = z.object({
  q: z
    .string()
    .nullish()
    .transform((value) => value?.trim().slice(0, 200) ?? ""),
  kind: z.enum(["all", "storage", "article-featured", "article-content", "team", "resources"]).catch("all"),
});
export type MediaFilter = z.output<typeof mediaFilterSchema>;

/** The library is read in URL order: one item per URL, so the URL alone is the key, no tie to break. */
const mediaOrder: CursorOrder = { name: "media", keys: 1 };

/**
 * Every stored original after `afterUrl`, in URL order, read from the storage a chunk at a time
 * (S3's StartAfter; the local driver reads only the names until a file is asked for). Buckets
 * go in the order of their URL prefix `bucket/`, so bucket after bucket is URL order too.
 */
async function* storedOriginals(storage: Storage, afterUrl: string | null, chunk: number): AsyncGenerator<StoredFile> {
  // The public buckets alone: article resources are listed from their rows (the "Resources"
  // filter); imports and school packs are not the library's.
  const buckets = [...publicBuckets].sort((a, b) => (`${a}/` < `${b}/` ? -1 : 1));
  for (const bucket of buckets) {
    const prefix = storage.publicUrl(bucket, "");
    let after: string | undefined;
    if (afterUrl !== null && afterUrl.startsWith(prefix)) after = afterUrl.slice(prefix.length);
    else if (afterUrl !== null && afterUrl > prefix) continue; // the whole bucket comes before the cursor
    for (;;) {
      const files = await storage.list(bucket, { limit: chunk, after });
      for (const file of files) if (!isImageVariant(file.name)) yield file;
      if (files.length < chunk) break;
      after = files.at(-1)!.name;
    }
  }
}

/** The images the database points at, by URL, each with every article or member that shows it. */
export function referencesByUrl(references: Array<MediaReference & { url: string }>) {
  const byUrl = new Map<string, MediaReference[]>();
  for (const { url, ...reference } of references) {
    const known = byUrl.get(url) ?? [];
    if (!known.some((other) => other.kind === reference.kind && other.id === reference.id)) known.push(reference);
    byUrl.set(url, known);
  }
  return byUrl;
}

/**
 * Every library item after `afterUrl`, in URL order: the stored originals merged with the images
 * the database points at. A stored file that articles use is one item that lists them; an image
 * found only in the database (an outside address, a deleted file) is an item of its own.
 * `storage` null: the storage could not be read, the database's images are still listed.
 */
async function* mediaItems(
  storage: Storage | null,
  references: Map<string, MediaReference[]>,
  afterUrl: string | null,
  chunk: number,
): AsyncGenerator<MediaItem> {
  const referenced = [...references.keys()].filter((url) => afterUrl === null || url > afterUrl).sort((a, b) => (a < b ? -1 : 1));
  const onlyReferenced = (url: string): MediaItem => {
    const found = references.get(url)!;
    return { url, label: found[0]!.label, kind: found[0]!.kind, file: null, references: found };
  };
  let next = 0;
  if (storage) {
    for await (const file of storedOriginals(storage, afterUrl, chunk)) {
      while (next < referenced.length && referenced[next]! < file.publicUrl) yield onlyReferenced(referenced[next++]!);
      if (referenced[next] === file.publicUrl) next++;
      yield {
        url: file.publicUrl,
        label: file.name.split("/").pop()!,
        kind: "storage",
        file: { bucket: file.bucket, path: file.name, size: file.size, lastModified: file.lastModified },
        references: references.get(file.publicUrl) ?? [],
      };
    }
  }
  while (next < referenced.length) yield onlyReferenced(referenced[next++]!);
}

function matchesFilter(item: MediaItem, { kind, q }: MediaFilter, owned: ReadonlySet<string> | null) {
  if (owned && !owned.has(item.url)) return false;
  const ofKind =
    kind === "all" || (kind === "storage" ? item.file !== null : item.kind === kind || item.references.some((reference) => reference.kind === kind));
  if (!ofKind || !q) return ofKind;
  const needle = q.toLowerCase();
  return [item.url, item.label, ...item.references.map((reference) => reference.label)].some((text) => text.toLowerCase().includes(needle));
}

/**
 * One page of the media library, through the same cursors as every list. Going forwards reads
 * the storage only until the page is full (a filter or search reads on until enough items
 * match). Storage lists only forwards, so a previous page is read from the start up to the
 * cursor, keeping the last items before it.
 */
export function listMediaPage(
  storage: Storage | null,
  references: Map<string, MediaReference[]>,
  filter: MediaFilter,
  request: PageRequest = firstPage,
  size = pageSize,
  /** Only these URLs (a contributor's or an author's own uploads); null for the whole library. */
  owned: ReadonlySet<string> | null = null,
): Promise<Page<MediaItem>> {
  const chunk = (size + 1) * (imageVariantWidths.length + 1); // room for each original's WebP copies
  return orderedPage(
    mediaOrder,
    request,
    async ({ values, backwards, limit }) => {
      const bound = values?.[0] ?? null;
      const found: MediaItem[] = [];
      for await (const item of mediaItems(storage, references, backwards ? null : bound, chunk)) {
        if (backwards && bound !== null && item.url >= bound) break;
        if (!matchesFilter(item, filter, owned)) continue;
        found.push(item);
        if (backwards && found.length > limit) found.shift();
        if (!backwards && found.length === limit) break;
      }
      if (backwards) found.reverse();
      return found.map((item) => ({ row: item, key: [item.url] }));
    },
    size,
  );
}

/** Remembers who uploaded the image at `url`: contributors and authors see their own uploads. */
export async function recordUpload(db: AppDb, url: string, userId: string) {
  await db.insert(mediaUploads).values({ url, uploadedBy: userId }).onConflictDoNothing();
}

/** Whether `userId` uploaded the image at `url`. */
export async function isUploadOf(db: AppDb, url: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ url: mediaUploads.url })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.url, url), eq(mediaUploads.uploadedBy, userId)));
  return row !== undefined;
}

/** The URLs of the images `userId` uploaded. */
export async function uploadsOf(db: AppDb, userId: string): Promise<Set<string>> {
  const rows = await db.select({ url: mediaUploads.url }).from(mediaUploads).where(eq(mediaUploads.uploadedBy, userId));
  return new Set(rows.map((row) => row.url));
}

export const deleteFileSchema = z.object({
  bucket: z.string().trim().min(1, "Choose a file to delete."),
  path: z.string().trim().min(1, "Choose a file to delete."),
});

/** A refusal whose message is shown to the editor as it is. */
export class MediaDeleteError extends Error {}

/**
 * Deletes a stored original and its WebP copies: only an item the library lists (an original in a
 * public bucket), never a copy alone nor another bucket's file (a resource, a pack, an import).
 * Keys must pass the storage's safe-key rules.
 */
export async function deleteStorageFile(storage: Storage, bucket: string, path: string) {
  try {
    assertSafeKey(bucket, path);
  } catch {
    throw new MediaDeleteError(`Invalid file path: ${bucket}/${path}`);
  }
  if (!publicBuckets.includes(bucket)) throw new MediaDeleteError(`Not a Media Library file: ${bucket}/${path}`);
  if (isImageVariant(path)) throw new MediaDeleteError(`A copy goes with its image: ${bucket}/${path}`);
  const copies = imageVariantWidths.map((width) => imageVariantUrl(`/${path}`, width).slice(1)).filter((copy) => copy !== path);
  // The original goes first: should a copy fail to go, the library no longer lists a half-deleted image.
  await storage.remove(bucket, path);
  await Promise.all(copies.map((copy) => storage.remove(bucket, copy)));
}
