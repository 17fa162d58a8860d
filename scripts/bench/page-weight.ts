// What a browser downloads for a page: the HTML, its same-origin stylesheets and scripts,
// modulepreloads and the static imports of module scripts (followed recursively, as the
// browser does), all with Accept-Encoding br, gzip. Images, fonts and data fetches are left out.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { getRaw } from "./http";

const acceptEncoding = { "accept-encoding": "br, gzip" };
const clientDir = path.resolve(import.meta.dirname, "../../build/client");

export type Kind = "html" | "css" | "js";

export interface Transfer {
  path: string;
  kind: Kind;
  /** Body bytes as transferred; a body sent uncompressed is counted gzipped when that is smaller (gzippedByBench). */
  bytes: number;
  encoding: string;
  gzippedByBench: boolean;
  etag?: string;
  lastModified?: string;
  cacheControl?: string;
}

export interface FirstVisit {
  page: string;
  transfers: Transfer[];
  bytes: Record<Kind | "total", number>;
  jsFiles: number;
  /** Files that belong to admin routes only. */
  adminFiles: string[];
}

export interface RepeatVisit {
  bytes: number;
  /** Requests sent (the rest was reused from the cache without asking). */
  requests: number;
  notModified: number;
  reused: number;
  /** Paths downloaded again in full. */
  downloaded: string[];
}

async function fetchCounted(url: string, kind: Kind, headers: Record<string, string> = {}) {
  const response = await getRaw(url, { ...acceptEncoding, ...headers });
  const encoding = response.headers["content-encoding"] ?? "identity";
  // A body the server did not compress (e.g. under its size threshold) is counted as gzip would send it, when smaller.
  const gzipped = response.status === 200 && encoding === "identity" && response.wire.length > 0 ? zlib.gzipSync(response.wire).length : Infinity;
  const gzippedByBench = gzipped < response.wire.length;
  const transfer: Transfer = {
    path: new URL(url).pathname + new URL(url).search,
    kind,
    bytes: Math.min(gzipped, response.wire.length),
    encoding,
    gzippedByBench,
    etag: response.headers.etag,
    lastModified: response.headers["last-modified"],
    cacheControl: response.headers["cache-control"],
  };
  return { response, transfer };
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    found.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
  }
  return found;
}

/** What the HTML makes the browser load: [url, kind, isModule] for same-origin stylesheets and scripts (also those a loader imports), and inline module code. */
function resourcesOfHtml(html: string, pageUrl: string) {
  const resources: { url: string; kind: Kind; module: boolean }[] = [];
  const inlineModules: string[] = [];
  const add = (href: string | undefined, kind: Kind, module: boolean) => {
    if (!href) return;
    const url = new URL(href, pageUrl);
    if (url.origin === new URL(pageUrl).origin) resources.push({ url: url.href, kind, module });
  };
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(match[1]!);
    const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    const as = attrs.get("as");
    if (rel.includes("stylesheet") || (rel.includes("preload") && as === "style")) add(attrs.get("href"), "css", false);
    else if (rel.includes("modulepreload")) add(attrs.get("href"), "js", true);
    else if (rel.includes("preload") && as === "script") add(attrs.get("href"), "js", false);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(match[1]!);
    const module = attrs.get("type") === "module";
    if (attrs.has("src")) add(attrs.get("src"), "js", module);
    // The reader script, imported by its inline loader once the page has painted.
    else if (attrs.has("data-src")) add(attrs.get("data-src"), "js", true);
    else if (module) inlineModules.push(match[2]!);
  }
  return { resources, inlineModules };
}

/** Static `import … from "x"`, `import "x"` and `export … from "x"` of a module (not dynamic import()). */
export function staticImports(code: string, moduleUrl: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\n]+)["']/g)) {
    const specifier = match[1]!;
    if (/^(\.{0,2}\/|https?:)/.test(specifier)) found.push(new URL(specifier, moduleUrl).href);
  }
  return found;
}

/** The route chunks that only admin routes use, from the build's route manifest (or, without one, file names containing "admin"). */
export function loadAdminFiles(): { isAdmin(path: string): boolean; source: string } {
  const assets = path.join(clientDir, "assets");
  const manifestFile = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name)) : undefined;
  try {
    const text = fs.readFileSync(path.join(assets, manifestFile!), "utf8");
    const manifest = JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as {
      entry: { module: string; imports?: string[] };
      routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
    };
    const admin = new Set<string>();
    const elsewhere = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (const [id, route] of Object.entries(manifest.routes)) {
      const files = [route.module, ...(route.imports ?? []), ...(route.css ?? [])];
      for (const file of files) (id.startsWith("routes/admin/") ? admin : elsewhere).add(file);
    }
    for (const file of elsewhere) admin.delete(file);
    return { isAdmin: (file) => admin.has(file), source: `route manifest ${manifestFile} (${admin.size} admin-only files)` };
  } catch {
    return { isAdmin: (file) => /admin/i.test(file), source: "file names (no readable route manifest in build/client/assets)" };
  }
}

/** Downloads the page as a first-time visitor's browser would (no cache) and counts the compressed bytes. */
export async function measureFirstVisit(base: string, page: string, admin: { isAdmin(path: string): boolean }): Promise<FirstVisit> {
  const pageUrl = new URL(page, base).href;
  const { response, transfer } = await fetchCounted(pageUrl, "html");
  if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
  const transfers: Transfer[] = [transfer];
  const { resources, inlineModules } = resourcesOfHtml(response.body.toString("utf8"), pageUrl);
  const queue = [...resources, ...inlineModules.flatMap((code) => staticImports(code, pageUrl).map((url) => ({ url, kind: "js" as Kind, module: true })))];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next.url) || new URL(next.url).origin !== new URL(base).origin) continue;
    seen.add(next.url);
    const fetched = await fetchCounted(next.url, next.kind);
    if (fetched.response.status !== 200) throw new Error(`${next.url} (loaded by ${page}) answered ${fetched.response.status}`);
    transfers.push(fetched.transfer);
    if (next.module) {
      for (const url of staticImports(fetched.response.body.toString("utf8"), next.url)) queue.push({ url, kind: "js", module: true });
    }
  }
  const sum = (kind?: Kind) => transfers.filter((t) => !kind || t.kind === kind).reduce((total, t) => total + t.bytes, 0);
  return {
    page,
    transfers,
    bytes: { html: sum("html"), css: sum("css"), js: sum("js"), total: sum() },
    jsFiles: transfers.filter((t) => t.kind === "js").length,
    adminFiles: transfers.map((t) => t.path).filter((file) => admin.isAdmin(file)),
  };
}

const oneDay = 86_400;

/**
 * The same downloads on a visit the next day, with the browser's cache from the first: a response
 * marked immutable or fresh for a day or more is reused without a request; others are asked
 * again with If-None-Match / If-Modified-Since where the first answer gave a validator.
 */
export async function measureRepeatVisit(base: string, first: FirstVisit): Promise<RepeatVisit> {
  const result: RepeatVisit = { bytes: 0, requests: 0, notModified: 0, reused: 0, downloaded: [] };
  for (const earlier of first.transfers) {
    const cacheControl = (earlier.cacheControl ?? "").toLowerCase();
    const maxAge = Number(/(?:^|[,\s])max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0);
    const storable = !/no-store/.test(cacheControl);
    if (storable && !/no-cache/.test(cacheControl) && (/immutable/.test(cacheControl) || maxAge >= oneDay)) {
      result.reused++;
      continue;
    }
    const validators: Record<string, string> = {};
    if (storable && earlier.etag) validators["if-none-match"] = earlier.etag;
    if (storable && earlier.lastModified) validators["if-modified-since"] = earlier.lastModified;
    const { response, transfer } = await fetchCounted(new URL(earlier.path, base).href, earlier.kind, validators);
    result.requests++;
    if (response.status === 304) result.notModified++;
    else result.downloaded.push(earlier.path);
    result.bytes += transfer.bytes;
  }
  return result;
}
