import { asc, desc } from "drizzle-orm";
import { z } from "zod";
import { articles, teamMembers } from "../../database/schema";
import { imageVariantUrl, imageVariantWidths } from "../lib/responsive-image";
import type { AppDb } from "./db-types.server";
import { assertSafeKey, type Storage } from "./storage.server";

/** Where a media item was found; the library's filters are these kinds. */
export type MediaKind = "storage" | "article-featured" | "article-content" | "team";

/** An article or team member that shows the image. */
export interface MediaReference {
  kind: Exclude<MediaKind, "storage">;
  id: string;
  label: string;
}

export interface MediaItem {
  url: string;
  /** File name, article title or member name: whatever found the image first. */
  label: string;
  kind: MediaKind;
  /** Set when the image is a file in our storage (only those can be deleted). */
  file: { bucket: string; path: string; size: number; lastModified: Date } | null;
  references: MediaReference[];
}

/** Files listed per bucket (spec §9). */
export const storageListLimit = 100;

const variantSuffix = new RegExp(`\\.w(${imageVariantWidths.join("|")})\\.webp$`);

/** The WebP copies beside each stored image are part of that image, not items of their own. */
export function isImageVariant(path: string) {
  return variantSuffix.test(path);
}

// Spec §5: http(s) links ending in an image extension; our own uploads are linked by path.
// The URL stops at characters that end a link in Markdown or HTML.
const contentImagePattern = /(?:https?:\/\/|(?<![\w/.-])\/uploads\/)[^\s"'<>()[\]]+\.(?:png|jpe?g|gif|webp|svg)(?![\w/?#-])/gi;

/** Image URLs written inside an article's content, each once, in order of appearance. */
export function contentImageUrls(content: string): string[] {
  return [...new Set(content.match(contentImagePattern) ?? [])];
}

/** Originals in every bucket, `storageListLimit` per bucket by name. */
export async function listStorageFiles(storage: Storage) {
  const buckets = await storage.listBuckets();
  const perBucket = await Promise.all(
    buckets.map(async (bucket) => {
      // Ask for room for the copies too, so a bucket still yields its first 100 originals.
      const files = await storage.list(bucket, { limit: storageListLimit * (imageVariantWidths.length + 1) });
      return files.filter((file) => !isImageVariant(file.name)).slice(0, storageListLimit);
    }),
  );
  return perBucket.flat();
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
  const fromTeam = memberRows.flatMap((member) => (member.photoUrl ? [{ kind: "team" as const, id: member.id, label: member.name, url: member.photoUrl }] : []));
  return [...fromArticles, ...fromTeam];
}

/** One item per URL: a stored file that articles use is one item that lists them. */
export function mergeMediaItems(files: Awaited<ReturnType<typeof listStorageFiles>>, references: Array<MediaReference & { url: string }>): MediaItem[] {
  const items = new Map<string, MediaItem>();
  for (const file of files) {
    if (items.has(file.publicUrl)) continue;
    items.set(file.publicUrl, {
      url: file.publicUrl,
      label: file.name.split("/").pop()!,
      kind: "storage",
      file: { bucket: file.bucket, path: file.name, size: file.size, lastModified: file.lastModified },
      references: [],
    });
  }
  for (const { url, ...reference } of references) {
    const item = items.get(url);
    if (!item) {
      items.set(url, { url, label: reference.label, kind: reference.kind, file: null, references: [reference] });
    } else if (!item.references.some((known) => known.kind === reference.kind && known.id === reference.id)) {
      item.references.push(reference);
    }
  }
  return [...items.values()];
}

export const deleteFileSchema = z.object({
  bucket: z.string().trim().min(1, "Choose a file to delete."),
  path: z.string().trim().min(1, "Choose a file to delete."),
});

/** A refusal whose message is shown to the editor as it is. */
export class MediaDeleteError extends Error {}

/** Deletes a stored original and its WebP copies. Keys must pass the storage's safe-key rules. */
export async function deleteStorageFile(storage: Storage, bucket: string, path: string) {
  try {
    assertSafeKey(bucket, path);
  } catch {
    throw new MediaDeleteError(`Invalid file path: ${bucket}/${path}`);
  }
  if (!(await storage.listBuckets()).includes(bucket)) throw new MediaDeleteError(`No such bucket: ${bucket}`);
  const copies = imageVariantWidths.map((width) => imageVariantUrl(`/${path}`, width).slice(1)).filter((copy) => copy !== path);
  // The original goes first: should a copy fail to go, the library no longer lists a half-deleted image.
  await storage.remove(bucket, path);
  await Promise.all(copies.map((copy) => storage.remove(bucket, copy)));
}
