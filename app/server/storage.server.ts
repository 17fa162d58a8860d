import fs from "node:fs/promises";
import path from "node:path";

export interface StoredFile {
  bucket: string;
  name: string;
  size: number;
  lastModified: Date;
  publicUrl: string;
}

/** Object storage with one face; the local body keeps files under DATA_DIR/uploads. */
export interface Storage {
  put(bucket: string, key: string, data: Buffer): Promise<string>;
  publicUrl(bucket: string, key: string): string;
  list(bucket: string, options?: { limit?: number }): Promise<StoredFile[]>;
  listBuckets(): Promise<string[]>;
  remove(bucket: string, key: string): Promise<void>;
  /** Folder served at /uploads (local driver only). */
  readonly root: string;
}

/** Keys are relative paths of safe segments only: no "..", no absolute paths, no odd characters. */
export function assertSafeKey(bucket: string, key: string) {
  const segment = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
  if (!segment.test(bucket) || !key.split("/").every((part) => segment.test(part) && part !== "..")) {
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
      // Write aside, then rename: a crash never leaves half a file under the real name.
      const temporary = `${file}.${process.pid}.partial`;
      await fs.writeFile(temporary, data, { flag: "wx" });
      await fs.rename(temporary, file);
      return publicUrl(bucket, key);
    },
    async listBuckets() {
      const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    },
    async list(bucket, options = {}) {
      assertSafeKey(bucket, "x");
      const base = path.join(root, bucket);
      const entries = await fs.readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      const files = await Promise.all(
        entries
          .filter((entry) => entry.isFile() && !entry.name.endsWith(".partial"))
          .map(async (entry) => {
            const full = path.join(entry.parentPath, entry.name);
            const name = path.relative(base, full).split(path.sep).join("/");
            const stat = await fs.stat(full);
            return { bucket, name, size: stat.size, lastModified: stat.mtime, publicUrl: publicUrl(bucket, name) };
          }),
      );
      return files.sort((a, b) => a.name.localeCompare(b.name)).slice(0, options.limit ?? 100);
    },
    async remove(bucket, key) {
      await fs.rm(fileFor(bucket, key), { force: true });
    },
  };
}
