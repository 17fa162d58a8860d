import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

export interface StoredFile {
  bucket: string;
  name: string;
  size: number;
  lastModified: Date;
  publicUrl: string;
}

/** Object storage with one face and two bodies: local files under DATA_DIR/uploads, or S3. */
export interface Storage {
  /**
   * Stores a new file, from bytes in memory or from a file on disk (`{ path }`, read as a stream: a
   * school pack may be large); refuses to replace an existing one. Returns its public URL.
   */
  put(bucket: string, key: string, data: Buffer | { path: string }): Promise<string>;
  publicUrl(bucket: string, key: string): string;
  /**
   * Files of a bucket sorted by name (spec: 100 per bucket), from the first name after `after`
   * on: the way to read a bucket a page at a time, as S3's StartAfter does.
   */
  list(bucket: string, options?: { limit?: number; after?: string }): Promise<StoredFile[]>;
  listBuckets(): Promise<string[]>;
  remove(bucket: string, key: string): Promise<void>;
  /** A stored file as a stream with its size, or null when there is none (files served by the app, not at a public URL). */
  read(bucket: string, key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** Folder served at /uploads (local driver only). */
  readonly root?: string;
}

export class StorageConflictError extends Error {}

// Stored names are never reused, so browsers may keep a file for a year.
export const storedFileCacheControl = "public, max-age=31536000, immutable";

const safeSegment = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are relative paths of safe segments only: no "..", no absolute paths, no odd characters. */
export function assertSafeKey(bucket: string, key: string) {
  if (!safeSegment.test(bucket) || !key.split("/").every((part) => safeSegment.test(part) && part !== "..")) {
    throw new Error(`Unsafe storage path: ${bucket}/${key}`);
  }
}

export function createLocalStorage(root: string): Storage {
  const fileFor = (bucket: string, key: string) => {
    assertSafeKey(bucket, key);
    return path.join(root, bucket, ...key.split("/"));
  };
  const publicUrl = (bucket: string, key: string) => `/uploads/${bucket}/${key}`;
  return {
    root,
    publicUrl,
    async put(bucket, key, data) {
      const file = fileFor(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write aside, then link into place: a crash never leaves half a file under the real
      // name, and link() fails if the name exists, so nothing is ever overwritten.
      const temporary = `${file}.${process.pid}.${Date.now()}.partial`;
      if (Buffer.isBuffer(data)) await fs.writeFile(temporary, data, { flag: "wx" });
      else await fs.copyFile(data.path, temporary, fs.constants.COPYFILE_EXCL);
      try {
        await fs.link(temporary, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new StorageConflictError(`${bucket}/${key} already exists`);
        throw error;
      } finally {
        await fs.rm(temporary, { force: true });
      }
      return publicUrl(bucket, key);
    },
    async listBuckets() {
      const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    },
    async list(bucket, options = {}) {
      assertSafeKey(bucket, "x");
      const base = path.join(root, bucket);
      const entries = await fs.readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      // Names come from the directory alone; only the files asked for are read (stat).
      const names = entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith(".partial"))
        .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
        .filter((name) => options.after === undefined || name > options.after)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, options.limit ?? 100);
      const files = await Promise.all(
        names.map(async (name) => {
          const stat = await fs.stat(path.join(base, ...name.split("/"))).catch(() => null);
          return stat && { bucket, name, size: stat.size, lastModified: stat.mtime, publicUrl: publicUrl(bucket, name) };
        }),
      );
      // A file removed between the listing and its stat is simply not there.
      return files.filter((file) => file !== null);
    },
    async remove(bucket, key) {
      await fs.rm(fileFor(bucket, key), { force: true });
    },
    async read(bucket, key) {
      const file = fileFor(bucket, key);
      const handle = await fs.open(file, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      if (!handle) return null;
      const { size } = await handle.stat();
      // The stream reads the file opened here: a removal meanwhile does not cut it short.
      return { body: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>, size };
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  publicUrl: string;
}

/** Any S3-compatible service; our buckets are top-level prefixes of one S3 bucket. */
export async function createS3Storage(options: S3StorageOptions): Promise<Storage> {
  // The AWS SDK takes a fifth of a second to load: only servers that store files on S3 load it.
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // A checksum only where S3 requires one: S3-compatible services (MinIO, R2, Garage) do not all
    // read the chunked upload with a trailing checksum the SDK sends by default for a streamed file.
    requestChecksumCalculation: "WHEN_REQUIRED",
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
  });
  const objectKey = (bucket: string, key: string) => {
    assertSafeKey(bucket, key);
    return `${bucket}/${key}`;
  };
  const base = options.publicUrl.replace(/\/+$/, "");
  const publicUrl = (bucket: string, key: string) => `${base}/${bucket}/${key}`;
  const contentTypes: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" };
  return {
    publicUrl,
    async put(bucket, key, data) {
      const Key = objectKey(bucket, key);
      const exists = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key })).then(
        () => true,
        () => false,
      );
      if (exists) throw new StorageConflictError(`${bucket}/${key} already exists`);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key,
          ...(Buffer.isBuffer(data) ? { Body: data } : { Body: createReadStream(data.path), ContentLength: (await fs.stat(data.path)).size }),
          IfNoneMatch: "*", // services that support conditional writes refuse a concurrent duplicate too
          CacheControl: storedFileCacheControl,
          ContentType: contentTypes[key.split(".").pop()!.toLowerCase()] ?? "application/octet-stream",
        }),
      );
      return publicUrl(bucket, key);
    },
    async listBuckets() {
      const result = await client.send(new ListObjectsV2Command({ Bucket: options.bucket, Delimiter: "/" }));
      return (result.CommonPrefixes ?? []).map((prefix) => prefix.Prefix!.replace(/\/$/, "")).sort();
    },
    async list(bucket, listOptions = {}) {
      assertSafeKey(bucket, "x");
      const result = await client.send(
        new ListObjectsV2Command({
          Bucket: options.bucket,
          Prefix: `${bucket}/`,
          MaxKeys: listOptions.limit ?? 100,
          ...(listOptions.after === undefined ? {} : { StartAfter: `${bucket}/${listOptions.after}` }),
        }),
      );
      return (result.Contents ?? [])
        .map((object) => {
          const name = object.Key!.slice(bucket.length + 1);
          return { bucket, name, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0), publicUrl: publicUrl(bucket, name) };
        })
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async remove(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
    },
    async read(bucket, key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey" || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return null;
        throw error;
      }
    },
  };
}
