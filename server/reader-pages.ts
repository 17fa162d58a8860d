import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler, matchRoutes, type ServerBuild } from "react-router";
import type { Config } from "#app/server/core/config.server";
import { cacheTagsHeader } from "#app/lib/page-cache-header";
import { readerPageOf, type ReaderPage } from "#app/lib/reader-page";
import { BackgroundQueue, compressForStorage, gzip, PageCache, storablePage, type StoredPage } from "./page-cache";
import { rememberedPathTest, routeTree } from "./public-paths";
import { clientAddressHeader } from "#app/lib/internal-headers";
import { noteCacheVerdict, outgoingHeaders, type RequestView } from "./request-view";
import { fixedSecurityHeaders } from "./security";

/** Browsers always ask again (and get a 304); a CDN may keep a page ten seconds. */
export const publicPageCacheControl = "public, max-age=0, s-maxage=10";
/** For CDNs only (RFC 9213): they may also serve a page stale while they ask again. Browsers would too, so not in Cache-Control. */
const cdnCacheControl = "public, s-maxage=10, stale-while-revalidate=60";
// Past a minute a page is rendered again; meanwhile (up to 30 s more) readers still get the old one.
const cacheLimits = { maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000, staleMs: 30_000 };
// Pages waiting for their best compression, past the one being compressed; more are dropped (and asked again on a later hit).
const maxWaitingCompressions = 32;

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
type Accepts = { br: boolean; gzip: boolean };
const acceptsNothing: Accepts = { br: false, gzip: false };
// Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
const acceptsByHeader = new Map<string, Accepts>();

function accepts(accept: string | undefined): Accepts {
  if (!accept) return acceptsNothing;
  let known = acceptsByHeader.get(accept);
  if (known) return known;
  const accepted = acceptedEncodings(accept);
  known = { br: accepted.has("br"), gzip: accepted.has("gzip") };
  if (acceptsByHeader.size < 256) acceptsByHeader.set(accept, known);
  return known;
}

/** The best body of `page` this reader takes: a stored page may not have its compressed bodies yet. */
function encodingFor(page: StoredPage, accept: string | undefined): Encoding {
  const { br, gzip } = accepts(accept);
  return br && page.brotli ? "br" : gzip && page.gzip ? "gzip" : "identity";
}

/** A stored page's answers, headers laid out once per encoding it has (a hit only looks them up). */
interface PreparedAnswers {
  headers: Partial<Record<Encoding, string[]>> & { notModified: string[] };
  bodies: Partial<Record<Encoding, Buffer>>;
}

/**
 * Which page a request is, and what it is rendered from: PUBLIC_URL's origin, the path and only the
 * query parameters the page reads (`ReaderPage.query`, canonical). The key adds the data saver: a
 * page is kept once per address, and once more for readers with it on (no images).
 */
interface PageAddress {
  key: string;
  url: string;
  dataSaver: boolean;
  clientAddress: string;
}

function addressOf(view: RequestView, page: ReaderPage<unknown>): PageAddress {
  const query = page.query && view.search ? page.query(new URLSearchParams(view.search)) : "";
  const path = view.path + query;
  return {
    key: view.dataSaver ? `${path}\u0000data-saver` : path,
    url: view.origin + path,
    dataSaver: view.dataSaver,
    clientAddress: view.clientAddress,
  };
}

/**
 * The request a shared page is rendered from: its address and nothing personal (no cookie, no
 * header of the reader's but the data saver), so the page is the same for everyone it is kept for.
 */
function renderRequest(address: PageAddress): Request {
  const headers = new Headers({ [clientAddressHeader]: address.clientAddress });
  if (address.dataSaver) headers.set("save-data", "on");
  return new Request(address.url, { method: "GET", headers });
}

export interface ReaderPages {
  /**
   * Takes an anonymous reader's GET of a cacheable reader page: "hit" when answered from the cache
   * at once, "rendered" when it is being rendered (`failed` hears of a render that threw); false
   * leaves the request to the app.
   */
  take(view: RequestView, req: IncomingMessage, res: ServerResponse, failed: (error: unknown) => void): "hit" | "rendered" | false;
  /** Absent when PAGE_CACHE is off. */
  cache: PageCache | null;
}

/**
 * Anonymous readers' pages, answered straight from Node's HTTP server: from the page cache
 * (ETag and 304), or rendered by React Router without Express in between. A miss is answered as
 * rendered (gzip level 1 for a reader who takes gzip); a page asked for again is compressed for
 * good (brotli, gzip -9) in the background, one at a time. Concurrent misses for one address share
 * one render. Signed-in readers never come here.
 */
export function createReaderPages({ config, build }: { config: Config; build: ServerBuild }): ReaderPages {
  const render = createRequestHandler(build, "production");
  const routes = routeTree(build.routes);
  const cache = config.PAGE_CACHE ? new PageCache(cacheLimits) : null;
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  const compressions = new BackgroundQueue(maxWaitingCompressions);
  const compressing = new WeakSet<StoredPage>();
  const security = fixedSecurityHeaders(config);

  /** The cacheable reader page at a path (it declares cache tags), or null. */
  const cacheablePageAt = rememberedPathTest((path) => {
    const matches = matchRoutes(routes, path);
    const page = matches && readerPageOf(matches.map((match) => match.route));
    return page?.cacheTags ? page : null;
  });

  function take(view: RequestView, req: IncomingMessage, res: ServerResponse, failed: (error: unknown) => void) {
    if ((view.method !== "GET" && view.method !== "HEAD") || view.personal || view.path.endsWith(".data")) return false;
    const page = cacheablePageAt(view.path);
    if (!page) return false;
    const address = addressOf(view, page);
    const cached = cache?.get(address.key);
    if (!cached) {
      answer(address, req, res).catch(failed);
      return "rendered";
    }
    sendStored(req, res, cached, "hit");
    if (!cached.compressed) compressLater(address.key, cached);
    if (cache!.isStale(cached) && !rendering.has(address.key)) sharedRender(address, req).catch(failed);
    return "hit";
  }

  /** Renders the page; a page the renderer marked cacheable comes back ready to store and (cache on) stored. */
  async function renderPage(
    address: PageAddress,
    req: IncomingMessage,
  ): Promise<(RenderedPage & { uncached?: undefined }) | { page: null; uncached: Rendered }> {
    const begunAt = cache?.begin() ?? 0;
    const response = await render(renderRequest(address));
    const bytes = Buffer.from(await response.arrayBuffer());
    const tags = response.headers.get(cacheTagsHeader);
    if (!cache || tags === null || response.status !== 200 || response.headers.has("set-cookie")) return { page: null, uncached: { response, bytes } };
    const page = await storablePage(
      { status: response.status, headers: Object.fromEntries(outgoingHeaders(response.headers)), identity: bytes, tags: tags.split(" ").filter(Boolean) },
      { quickGzip: accepts(req.headers["accept-encoding"]).gzip },
    );
    return { page, kept: cache.store(address.key, page, begunAt) };
  }

  /** A kept page asked for again gets its best compression, in the background; dropped when too many wait (a later hit asks again). */
  function compressLater(key: string, page: StoredPage) {
    if (compressing.has(page)) return;
    const queued = compressions.add(async () => {
      if (!cache!.holds(key, page)) return; // dropped or replaced meanwhile
      cache!.replace(key, page, await compressForStorage(page));
    });
    if (queued) compressing.add(page);
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
    const withBody = (encoding: Encoding, body: Buffer | undefined) =>
      body && flat({ ...common, ...(encoding === "identity" ? {} : { "content-encoding": encoding }), "content-length": body.length });
    return {
      headers: {
        br: withBody("br", bodies.br),
        gzip: withBody("gzip", bodies.gzip),
        identity: withBody("identity", bodies.identity),
        notModified: flat(common),
      },
      bodies,
    };
  }

  function sendStored(req: IncomingMessage, res: ServerResponse, page: StoredPage, state: "hit" | "miss") {
    let answers = prepared.get(page);
    if (!answers) prepared.set(page, (answers = { hit: prepare(page, "hit"), miss: prepare(page, "miss") }));
    const { headers, bodies } = answers[state];
    noteCacheVerdict(res, state);
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, "") === page.etag.replace(/^W\//, ""))) {
      res.writeHead(304, headers.notModified);
      res.end();
      return;
    }
    const encoding = encodingFor(page, req.headers["accept-encoding"]);
    res.writeHead(page.status, headers[encoding]!);
    res.end(req.method === "HEAD" ? undefined : bodies[encoding]);
  }

  async function sendRendered(req: IncomingMessage, res: ServerResponse, { response, bytes }: Rendered) {
    const verdict = cache ? "pass" : "off";
    noteCacheVerdict(res, verdict);
    const headers: Record<string, string | string[] | number> = { ...security, "cache-control": "no-store", "x-page-cache": verdict };
    for (const [name, value] of outgoingHeaders(response.headers)) if (name !== "set-cookie") headers[name] = value;
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers["set-cookie"] = cookies;
    let body = bytes;
    if (accepts(req.headers["accept-encoding"]).gzip && body.length > 1024) {
      body = await gzip(body, { level: 1 }); // in the thread pool: the event loop renders the next page meanwhile
      headers["content-encoding"] = "gzip";
      headers.vary = "Accept-Encoding";
    }
    headers["content-length"] = body.length;
    res.writeHead(response.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Renders the page for this reader and for those who ask for the same address meanwhile. */
  function sharedRender(address: PageAddress, req: IncomingMessage) {
    const { key } = address;
    const own = renderPage(address, req);
    const page = own.then((result) => (result.page ? { page: result.page, kept: result.kept } : null)).finally(() => rendering.delete(key));
    page.catch(() => {}); // the failure reaches the caller through `own`
    rendering.set(key, page);
    return own;
  }

  async function answer(address: PageAddress, req: IncomingMessage, res: ServerResponse) {
    const shared = rendering.get(address.key);
    if (shared) {
      const result = await shared;
      if (result?.kept) return sendStored(req, res, result.page, "miss");
      // The shared render was not cacheable (a 404, say), or began before a change to what it shows
      // (this reader may have come after the change): this reader gets a render of their own.
    }
    const { page, uncached } = await (cache && !shared ? sharedRender(address, req) : renderPage(address, req));
    if (page) sendStored(req, res, page, "miss");
    else await sendRendered(req, res, uncached!);
  }

  return { take, cache };
}
