import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Config } from "#app/server/core/config.server";
import { services } from "#app/server/core/services.server";
import { outgoingHeaders } from "#app/lib/internal-headers";
import type { ReaderPage } from "#app/lib/reader-page";
import { dropPagesOnChange } from "./cache-tags.server";
import { BackgroundQueue, compressForStorage, gzip, PageCache, storablePage, type StoredPage } from "./page-cache.server";
import { loadContextOf, type ViewedRequest } from "./page-request.server";

/** Browsers always ask again (and get a 304); a CDN may keep a page ten seconds. */
export const publicPageCacheControl = "public, max-age=0, s-maxage=10";
/** For CDNs only (RFC 9213): they may also serve a page stale while they ask again. Browsers would too, so not in Cache-Control. */
const cdnCacheControl = "public, s-maxage=10, stale-while-revalidate=60";
/** How a kept page may be kept further along (CDNs, browsers). */
const keptPageCaching = { "cache-control": publicPageCacheControl, "cdn-cache-control": cdnCacheControl, vary: "Accept-Encoding, Cookie, Save-Data" };
// Past a minute a page is rendered again; meanwhile (up to 30 s more) readers still get the old one.
const cacheLimits = { maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000, staleMs: 30_000 };
// Pages waiting for their best compression, past the one being compressed; more are dropped (and asked again on a later hit).
const maxWaitingCompressions = 32;

/** What the page cache made of a request (`x-page-cache`), for its log line. */
export type CacheVerdict = "hit" | "miss" | "pass" | "off";
const verdictOfResponse = Symbol("educator.cacheVerdict");
type Judged = ServerResponse & { [verdictOfResponse]?: CacheVerdict };

/** The page cache's verdict on a request this wing answered, for the request log (server/request-view.ts); undefined for any other. */
export function cacheVerdictOf(res: ServerResponse): CacheVerdict | undefined {
  return (res as Judged)[verdictOfResponse];
}

/** What React Router rendered, as it may leave the server: no internal header, its cookies apart, the body as bytes. */
interface Rendered {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  bytes: Buffer;
}

async function readRendered(response: Response): Promise<Rendered> {
  const headers: Record<string, string> = {};
  for (const [name, value] of outgoingHeaders(response.headers)) if (name !== "set-cookie") headers[name] = value;
  return { status: response.status, headers, cookies: response.headers.getSetCookie(), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A render: kept (`kept` false when the cache refused it, something it shows having changed meanwhile), or answered as it is. */
type RenderResult = { page: StoredPage; kept: boolean; uncached?: undefined } | { page: null; uncached: Rendered };

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

type Bodies = Partial<Record<Encoding, Buffer>>;

/** The best body this reader takes: a kept page may not have its compressed bodies yet, a render has one. */
function encodingFor(bodies: Bodies, accept: string | undefined): Encoding {
  const { br, gzip } = accepts(accept);
  return br && bodies.br ? "br" : gzip && bodies.gzip ? "gzip" : "identity";
}

/** A reader page's answer, its headers laid out once per body it has (a hit only looks them up). */
interface Answer {
  status: number;
  verdict: CacheVerdict;
  /** A kept page's weak ETag (a matching If-None-Match gets 304), else null. */
  etag: string | null;
  headers: Partial<Record<Encoding, string[]>> & { notModified: string[] };
  bodies: Bodies;
}

const flat = (headers: Record<string, string | number>) => Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);

function answerOf(
  status: number,
  headers: Record<string, string>,
  bodies: Bodies,
  { verdict, etag, cookies = [] }: Pick<Answer, "verdict" | "etag"> & { cookies?: string[] },
): Answer {
  const setCookies = cookies.flatMap((cookie) => ["set-cookie", cookie]);
  const withBody = (encoding: Encoding) => {
    const body = bodies[encoding];
    return (
      body && [...flat({ ...headers, ...(encoding === "identity" ? {} : { "content-encoding": encoding }), "content-length": body.length }), ...setCookies]
    );
  };
  return { status, verdict, etag, bodies, headers: { br: withBody("br"), gzip: withBody("gzip"), identity: withBody("identity"), notModified: flat(headers) } };
}

/** Whether an If-None-Match header names `etag` (weak comparison). */
function unchanged(ifNoneMatch: string | undefined, etag: string) {
  return ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, "") === etag.replace(/^W\//, ""));
}

/**
 * Which page a request is, and what it is rendered from: PUBLIC_URL's origin, the path and only the
 * query parameters the page reads (`ReaderPage.query`, canonical). The key adds the data saver: a
 * page is kept once per address, and once more for readers with it on (no images).
 */
interface PageAddress {
  key: string;
  url: string;
}

function addressOf(view: ViewedRequest, page: ReaderPage<unknown>): PageAddress {
  const query = page.query && view.search ? page.query(new URLSearchParams(view.search)) : "";
  const path = view.path + query;
  return { key: view.dataSaver ? `${path}\u0000data-saver` : path, url: view.origin + path };
}

export interface ReaderPages {
  /**
   * Takes a reader's GET or HEAD of a reader page that declares cache tags: "hit" when
   * answered from the cache at once, "rendered" when it is being rendered (`failed` hears of a
   * render that threw); false leaves the request to the app.
   */
  take(view: ViewedRequest, req: IncomingMessage, res: ServerResponse, failed: (error: unknown) => void): "hit" | "rendered" | false;
  /** Absent when PAGE_CACHE is off. */
  cache: PageCache | null;
}

/**
 * Anonymous readers' pages, answered straight from Node's HTTP server: from the page cache (ETag
 * and 304), or rendered by React Router without Express in between, from the page's address alone
 * (no header or cookie of the reader's; the data saver and the client address come in the load
 * context). A miss is answered as rendered (gzip level 1 for a reader who takes gzip); a page asked
 * for again is compressed for good (brotli, gzip -9) in the background, one at a time. Concurrent
 * misses for one address share one render. Every answer, kept or not, goes out through `send`.
 * Signed-in readers come here too, and get the same page. Kept pages are dropped by the change events (cache-tags.server.ts).
 */
export function createReaderPages({
  config,
  build,
  securityHeaders,
}: {
  config: Config;
  build: ServerBuild;
  securityHeaders: Record<string, string>;
}): ReaderPages {
  const render = createRequestHandler(build, "production");
  const cache = config.PAGE_CACHE ? new PageCache(cacheLimits) : null;
  if (cache) dropPagesOnChange(cache, services());
  const rendering = new Map<string, Promise<{ page: StoredPage; kept: boolean } | null>>();
  const compressions = new BackgroundQueue(maxWaitingCompressions);
  const compressing = new WeakSet<StoredPage>();

  /** A reader page's headers, on every path: ours for security, the renderer's, how it may be kept, and the cache's verdict. */
  function pageHeaders(rendered: Record<string, string>, verdict: CacheVerdict, etag: string | null): Record<string, string> {
    return etag
      ? { ...securityHeaders, ...rendered, ...keptPageCaching, etag, "x-page-cache": verdict }
      : { ...securityHeaders, "cache-control": "no-store", ...rendered, "x-page-cache": verdict };
  }

  /** The one way a reader page leaves the server, kept or rendered: its verdict for the log, a 304 when unchanged, the best body the reader takes. */
  function send(req: IncomingMessage, res: ServerResponse, answer: Answer) {
    (res as Judged)[verdictOfResponse] = answer.verdict;
    if (answer.etag && unchanged(req.headers["if-none-match"], answer.etag)) {
      res.writeHead(304, answer.headers.notModified);
      res.end();
      return;
    }
    const encoding = encodingFor(answer.bodies, req.headers["accept-encoding"]);
    res.writeHead(answer.status, answer.headers[encoding]!);
    res.end(req.method === "HEAD" ? undefined : answer.bodies[encoding]);
  }

  const prepared = new WeakMap<StoredPage, Record<"hit" | "miss", Answer>>();

  /** A kept page's answers, made once per page. */
  function keptAnswer(page: StoredPage, verdict: "hit" | "miss"): Answer {
    let answers = prepared.get(page);
    if (!answers) {
      const bodies = { br: page.brotli, gzip: page.gzip, identity: page.identity };
      const answer = (state: "hit" | "miss") => answerOf(page.status, pageHeaders(page.headers, state, page.etag), bodies, { verdict: state, etag: page.etag });
      prepared.set(page, (answers = { hit: answer("hit"), miss: answer("miss") }));
    }
    return answers[verdict];
  }

  /** A render not kept, answered as it is (gzip level 1 when the reader takes it: in the thread pool, the event loop renders the next page meanwhile). */
  async function renderedAnswer(req: IncomingMessage, { status, headers, cookies, bytes }: Rendered): Promise<Answer> {
    const verdict = cache ? "pass" : "off";
    if (!accepts(req.headers["accept-encoding"]).gzip || bytes.length <= 1024)
      return answerOf(status, pageHeaders(headers, verdict, null), { identity: bytes }, { verdict, etag: null, cookies });
    const gzipped = await gzip(bytes, { level: 1 });
    return answerOf(status, { ...pageHeaders(headers, verdict, null), vary: "Accept-Encoding" }, { gzip: gzipped }, { verdict, etag: null, cookies });
  }

  function take(view: ViewedRequest, req: IncomingMessage, res: ServerResponse, failed: (error: unknown) => void) {
    if ((view.method !== "GET" && view.method !== "HEAD") || view.path.endsWith(".data")) return false;
    const page = view.readerPage;
    if (!page?.cacheTags) return false;
    // A signed-in reader gets the page kept for everyone (their variant shows from the viewer hint,
    // what is theirs alone comes from /api/viewer), except a page with a toast to show or one asked
    // for as their own.
    if (view.personal && (view.toastPending || view.asOwnPage)) return false;
    const address = addressOf(view, page);
    const cached = cache?.get(address.key);
    if (!cached) {
      answer(address, view, req, res).catch(failed);
      return "rendered";
    }
    send(req, res, keptAnswer(cached, "hit"));
    if (!cached.compressed) compressLater(address.key, cached);
    if (cache!.isStale(cached) && !rendering.has(address.key)) sharedRender(address, view, req).catch(failed);
    return "hit";
  }

  /**
   * Renders the page from its address with the request's load context (no nonce: reader pages carry
   * none); a page the renderer gave cache tags comes back ready to store and (cache on) stored.
   */
  async function renderPage(address: PageAddress, view: ViewedRequest, req: IncomingMessage): Promise<RenderResult> {
    const begunAt = cache?.begin() ?? 0;
    const { context, page } = loadContextOf(view, "");
    const rendered = await readRendered(await render(new Request(address.url), context));
    if (!cache || !page.cacheTags || rendered.status !== 200 || rendered.cookies.length > 0) return { page: null, uncached: rendered };
    const stored = await storablePage(
      { status: rendered.status, headers: rendered.headers, identity: rendered.bytes, tags: page.cacheTags },
      { quickGzip: accepts(req.headers["accept-encoding"]).gzip },
    );
    return { page: stored, kept: cache.store(address.key, stored, begunAt) };
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

  /** Renders the page for this reader and for those who ask for the same address meanwhile. */
  function sharedRender(address: PageAddress, view: ViewedRequest, req: IncomingMessage) {
    const { key } = address;
    const own = renderPage(address, view, req);
    const page = own.then((result) => (result.page ? { page: result.page, kept: result.kept } : null)).finally(() => rendering.delete(key));
    page.catch(() => {}); // the failure reaches the caller through `own`
    rendering.set(key, page);
    return own;
  }

  async function answer(address: PageAddress, view: ViewedRequest, req: IncomingMessage, res: ServerResponse) {
    const shared = rendering.get(address.key);
    if (shared) {
      const result = await shared;
      if (result?.kept) return send(req, res, keptAnswer(result.page, "miss"));
      // The shared render was not cacheable (a 404, say), or began before a change to what it shows
      // (this reader may have come after the change): this reader gets a render of their own.
    }
    const result = await (cache && !shared ? sharedRender(address, view, req) : renderPage(address, view, req));
    send(req, res, result.page ? keptAnswer(result.page, "miss") : await renderedAnswer(req, result.uncached));
  }

  return { take, cache };
}
