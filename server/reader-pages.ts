import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler, matchRoutes, type ServerBuild } from "react-router";
import type { Config } from "#app/server/core/config.server";
import { cacheTagsHeader } from "#app/lib/page-cache-header";
import { readerPageOf } from "#app/lib/reader-page";
import { wantsDataSaver } from "#app/server/reader/data-saver.server";
import { compressPage, gzip, PageCache, type StoredPage } from "./page-cache";
import { rememberedPathTest, routeTree } from "./public-paths";
import { clientAddress, trustedProxies } from "./request";
import { fixedSecurityHeaders } from "./security";

/** Browsers always ask again (and get a 304); a CDN may keep a page ten seconds. */
export const publicPageCacheControl = "public, max-age=0, s-maxage=10";
/** For CDNs only (RFC 9213): they may also serve a page stale while they ask again. Browsers would too, so not in Cache-Control. */
const cdnCacheControl = "public, s-maxage=10, stale-while-revalidate=60";
// Past a minute a page is rendered again; meanwhile (up to 30 s more) readers still get the old one.
const cacheLimits = { maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000, staleMs: 30_000 };
// Readers with a session or a pending toast get their own page, through the full app.
const personalCookie = /(?:^|;\s*)(?:__Host-)?educator_(?:session|toast)=/;

/** A render the cache did not keep, answered as it is. */
type Rendered = { response: Response; bytes: Buffer };
/** A cacheable render; `kept` is false when the cache refused it (something it shows changed meanwhile). */
type RenderedPage = { page: StoredPage; kept: boolean };

/** The content codings the client accepts (`;q=0` refuses one). */
function acceptedEncodings(accept: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of accept?.split(",") ?? []) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) accepted.add(coding!.trim());
  }
  return accepted;
}

type Encoding = "br" | "gzip" | "identity";
// Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
const encodingByAccept = new Map<string, Encoding>();

function preferredEncoding(accept: string | undefined): Encoding {
  if (!accept) return "identity";
  let encoding = encodingByAccept.get(accept);
  if (encoding) return encoding;
  const accepted = acceptedEncodings(accept);
  encoding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity";
  if (encodingByAccept.size < 256) encodingByAccept.set(accept, encoding);
  return encoding;
}

/** A stored page's answers, headers laid out once per encoding (a hit only looks them up). */
interface PreparedAnswers {
  headers: Record<Encoding | "notModified", string[]>;
  bodies: Record<Encoding, Buffer>;
}

/** A page is kept once per address, and once more for readers with the data saver on (no images). */
function cacheKey(req: IncomingMessage): string {
  return wantsDataSaver({ get: (name) => headerValue(req, name) }) ? `${req.url}\u0000data-saver` : req.url!;
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

function toFetchRequest(req: IncomingMessage, trusted: (address: string, hop: number) => boolean): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith("x-educator-")) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  headers.set("x-educator-client-ip", clientAddress(req, trusted));
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url}`, { method: "GET", headers });
}

export interface ReaderPages {
  /**
   * Takes an anonymous reader's GET of a cacheable reader page (true), answered from the cache at
   * once or rendered (`failed` hears of a render that threw); false leaves the request to the app.
   */
  take(req: IncomingMessage, res: ServerResponse, failed: (error: unknown) => void): boolean;
  /** Absent when PAGE_CACHE is off. */
  cache: PageCache | null;
}

/**
 * Anonymous readers' pages, answered straight from Node's HTTP server: from the page cache
 * (compressed once, ETag and 304), or rendered by React Router without Express in between.
 * Concurrent misses for one address share one render. Signed-in readers never come here.
 */
export function createReaderPages({ config, build }: { config: Config; build: ServerBuild }): ReaderPages {
  const render = createRequestHandler(build, "production");
  const routes = routeTree(build.routes);
  const cache = config.PAGE_CACHE ? new PageCache(cacheLimits) : null;
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  const security = fixedSecurityHeaders(config);
  const trusted = trustedProxies(config.TRUST_PROXY);

  function isReaderRequest(req: IncomingMessage) {
    return (req.method === "GET" || req.method === "HEAD") && !personalCookie.test(req.headers.cookie ?? "") && !req.url?.includes(".data");
  }

  const isCacheablePath = rememberedPathTest((path) => {
    const matches = matchRoutes(routes, path);
    return Boolean(matches && readerPageOf(matches.map((match) => match.route))?.cacheTags);
  });

  function take(req: IncomingMessage, res: ServerResponse, failed: (error: unknown) => void) {
    if (!isReaderRequest(req)) return false;
    const cached = cache?.get(cacheKey(req)); // only reader pages are ever stored
    if (cached) {
      sendStored(req, res, cached, "hit");
      if (cache!.isStale(cached) && !rendering.has(cacheKey(req))) sharedRender(req).catch(failed);
    } else if (isCacheablePath(req.url!.split("?", 1)[0]!)) answer(req, res).catch(failed);
    else return false;
    return true;
  }

  /** Renders the page; a page the renderer marked cacheable comes back compressed and (cache on) stored. */
  async function renderPage(req: IncomingMessage): Promise<(RenderedPage & { uncached?: undefined }) | { page: null; uncached: Rendered }> {
    const begunAt = cache?.begin() ?? 0;
    const response = await render(toFetchRequest(req, trusted));
    const bytes = Buffer.from(await response.arrayBuffer());
    const tags = response.headers.get(cacheTagsHeader);
    response.headers.delete(cacheTagsHeader);
    if (!cache || tags === null || response.status !== 200 || response.headers.has("set-cookie")) return { page: null, uncached: { response, bytes } };
    const page = await compressPage({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      identity: bytes,
      tags: tags.split(" ").filter(Boolean),
    });
    return { page, kept: cache.store(cacheKey(req), page, begunAt) };
  }

  const prepared = new WeakMap<StoredPage, Record<"hit" | "miss", PreparedAnswers>>();

  function prepare(page: StoredPage, state: "hit" | "miss"): PreparedAnswers {
    const common = {
      ...security,
      ...page.headers,
      "cache-control": publicPageCacheControl,
      "cdn-cache-control": cdnCacheControl,
      vary: "Accept-Encoding, Cookie, Save-Data",
      etag: page.etag,
      "x-page-cache": state,
    };
    const bodies = { br: page.brotli, gzip: page.gzip, identity: page.identity };
    const flat = (headers: Record<string, string | number>) => Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);
    const withBody = (encoding: Encoding) =>
      flat({ ...common, ...(encoding === "identity" ? {} : { "content-encoding": encoding }), "content-length": bodies[encoding].length });
    return { headers: { br: withBody("br"), gzip: withBody("gzip"), identity: withBody("identity"), notModified: flat(common) }, bodies };
  }

  function sendStored(req: IncomingMessage, res: ServerResponse, page: StoredPage, state: "hit" | "miss") {
    let answers = prepared.get(page);
    if (!answers) prepared.set(page, (answers = { hit: prepare(page, "hit"), miss: prepare(page, "miss") }));
    const { headers, bodies } = answers[state];
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, "") === page.etag.replace(/^W\//, ""))) {
      res.writeHead(304, headers.notModified);
      res.end();
      return;
    }
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    res.writeHead(page.status, headers[encoding]);
    res.end(req.method === "HEAD" ? undefined : bodies[encoding]);
  }

  async function sendRendered(req: IncomingMessage, res: ServerResponse, { response, bytes }: Rendered) {
    const headers: Record<string, string | string[] | number> = { ...security, "cache-control": "no-store", "x-page-cache": cache ? "pass" : "off" };
    for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers["set-cookie"] = cookies;
    let body = bytes;
    if (acceptedEncodings(req.headers["accept-encoding"]).has("gzip") && body.length > 1024) {
      body = await gzip(body); // in the thread pool: the event loop renders the next page meanwhile
      headers["content-encoding"] = "gzip";
      headers.vary = "Accept-Encoding";
    }
    headers["content-length"] = body.length;
    res.writeHead(response.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Renders the page for this reader and for those who ask for the same address meanwhile. */
  function sharedRender(req: IncomingMessage) {
    const key = cacheKey(req);
    const own = renderPage(req);
    const page = own.then((result) => (result.page ? { page: result.page, kept: result.kept } : null)).finally(() => rendering.delete(key));
    page.catch(() => {}); // the failure reaches the caller through `own`
    rendering.set(key, page);
    return own;
  }

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const key = cacheKey(req);
    const shared = rendering.get(key);
    if (shared) {
      const result = await shared;
      if (result?.kept) return sendStored(req, res, result.page, "miss");
      // The shared render was not cacheable (a 404, say), or began before a change to what it shows
      // (this reader may have come after the change): this reader gets a render of their own.
    }
    const { page, uncached } = await (cache && !shared ? sharedRender(req) : renderPage(req));
    if (page) sendStored(req, res, page, "miss");
    else await sendRendered(req, res, uncached!);
  }

  return { take, cache };
}
