import crypto from "node:crypto";
import { and, asc, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { articleResources, articles, profiles, users } from "#database/schema";
import { isResourceType } from "#app/lib/curriculum";
import { maxResourceBytes, resourceBucket, resourceUploadFailures, type ResourceFormat } from "#app/lib/resource-files";
import { publishedOnly } from "#app/server/articles/published.server";
import { bylineAccountsColumn } from "#app/server/articles/bylines.server";
import { resourceReaderColumns } from "#app/server/articles/articles.server";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import type { Storage } from "#app/server/core/storage.server";
import type { AppDb } from "#app/server/db/types.server";
import { renderPdfPreview } from "./pdf-preview.server";
import { inspectUntrustedResource, ResourceUploadError, type InspectedResource } from "./resource-files.server";

export { resourceBucket };

const maxTitleLength = 200;

/** Runs first in each write's transaction: an access check throws there, and nothing changes. */
export type ResourceAccessCheck = (tx: AppDb) => Promise<unknown>;

/** What a reader's list shows of a resource. */
export interface ArticleResource {
  id: string;
  title: string;
  resourceType: string | null;
  format: ResourceFormat;
  sizeBytes: number;
  pageCount: number | null;
  previewKey: string | null;
  previewBytes: number | null;
}

const readerColumns = resourceReaderColumns;

/** An article's resources in order, for its page (the loader shows them only when the article is). */
export function listArticleResources(db: AppDb, articleId: string): Promise<ArticleResource[]> {
  return db
    .select(readerColumns)
    .from(articleResources)
    .where(eq(articleResources.articleId, articleId))
    .orderBy(asc(articleResources.position), asc(articleResources.createdAt));
}

/**
 * The first resource of each listed article, for the /resources cards: the file a card's
 * Download gives, pictured by its first page where it has a preview. By article id.
 */
export async function leadResourcesOf(db: AppDb, articleIds: readonly string[]): Promise<Map<string, ArticleResource>> {
  if (articleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([articleResources.articleId], { articleId: articleResources.articleId, ...readerColumns })
    .from(articleResources)
    .where(inArray(articleResources.articleId, [...articleIds]))
    .orderBy(articleResources.articleId, asc(articleResources.position), asc(articleResources.createdAt));
  return new Map(rows.map(({ articleId, ...resource }) => [articleId, resource]));
}

/** An article's resources with their download counts, for the edit screen. */
export function resourcesForEditor(db: AppDb, articleId: string): Promise<Array<ArticleResource & { downloads: number }>> {
  return db
    .select({ ...readerColumns, downloads: articleResources.downloads })
    .from(articleResources)
    .where(eq(articleResources.articleId, articleId))
    .orderBy(asc(articleResources.position), asc(articleResources.createdAt));
}

function parseTitle(title: unknown): string {
  const text = typeof title === "string" ? title.trim().replace(/\s+/g, " ") : "";
  if (!text) throw new AdminInputError(resourceUploadFailures.noTitle.description);
  if (text.length > maxTitleLength) throw new AdminInputError(`The title can be at most ${maxTitleLength} characters.`);
  return text;
}

function parseResourceType(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value !== "string" || !isResourceType(value)) throw new AdminInputError("Choose a resource type from the list.");
  return value;
}

/** Marks the article changed (so cached pages that show it drop at commit); refuses a deleted one. */
async function touchArticle(tx: AppDb, articleId: string) {
  const [touched] = await tx.update(articles).set({ updatedAt: new Date() }).where(eq(articles.id, articleId)).returning({ id: articles.id });
  if (!touched) throw new AdminInputError("This article no longer exists.");
}

export interface NewResource {
  articleId: string;
  title: unknown;
  resourceType: unknown;
  file: unknown;
  uploadedBy: string;
}

/**
 * Attaches an uploaded file to an article, last in its list. `check` runs first: the file is read
 * only for someone who may add to the article. Its bytes decide its format, in a worker with limits
 * (`inspect`, resource-files.server.ts); a refusal throws ResourceUploadError and stores nothing. The file
 * is stored first under a new random name, then its row written with `check` in one transaction;
 * should that fail, the stored file is removed again. A PDF gets a preview of its first page beside
 * it when one can be drawn (pdf-preview.server.ts); without one, readers see the type's icon.
 */
export async function addArticleResource(
  db: AppDb,
  storage: Storage,
  input: NewResource,
  check: ResourceAccessCheck = async () => {},
  inspect: (bytes: Buffer) => Promise<InspectedResource> = inspectUntrustedResource,
): Promise<string> {
  const title = parseTitle(input.title);
  const resourceType = parseResourceType(input.resourceType);
  if (!(input.file instanceof File) || input.file.size === 0) throw new ResourceUploadError(400, resourceUploadFailures.unsupported);
  if (input.file.size > maxResourceBytes) throw new ResourceUploadError(413, resourceUploadFailures.tooLarge);
  // Checked before the file is read (someone who may not add to this article costs no parse), and again in the writing transaction.
  await db.transaction(check);
  const inspected = await inspect(Buffer.from(await input.file.arrayBuffer()));
  // The name's extension must agree with the bytes (a PDF named .docx is a lookalike, refused); a name without one takes the format's.
  const extension = /\.([^./\\]+)$/.exec(input.file.name)?.[1]?.toLowerCase();
  if (extension !== undefined && extension !== inspected.format) throw new ResourceUploadError(400, resourceUploadFailures.unsupported);
  const name = `${input.articleId}/${Date.now()}_${crypto.randomBytes(16).toString("hex")}`;
  const key = `${name}.${inspected.format}`;
  const preview = inspected.format === "pdf" ? await renderPdfPreview(inspected.bytes) : null;
  await storage.put(resourceBucket, key, inspected.bytes);
  // A preview that cannot be stored is no preview: the upload goes on without it.
  const previewKey =
    preview && "webp" in preview
      ? await storage.put(resourceBucket, `${name}.preview.webp`, preview.webp).then(
          () => `${name}.preview.webp`,
          () => null,
        )
      : null;
  try {
    return await db.transaction(async (tx) => {
      await check(tx);
      await touchArticle(tx, input.articleId);
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${articleResources.position}), -1)`.mapWith(Number) })
        .from(articleResources)
        .where(eq(articleResources.articleId, input.articleId));
      const [row] = await tx
        .insert(articleResources)
        .values({
          articleId: input.articleId,
          position: (last?.position ?? -1) + 1,
          title,
          resourceType,
          format: inspected.format,
          storageKey: key,
          sizeBytes: inspected.bytes.length,
          pageCount: inspected.pageCount,
          previewKey,
          previewBytes: previewKey && preview && "webp" in preview ? preview.webp.length : null,
          uploadedBy: input.uploadedBy,
        })
        .returning({ id: articleResources.id });
      return row!.id;
    });
  } catch (error) {
    await removeResourceFiles(storage, [{ storageKey: key, previewKey }]);
    throw error;
  }
}

async function resourceOf(tx: AppDb, articleId: string, resourceId: string) {
  const [resource] = await tx
    .select({ id: articleResources.id, position: articleResources.position, storageKey: articleResources.storageKey, previewKey: articleResources.previewKey })
    .from(articleResources)
    .where(and(eq(articleResources.id, resourceId), eq(articleResources.articleId, articleId)))
    .for("update");
  if (!resource) throw new AdminInputError("This resource no longer exists.");
  return resource;
}

export async function renameArticleResource(
  db: AppDb,
  articleId: string,
  resourceId: string,
  fields: { title: unknown; resourceType: unknown },
  check: ResourceAccessCheck = async () => {},
) {
  const title = parseTitle(fields.title);
  const resourceType = parseResourceType(fields.resourceType);
  await db.transaction(async (tx) => {
    await check(tx);
    await resourceOf(tx, articleId, resourceId);
    await touchArticle(tx, articleId);
    await tx.update(articleResources).set({ title, resourceType }).where(eq(articleResources.id, resourceId));
  });
}

/** Swaps a resource with its neighbour above ("up") or below ("down"); at either end nothing moves. */
export async function moveArticleResource(
  db: AppDb,
  articleId: string,
  resourceId: string,
  direction: "up" | "down",
  check: ResourceAccessCheck = async () => {},
) {
  await db.transaction(async (tx) => {
    await check(tx);
    const resource = await resourceOf(tx, articleId, resourceId);
    const [neighbour] = await tx
      .select({ id: articleResources.id, position: articleResources.position })
      .from(articleResources)
      .where(
        and(
          eq(articleResources.articleId, articleId),
          direction === "up" ? lt(articleResources.position, resource.position) : gt(articleResources.position, resource.position),
        ),
      )
      .orderBy(direction === "up" ? desc(articleResources.position) : asc(articleResources.position))
      .limit(1)
      .for("update");
    if (!neighbour) return;
    await touchArticle(tx, articleId);
    await tx.update(articleResources).set({ position: neighbour.position }).where(eq(articleResources.id, resource.id));
    await tx.update(articleResources).set({ position: resource.position }).where(eq(articleResources.id, neighbour.id));
  });
}

/** Removes a resource, then its stored file (and preview) once the row is gone. */
export async function removeArticleResource(db: AppDb, storage: Storage, articleId: string, resourceId: string, check: ResourceAccessCheck = async () => {}) {
  const removed = await db.transaction(async (tx) => {
    await check(tx);
    const resource = await resourceOf(tx, articleId, resourceId);
    await touchArticle(tx, articleId);
    await tx.delete(articleResources).where(eq(articleResources.id, resourceId));
    return resource;
  });
  await removeResourceFiles(storage, [removed]);
}

/** The stored files of an article's resources: read before the article is deleted, removed after. */
export function resourceFilesOf(db: AppDb, articleId: string) {
  return db
    .select({ storageKey: articleResources.storageKey, previewKey: articleResources.previewKey })
    .from(articleResources)
    .where(eq(articleResources.articleId, articleId));
}

export async function removeResourceFiles(storage: Storage, files: ReadonlyArray<{ storageKey: string; previewKey: string | null }>) {
  const keys = files.flatMap((file) => [file.storageKey, ...(file.previewKey ? [file.previewKey] : [])]);
  await Promise.allSettled(keys.map((key) => storage.remove(resourceBucket, key)));
}

/**
 * Removes stored resource files no row points at any more: those of deleted articles (whose rows
 * went with them by cascade), run with the periodic maintenance. A file younger than `graceMs` is
 * left alone: an upload stores its file a moment before its row commits. Returns how many went.
 */
export async function removeOrphanedResourceFiles(db: AppDb, storage: Storage, { graceMs = 60 * 60 * 1000, now = Date.now() } = {}): Promise<number> {
  const rows = await db.select({ storageKey: articleResources.storageKey, previewKey: articleResources.previewKey }).from(articleResources);
  const known = new Set(rows.flatMap((row) => [row.storageKey, ...(row.previewKey ? [row.previewKey] : [])]));
  let removed = 0;
  let after: string | undefined;
  for (;;) {
    const files = await storage.list(resourceBucket, { limit: 500, after });
    for (const file of files) {
      if (known.has(file.name) || now - file.lastModified.getTime() < graceMs) continue;
      await storage.remove(resourceBucket, file.name);
      removed++;
    }
    if (files.length < 500) return removed;
    after = files.at(-1)!.name;
  }
}

/** What the download and preview routes need of a resource, with its article's status and writers. */
export async function findDownload(db: AppDb, resourceId: string) {
  const [row] = await db
    .select({
      id: articleResources.id,
      title: articleResources.title,
      format: articleResources.format,
      storageKey: articleResources.storageKey,
      previewKey: articleResources.previewKey,
      articleId: articleResources.articleId,
      published: sql<boolean>`(${publishedOnly})`.mapWith(Boolean),
      status: articles.status,
      authorId: articles.authorId,
      writerIds: bylineAccountsColumn,
    })
    .from(articleResources)
    .innerJoin(articles, eq(articles.id, articleResources.articleId))
    .where(eq(articleResources.id, resourceId));
  return row ?? null;
}

/** Every uploaded resource, newest first, for the media library's "Resources" filter. */
export function listAllResources(db: AppDb, options: { uploadedBy?: string | null; limit?: number } = {}) {
  return db
    .select({
      ...readerColumns,
      downloads: articleResources.downloads,
      createdAt: articleResources.createdAt,
      articleId: articleResources.articleId,
      articleTitle: articles.title,
      uploader: sql<string | null>`coalesce(${profiles.displayName}, ${users.email})`,
    })
    .from(articleResources)
    .innerJoin(articles, eq(articles.id, articleResources.articleId))
    .leftJoin(users, eq(users.id, articleResources.uploadedBy))
    .leftJoin(profiles, eq(profiles.id, articleResources.uploadedBy))
    .where(options.uploadedBy ? eq(articleResources.uploadedBy, options.uploadedBy) : undefined)
    .orderBy(desc(articleResources.createdAt), desc(articleResources.id))
    .limit(options.limit ?? 200);
}
