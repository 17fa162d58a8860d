import path from "node:path";
import { curriculumFilterNames } from "#app/lib/article-list-params";
import { slugify } from "#app/lib/slug";
import { siteSettings } from "#app/server/core/site-settings.server";

// Which of the site's pages a school pack holds, and the file each becomes. Every page is a file
// ending in .html (never a folder's index), so links work from disk (file://) as well as in Kiwix.
// A page is named by its key: its site path, and for a list its filters and next-page cursor in
// one canonical order ("/resources?level=grade-4&lang=ny", "/articles?after=…").

// Ids (UUIDs), slugs and question addresses (an id and up to 80 characters of title), as the site's paths have them.
const segment = "[A-Za-z0-9-]{1,200}";
const packedPatterns = [
  /^\/$/,
  /^\/articles$/,
  /^\/about$/,
  /^\/categories$/,
  /^\/contact$/,
  /^\/ask-kafundisha$/,
  /^\/resources$/,
  new RegExp(`^/(articles|category|tag|author)/${segment}$`),
  new RegExp(`^/ask-kafundisha/(?!unsubscribe$)${segment}$`),
];

/** Lists shown a page at a time: the pack follows their "Next" links (`?after=`). */
const pagedLists = [/^\/articles$/, /^\/ask-kafundisha$/, /^\/resources$/, new RegExp(`^/(category|tag|author)/${segment}$`)];

/** The filters a list's pages are packed by: Lesson Resources' grade, subject, type and language; Ask Kafundisha's tabs and categories (no search, no sort). */
const packedFilters: Record<string, readonly string[]> = { "/resources": curriculumFilterNames, "/ask-kafundisha": ["show", "category"] };

const filterValue = /^[A-Za-z0-9-]{1,100}$/;
const cursorParam = "after";

/** The storage bucket packs are kept in (pack-store.server.ts); never packed into a pack itself. */
export const schoolPackBucket = "school-packs";

/** Whether a site path (no query) is a page the pack holds. */
export function isPackedPage(sitePath: string): boolean {
  return packedPatterns.some((pattern) => pattern.test(sitePath));
}

/**
 * The key of the packed page a site link ("/path?query", no origin or fragment) shows, or null when
 * a pack does not hold it: a page the pack leaves out, a sort, a search, or a parameter it does not know.
 */
export function packedPageKey(link: string): string | null {
  const [sitePath = "", search = ""] = link.split("?", 2);
  if (!isPackedPage(sitePath)) return null;
  const query = new URLSearchParams(search);
  const filters = packedFilters[sitePath] ?? [];
  const paged = pagedLists.some((pattern) => pattern.test(sitePath));
  const names = [...query.keys()];
  if (new Set(names).size !== names.length) return null;
  for (const [name, value] of query) {
    if (!(filters.includes(name) && filterValue.test(value)) && !(paged && name === cursorParam && value)) return null;
  }
  const canonical = new URLSearchParams();
  for (const name of [...filters, cursorParam]) {
    const value = query.get(name);
    if (value) canonical.set(name, value);
  }
  const text = canonical.toString();
  return text ? `${sitePath}?${text}` : sitePath;
}

/** The list page a key is a later page of ("/articles" for "/articles?after=…"), or null for a first page. */
export function firstPageKeyOf(key: string): string | null {
  const [sitePath = "", search = ""] = key.split("?", 2);
  const query = new URLSearchParams(search);
  if (!query.has(cursorParam)) return null;
  query.delete(cursorParam);
  const text = query.toString();
  return text ? `${sitePath}?${text}` : sitePath;
}

/**
 * The pack file of a packed page: "/" is index.html, "/articles/x" is articles/x.html, a filtered
 * list "resources/level-grade-4_lang-ny.html", and a list's later page `pageNumber` beside its first:
 * "articles/page-2.html".
 */
export function pageFileOf(key: string, pageNumber = 1): string {
  const [sitePath = "", search = ""] = key.split("?", 2);
  const stem = sitePath === "/" ? "index" : sitePath.slice(1);
  const filters = [...new URLSearchParams(search)].filter(([name]) => name !== cursorParam).map(([name, value]) => `${name}-${value}`);
  const listStem = filters.length > 0 ? `${stem}/${filters.join("_")}` : stem;
  return pageNumber > 1 ? `${listStem}/page-${pageNumber}.html` : `${listStem}.html`;
}

/** `to` (a pack file) as a link from the pack file `from`. */
export function relativeLink(from: string, to: string): string {
  return path.posix.relative(path.posix.dirname(from), to) || path.posix.basename(to);
}

/**
 * What a pack is called, as a file and as the zip's one folder: the magazine and the day it was made
 * (UTC, as its stored name says), and for a pack of chosen grades, subjects and languages their
 * slug: "the-educator-school-pack-2026-11-26", "the-educator-school-pack-2026-11-26-grade-4-ny".
 */
export function packName(madeAt: Date, selectionSlug = ""): string {
  return `${slugify(siteSettings().name)}-school-pack-${madeAt.toISOString().slice(0, 10)}${selectionSlug ? `-${selectionSlug}` : ""}`;
}
