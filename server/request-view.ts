import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { Config } from "#app/server/core/config.server";
import { internalHeaderPrefix, sessionCookieName } from "#app/lib/internal-headers";
import type { ReaderPage } from "#app/lib/reader-page";
import { viewerPageParam } from "#app/lib/viewer";
import { toastCookieName } from "#app/server/core/toast.server";
import { wantsDataSaver } from "#app/server/reader-pages/data-saver.server";
import type { ViewedRequest } from "#app/server/reader-pages/page-request.server";
import { cacheVerdictOf } from "#app/server/reader-pages/reader-pages.server";
import { clientAddress, trustedProxies } from "./request";

/**
 * What the server trusts about a request, worked out once as it arrives and used by every path
 * that answers it (the page cache, reader pages rendered directly, the Express app):
 *
 * - its address is PUBLIC_URL's origin with the path and query asked for: a `Host` or
 *   `X-Forwarded-Host` header never reaches a rendered page or a cache key (a malformed Host is 400);
 * - its client address is read one way (`clientAddress`, behind `TRUST_PROXY` only);
 * - it is personal when it carries a cookie the session or toast code would read (a reader page is
 *   still the one page for everyone, unless it shows a toast, is asked for as the reader's own, or
 *   is rendered for each signed-in reader: app/server/reader-pages/reader-pages.server.ts);
 * - whether it asks for a reader page, and which, and whether the data saver is on, is decided here,
 *   once, and handed to React Router in the load context (app/server/reader-pages/page-request.server.ts);
 * - headers named `x-educator-*` are ours: the client's copies are dropped, and ours never leave.
 */
export interface RequestView extends ViewedRequest {
  method: string;
  /** PUBLIC_URL's origin. */
  origin: string;
  /** The path asked for, as a URL has it (dot segments resolved, characters it would encode encoded). */
  path: string;
  /** The query as sent ("?…"), or "". */
  search: string;
  /** origin + path + search. */
  readonly url: URL;
  clientAddress: string;
  /** A session or toast cookie: what Express answers is this reader's own, never shared or cached. */
  personal: boolean;
  /** A toast cookie: the page shows it, once, so it is rendered for this reader. */
  toastPending: boolean;
  /** The query asks for the page as the reader's own (`?me`): without scripts, a signed-in reader's way to their variant. */
  asOwnPage: boolean;
  /** Pages without images (`Save-Data: on`, or the footer's switch). */
  dataSaver: boolean;
  /** The reader page its path asks for, or null (a hydrated page, an API, a file): matched on first use. */
  readonly readerPage: ReaderPage<unknown> | null;
  /** `performance.now()` when it arrived. */
  receivedAt: number;
}

/** Which reader page a path asks for (app/server/reader-pages/paths.server.ts). */
export type ReaderPageFinder = (path: string) => ReaderPage<unknown> | null;

class View implements RequestView {
  #url: URL | undefined;
  #readerPage: ReaderPage<unknown> | null | undefined;
  constructor(
    private readonly findReaderPage: ReaderPageFinder,
    readonly method: string,
    readonly origin: string,
    readonly path: string,
    readonly search: string,
    readonly clientAddress: string,
    readonly personal: boolean,
    readonly toastPending: boolean,
    readonly asOwnPage: boolean,
    readonly dataSaver: boolean,
    readonly receivedAt: number,
  ) {}

  get url(): URL {
    return (this.#url ??= new URL(this.origin + this.path + this.search));
  }

  get readerPage(): ReaderPage<unknown> | null {
    if (this.#readerPage === undefined) this.#readerPage = this.findReaderPage(this.path);
    return this.#readerPage;
  }
}

/** The methods the site answers; anything else (TRACE, OPTIONS, WebDAV's…) gets 405. */
const allowedMethods = new Set(["GET", "HEAD", "POST"]);
export const allowHeader = [...allowedMethods].join(", ");
export const isAllowedMethod = (method: string | undefined) => allowedMethods.has(method ?? "");

// RFC 3986 host: a registered name or IPv4 address, or an IP literal in brackets; then an optional port.
const validHost = /^(?:[\w.~!$&'()*+,;=%-]+|\[[\d.:A-Fa-f]+\])(?::\d{0,5})?$/;

/**
 * The cookies that make a request personal: the session (`educator_session`, `__Host-educator_session`
 * on https: app/server/auth/auth.server.ts) and the toast. React Router's cookies read the header
 * with the `cookie` package, which takes each name as written between `;` and `=`, trimmed of
 * spaces and tabs, never decoded: so a header without one of these names in its text cannot carry
 * such a cookie, and one with it anywhere (`educator_session =…`, `__Host-educator_session=…`, even
 * inside another cookie's value) counts as personal. That errs towards rendering a page privately,
 * which is always safe.
 */
export const personalCookieNames = [sessionCookieName, toastCookieName] as const;

export function carriesPersonalCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && personalCookieNames.some((name) => cookieHeader.includes(name));
}

/** A toast waiting to be shown (read as the toast code reads its cookie, erring the same way). */
const carriesToast = (cookieHeader: string | undefined) => cookieHeader !== undefined && cookieHeader.includes(toastCookieName);

/** The query marker of a page asked for as the reader's own (app/lib/viewer.ts, `viewerPageParam`). */
const asksForOwnPage = (search: string) => search !== "" && new URLSearchParams(search).has(viewerPageParam);

// A target a URL parser leaves as it is (no dot segment, backslash, percent sign in the path, or
// character it would encode): read without one. Anything else goes through `URL`.
const plainTarget = /^(\/(?:[\w\-~!$&'()*+,;=:@/]|\.(?!\.?(?:\/|\?|$)))*)(\?[\w\-.~!$&()*+,;=:@/?%]*)?$/;

/** The path and query of a request target as a URL has them (absolute-form accepted, its host ignored); null when it is neither. */
function pathAndQuery(target: string, origin: string): [path: string, search: string] | null {
  const plain = plainTarget.exec(target);
  if (plain) return [plain[1]!, plain[2] && plain[2] !== "?" ? plain[2] : ""];
  let url: URL;
  try {
    if (target.startsWith("/"))
      url = new URL(origin + target); // concatenated: `//elsewhere/x` stays a path of ours
    else if (/^https?:\/\//i.test(target)) url = new URL(target);
    else return null;
  } catch {
    return null;
  }
  return [url.pathname, url.search];
}

const viewOfRequest = Symbol("educator.requestView");
type Viewed = IncomingMessage & { [viewOfRequest]?: RequestView };

/** The view `requestReader` took of `req` (every request through `createWebServer` has one). */
export function viewOf(req: IncomingMessage): RequestView {
  const view = (req as Viewed)[viewOfRequest];
  if (!view) throw new Error("request without a view: it did not come through createWebServer");
  return view;
}

export type RequestReader = (req: IncomingMessage, receivedAt: number) => RequestView | null;

/**
 * Reads a request's view and strips the client's `x-educator-*` headers; null when the request
 * cannot be read (a malformed Host or target): answer 400. Method checks are the caller's.
 */
export function requestReader(config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY">, findReaderPage: ReaderPageFinder): RequestReader {
  const origin = new URL(config.PUBLIC_URL).origin;
  const trusted = trustedProxies(config.TRUST_PROXY);
  return (req, receivedAt) => {
    const { host, cookie } = req.headers;
    if (host !== undefined && host !== "" && !validHost.test(host)) return null;
    const target = pathAndQuery(req.url ?? "", origin);
    if (target === null) return null;
    for (const name in req.headers) if (name.startsWith(internalHeaderPrefix)) delete req.headers[name];
    const dataSaver =
      (cookie !== undefined || req.headers["save-data"] !== undefined) &&
      wantsDataSaver({ get: (name) => (name === "cookie" ? (cookie ?? null) : headerText(req, name)) });
    const view = new View(
      findReaderPage,
      req.method ?? "GET",
      origin,
      target[0],
      target[1],
      clientAddress(req, trusted),
      carriesPersonalCookie(cookie),
      carriesToast(cookie),
      asksForOwnPage(target[1]),
      dataSaver,
      receivedAt,
    );
    (req as Viewed)[viewOfRequest] = view;
    return view;
  };
}

function headerText(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/**
 * The request React Router gets for `req` on the app's path: the view's address (its host is
 * PUBLIC_URL's), the client's headers with the server's (`set`) over them, and the body. What the
 * server read of it besides (the client address…) goes in the load context, not in a header.
 */
export function fetchRequestOf(req: IncomingMessage, set: Record<string, string>, signal: AbortSignal): Request {
  const view = viewOf(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  headers.set("host", view.url.host);
  for (const [name, value] of Object.entries(set)) headers.set(name, value);
  const hasBody = view.method !== "GET" && view.method !== "HEAD";
  return new Request(view.url, {
    method: view.method,
    headers,
    signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

// Cache hits and page-view beacons are most of the traffic: one in this many is logged, with `sampled` saying so.
const sampling = 100;

/**
 * Logs every request the same way once it is answered, whichever path answered it: method, path
 * without the query (it carries tokens and searches), status, milliseconds since it arrived, and
 * for a reader page answered before Express the page cache's verdict (hit, miss, pass, off): a
 * rendered page is logged like any other. `sampled` requests (page-cache hits, page-view beacons)
 * are logged one in a hundred. Call it once the request is dispatched: an
 * answer is never finished within the call that sends it.
 */
export function logRequests(log: Logger) {
  let sampledSeen = 0;
  return (req: IncomingMessage, res: ServerResponse, receivedAt: number, sampled: boolean) => {
    if (sampled && sampledSeen++ % sampling !== 0) return;
    const write = () => {
      const cache = cacheVerdictOf(res);
      const ms = Math.round((performance.now() - receivedAt) * 10) / 10;
      const path = (req as Viewed)[viewOfRequest]?.path ?? (req.url ?? "").split("?", 1)[0];
      log.info({ method: req.method, path, status: res.statusCode, ms, ...(cache ? { cache } : {}), ...(sampled ? { sampled: sampling } : {}) }, "request");
    };
    if (res.writableFinished) write();
    else res.once("finish", write);
  };
}
