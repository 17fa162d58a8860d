import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, count, desc, eq } from "drizzle-orm";
import { articleResources, articles } from "#database/schema";
import { formatFileSize, resourceBucket, resourceFileName } from "#app/lib/resource-files";
import { isUuid } from "#app/lib/uuid";
import { publishedOnly } from "#app/server/articles/published.server";
import { assertSafeKey, type Storage } from "#app/server/core/storage.server";
import type { AppDb } from "#app/server/db/types.server";
import { publicBuckets } from "#app/server/media/public-files.server";
import { buildSitemap } from "#app/server/seo/sitemap.server";
import { escapeXml as escapeHtml } from "#app/server/seo/xml.server";
import { madeOnNote, withMadeOnNote, withoutServerParts } from "./offline-page.server";
import type { PageSource } from "./page-source.server";
import { firstPageKeyOf, packedPageKey, pageFileOf, relativeLink } from "./pack-paths.server";

// The static site both formats are made of: the site's own pages, rendered as an anonymous reader
// gets them (page-source.server.ts), made fit to read without a server (offline-page.server.ts),
// with their links pointing inside the pack, written to a folder with the files they show.

export interface StaticSiteOptions {
  /** An empty folder the site is written into. */
  dir: string;
  pages: PageSource;
  storage: Storage;
  db: AppDb;
  /** The live site's address (PUBLIC_URL): the pages' "read it online" links, and links to what the pack leaves out. */
  publicUrl: string;
  /** The built client (build/client): stylesheet, favicon, the site's own images. */
  clientDir: string;
  /** "26 November 2026", as each page says. */
  madeOn: string;
  /** Resources larger than this are left out, their page linking to them online. */
  maxResourceBytes: number;
  /** Told after each page rendered: how many are done, of how many found so far. */
  onProgress?: (progress: PackProgress) => void;
}

export interface PackProgress {
  pagesDone: number;
  pagesFound: number;
}

export interface StaticSite {
  articleCount: number;
  /** Ask Kafundisha questions with their answers. */
  questionCount: number;
  /** Resource files packed (left-out ones not counted). */
  resourceCount: number;
  pageCount: number;
  /** Resources left out for their size. */
  resourcesLeftOut: number;
  /** Files a page shows that could not be read (an upload removed from storage): the page shows them broken. */
  missingFiles: string[];
  /** The languages the published articles are written in (BCP 47), the most used first. */
  languages: string[];
}

// Pages are rendered a few at a time: the database answers one query at a time anyway (PGlite).
const renderConcurrency = 4;

/** The pages of a pack, by key (pack-paths.server.ts): the file each was rendered to, and how a list's later pages follow on. */
interface RenderedPages {
  /** Key → the file its HTML was written to as rendered: pages are kept on disk, not in memory, however many there are. */
  html: Map<string, string>;
  /** A list's later page → its number (2, 3, …). */
  pageNumbers: Map<string, number>;
  /** A list's later page → the page whose "Next" led to it, where its "Previous" goes. */
  previous: Map<string, string>;
}

/** A link's text in an attribute, as the browser reads it: `&amp;` is `&`. */
const attributeText = (value: string) => value.replaceAll("&amp;", "&");

/**
 * Every page of the pack: the sitemap's (every published article, question, tag and author page),
 * what they link to, and every list's pages one after the other: each "Next" is followed; a
 * "Previous" (`?before=`) is the page that led there, so no page is packed twice.
 */
async function renderPages(pages: PageSource, publicUrl: string, rawDir: string, onProgress?: (progress: PackProgress) => void): Promise<RenderedPages> {
  const sitemap = await buildSitemap(publicUrl);
  const seeds = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => new URL(loc!.replaceAll("&amp;", "&")).pathname);
  const rendered: RenderedPages = { html: new Map(), pageNumbers: new Map(), previous: new Map() };
  const queued = new Set<string>();
  const queue: string[] = [];
  const enqueue = (key: string | null) => {
    if (key !== null && !queued.has(key)) {
      queued.add(key);
      queue.push(key);
    }
  };
  ["/", "/categories", ...seeds].forEach((sitePath) => enqueue(packedPageKey(sitePath)));
  let done = 0;
  async function worker() {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      const page = await pages(key);
      done++;
      onProgress?.({ pagesDone: done, pagesFound: queued.size });
      if (page.status !== 200) continue; // gone meanwhile, or never public: links to it go to the live site
      const rawFile = path.join(rawDir, `${rendered.html.size}.html`);
      rendered.html.set(key, rawFile);
      await fs.writeFile(rawFile, page.html);
      const listKey = firstPageKeyOf(key) ?? key;
      for (const [, href] of page.html.matchAll(/\shref="(\/[^"#]*)/g)) {
        const linked = packedPageKey(attributeText(href!));
        if (linked === null || queued.has(linked)) continue;
        const nextOf = firstPageKeyOf(linked);
        if (nextOf !== null) {
          // Only this list's own "Next" leads on: its number is one more than this page's.
          if (nextOf !== listKey) continue;
          rendered.pageNumbers.set(linked, (rendered.pageNumbers.get(key) ?? 1) + 1);
          rendered.previous.set(linked, key);
        }
        enqueue(linked);
      }
    }
  }
  // Workers finding the queue empty stop; a page rendered later may add more, so go round until none is left.
  while (queue.length > 0) await Promise.all(Array.from({ length: renderConcurrency }, worker));
  return rendered;
}

/**
 * The resource behind an id a page links to, when a reader may have it: its article is published.
 * A page may link any id (an answer's Markdown too), so the link alone never puts a file in.
 */
async function packableResource(db: AppDb, id: string) {
  if (!isUuid(id)) return null;
  const [resource] = await db
    .select({
      title: articleResources.title,
      format: articleResources.format,
      sizeBytes: articleResources.sizeBytes,
      storageKey: articleResources.storageKey,
      previewKey: articleResources.previewKey,
    })
    .from(articleResources)
    .innerJoin(articles, eq(articles.id, articleResources.articleId))
    .where(and(eq(articleResources.id, id.toLowerCase()), publishedOnly));
  return resource ?? null;
}

/** The languages of the published articles, the most used first. */
async function publishedLanguages(db: AppDb): Promise<string[]> {
  const rows = await db
    .select({ language: articles.language, articles: count() })
    .from(articles)
    .where(publishedOnly)
    .groupBy(articles.language)
    .orderBy(desc(count()), articles.language);
  return rows.map((row) => row.language).filter((language) => language !== null);
}

/** A file of the pack other than a page: where it comes from and where it goes. */
type PackedFile = { from: "client"; path: string } | { from: "storage"; bucket: string; key: string };

/** The storage's bucket and key behind one of its public URLs, or null. */
function storedFileOf(storage: Storage, url: string): { bucket: string; key: string } | null {
  const base = storage.publicUrl("bucket", "key").slice(0, -"/bucket/key".length);
  if (!url.startsWith(`${base}/`)) return null;
  const [bucket, ...key] = url
    .slice(base.length + 1)
    .split(/[?#]/, 1)[0]!
    .split("/");
  // Only what anyone may fetch at /uploads goes in as it is; resources go in through their article.
  if (!bucket || key.length === 0 || !publicBuckets.includes(bucket)) return null;
  // Pages may link anything under /uploads (an answer's Markdown too): a name that does not decode,
  // or that storage would refuse, stays a link.
  try {
    const stored = { bucket, key: key.map((part) => decodeURIComponent(part)).join("/") };
    assertSafeKey(stored.bucket, stored.key);
    return stored;
  } catch {
    return null;
  }
}

const clientFile = /^\/(assets|icons|images)\/[A-Za-z0-9._/-]+$|^\/favicon\.svg$/;

/** Each segment encoded for an href; the file on disk has the plain name. */
const encodedPath = (file: string) => file.split("/").map(encodeURIComponent).join("/");

async function copyFile(storage: Storage, clientDir: string, source: PackedFile, target: string): Promise<boolean> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  if (source.from === "client") {
    const file = path.resolve(clientDir, `.${source.path}`);
    if (path.relative(clientDir, file).startsWith("..")) return false;
    return fs.copyFile(file, target).then(
      () => true,
      () => false,
    );
  }
  const stored = await storage.read(source.bucket, source.key);
  if (!stored) return false;
  await fs.writeFile(target, Buffer.from(await new Response(stored.body).arrayBuffer()));
  return true;
}

export async function buildStaticSite(options: StaticSiteOptions): Promise<StaticSite> {
  const live = options.publicUrl.replace(/\/+$/, "");
  const rawDir = await fs.mkdtemp(path.join(os.tmpdir(), "school-pack-pages-"));
  try {
    return await packPages(options, live, await renderPages(options.pages, live, rawDir, options.onProgress));
  } finally {
    await fs.rm(rawDir, { recursive: true, force: true });
  }
}

/** The rendered pages made fit for the pack (`live`: the site's address), written to `options.dir` one at a time, with the files they show. */
async function packPages(options: StaticSiteOptions, live: string, rendered: RenderedPages): Promise<StaticSite> {
  const { dir, storage, db, clientDir, maxResourceBytes } = options;
  const files = new Map<string, PackedFile>(); // pack file → its source
  let resourcesLeftOut = 0;

  /** A resource download link: the file in the pack, or a line saying it is online only. */
  async function resourceLink(anchor: string, href: string, pageFile: string): Promise<string> {
    // Any page may link here (an answer's Markdown too): only a published resource's id counts, and
    // its file is named from the database, never from the link.
    const [, id] = /^\/downloads\/([^/?#]+)\/[^/?#]+$/.exec(href) ?? [];
    if (!id || !isUuid(id)) return anchor;
    const resource = await packableResource(db, id);
    if (!resource) return "";
    if (resource.sizeBytes > maxResourceBytes) {
      resourcesLeftOut++;
      // Its address as text: a pack links nowhere outside itself but its made-on line.
      const text = `Not in this pack: ${resource.title} (${formatFileSize(resource.sizeBytes)}) — download it online at ${live + href}`;
      return `<span class="font-medium">${escapeHtml(text)}</span>`;
    }
    const file = `downloads/${id.toLowerCase()}/${resourceFileName(resource.title, resource.format)}`;
    files.set(file, { from: "storage", bucket: resourceBucket, key: resource.storageKey });
    return anchor.replace(/\shref="[^"]*"/, ` href="${encodedPath(relativeLink(pageFile, file))}"`);
  }

  /**
   * Pictures of resources' first pages (`/downloads/<id>/preview.webp`), by their address: packed
   * from storage when the resource is published, under its id (a storage key never shows in a pack).
   */
  const previews = new Map<string, string | null>();
  async function findPreviews(page: string) {
    for (const [, url, id] of page.matchAll(/\ssrc="(\/downloads\/([A-Za-z0-9-]+)\/preview\.webp)"/g)) {
      if (previews.has(url!)) continue;
      const previewKey = (await packableResource(db, id!))?.previewKey;
      const file = previewKey ? `downloads/${id!.toLowerCase()}/preview.webp` : null;
      if (file) files.set(file, { from: "storage", bucket: resourceBucket, key: previewKey! });
      previews.set(url!, file);
    }
  }

  const fileOf = (key: string) => pageFileOf(key, rendered.pageNumbers.get(key));

  /** A link or source of the page `key`: inside the pack when the pack holds it, else on the live site. */
  function rewritten(url: string, key: string): string {
    const pageFile = fileOf(key);
    const preview = previews.get(url);
    if (preview) return encodedPath(relativeLink(pageFile, preview));
    const stored = storedFileOf(storage, url);
    if (stored) {
      const file = `files/${stored.bucket}/${stored.key}`;
      files.set(file, { from: "storage", ...stored });
      return encodedPath(relativeLink(pageFile, file));
    }
    if (!url.startsWith("/") || url.startsWith("//")) return url;
    const [, link = "", hash = ""] = /^([^#]*)(.*)$/.exec(attributeText(url))!;
    // "Previous" on a list's later page: the page whose "Next" led here.
    const linked = new URLSearchParams(link.split("?", 2)[1]).has("before") ? rendered.previous.get(key) : packedPageKey(link);
    if (linked !== undefined && linked !== null && rendered.html.has(linked)) return relativeLink(pageFile, fileOf(linked)) + hash;
    if (!link.includes("?") && hash === "" && clientFile.test(link)) {
      const file = link.slice(1);
      files.set(file, { from: "client", path: link });
      return relativeLink(pageFile, file);
    }
    return live + url;
  }

  for (const [key, rawFile] of rendered.html) {
    const html = await fs.readFile(rawFile, "utf8");
    const pageFile = fileOf(key);
    let page = withMadeOnNote(withoutServerParts(html), madeOnNote(options.madeOn, live + key));
    const anchors = [...page.matchAll(/<a\b[^>]*\shref="(\/downloads\/[^"]*)"[^>]*>[\s\S]*?<\/a>/gi)];
    for (const [anchor, href] of anchors) page = page.replace(anchor, await resourceLink(anchor, href!, pageFile));
    await findPreviews(page);
    page = page.replace(/(\s(?:href|src))="([^"]*)"/gi, (_match, attribute: string, url: string) => `${attribute}="${rewritten(url, key)}"`);
    await fs.mkdir(path.dirname(path.join(dir, pageFile)), { recursive: true });
    await fs.writeFile(path.join(dir, pageFile), page);
  }
  const missingFiles: string[] = [];
  for (const [file, source] of files) {
    const target = path.resolve(dir, ...file.split("/"));
    // Names come from what pages link to: never a file outside the pack's folder.
    if (path.relative(dir, target).startsWith("..") || !(await copyFile(storage, clientDir, source, target))) missingFiles.push(file);
  }
  return {
    articleCount: [...rendered.html.keys()].filter((key) => key.startsWith("/articles/")).length,
    questionCount: [...rendered.html.keys()].filter((key) => key.startsWith("/ask-kafundisha/")).length,
    resourceCount: [...files.keys()].filter((file) => file.startsWith("downloads/") && !file.endsWith("/preview.webp")).length,
    pageCount: rendered.html.size,
    resourcesLeftOut,
    missingFiles,
    languages: await publishedLanguages(db),
  };
}
