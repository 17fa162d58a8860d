import { assertSafeKey } from "#app/server/core/storage.server";
import { mediaBucket } from "./uploads.server";

/**
 * The buckets whose files anyone may fetch as they are, at /uploads/<bucket>/<key>: the Media
 * Library's images (uploads, imports' pictures, the demo's). An allow-list: every other bucket
 * (resources, imports, school packs, and any added later) is served only by a route that checks
 * it, or not at all.
 */
export const publicBuckets: readonly string[] = [mediaBucket];

/** The address prefix of the public files (local storage). */
export const uploadsPrefix = "/uploads/";

/**
 * The public stored file a path under /uploads names, or null. Each segment is decoded once and
 * must then be a safe storage name (no empty, `.` or `..` segment, no `/`, `\`, `%` or NUL):
 * so `//`, `%2e%2e`, `%252e` and `%5c` name nothing, and only an exact, allow-listed bucket
 * (never `RESOURCES` or `resources.`) is answered.
 */
export function publicFileAt(sitePath: string): { bucket: string; key: string } | null {
  if (!sitePath.startsWith(uploadsPrefix)) return null;
  let segments: string[];
  try {
    segments = sitePath.slice(uploadsPrefix.length).split("/").map(decodeURIComponent);
  } catch {
    return null; // a malformed escape
  }
  // A decoded "/" (%2F) would make one segment two.
  if (segments.some((segment) => segment.includes("/"))) return null;
  const [bucket, ...key] = segments;
  if (!bucket || key.length === 0 || !publicBuckets.includes(bucket)) return null;
  try {
    assertSafeKey(bucket, key.join("/"));
  } catch {
    return null;
  }
  return { bucket, key: key.join("/") };
}
