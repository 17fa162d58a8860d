import path from "node:path";

// Which of the site's pages a school pack holds, and the file each becomes. Every page is a file
// ending in .html (never a folder's index), so links work from disk (file://) as well as in Kiwix.

// Ids (UUIDs) and slugs, as the site's paths have them.
const segment = "[A-Za-z0-9-]{1,100}";
const packedPatterns = [
  /^\/$/,
  /^\/articles$/,
  /^\/about$/,
  /^\/ask-kafundisha$/,
  /^\/resources$/,
  new RegExp(`^/(articles|category|tag|author)/${segment}$`),
  new RegExp(`^/ask-kafundisha/(?!unsubscribe$)${segment}$`),
];

/** The storage bucket packs are kept in (pack-store.server.ts); never packed into a pack itself. */
export const schoolPackBucket = "school-packs";

/** Whether a site path (no query) is a page the pack holds. */
export function isPackedPage(sitePath: string): boolean {
  return packedPatterns.some((pattern) => pattern.test(sitePath));
}

/** The pack file of a packed page: "/" is index.html, "/articles/x" is articles/x.html. */
export function pageFileOf(sitePath: string): string {
  return sitePath === "/" ? "index.html" : `${sitePath.slice(1)}.html`;
}

/** `to` (a pack file) as a link from the pack file `from`. */
export function relativeLink(from: string, to: string): string {
  return path.posix.relative(path.posix.dirname(from), to) || path.posix.basename(to);
}
