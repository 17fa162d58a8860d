import { RouterContextProvider } from "react-router";
import type { ReaderPage } from "#app/lib/reader-page";
import { setRequestValues, sharedContextKey } from "#app/server/core/request-context.server";

/** What the wing reads of the server's view of a request (server/request-view.ts), taken once as it arrived. */
export interface ViewedRequest {
  readonly method: string;
  /** PUBLIC_URL's origin. */
  readonly origin: string;
  readonly path: string;
  /** The query as sent ("?…"), or "". */
  readonly search: string;
  readonly clientAddress: string;
  /** A session or toast cookie. */
  readonly personal: boolean;
  /** A toast cookie: the page shows the toast. */
  readonly toastPending: boolean;
  /** Asked for as the reader's own page (`?me`). */
  readonly asOwnPage: boolean;
  readonly dataSaver: boolean;
  /** The reader page the path asks for (`readerPageFinder`), or null. */
  readonly readerPage: ReaderPage<unknown> | null;
}

/**
 * What the server decided about a request, for the renderer (entry.server.tsx) and the root route:
 * which reader page it is, if any, and whether the data saver is on. Decided once as the request
 * arrived and handed over in React Router's load context, on the cached path and Express's alike;
 * the renderer writes back the cache tags of what it rendered, for the page cache.
 */
export interface PageRequest {
  /** The reader page asked for (its route's `handle.readerPage`), or null for a hydrated page. */
  readonly readerPage: ReaderPage<unknown> | null;
  /** Pages without images (`Save-Data: on`, or the footer's switch). */
  readonly dataSaver: boolean;
  /** Rendered for a school pack (app/server/school-pack), read without a server: pages offer links where the site has forms. */
  readonly schoolPack: boolean;
  /** Set by the renderer for a reader page it rendered with 200 whose route declares cache tags: what it shows. */
  cacheTags: readonly string[] | null;
}

const pageRequestKey = sharedContextKey<PageRequest>("page-request");

export function pageRequest(context: Readonly<RouterContextProvider>): PageRequest {
  return context.get(pageRequestKey);
}

/**
 * React Router's load context for a request: the server's values (client address, CSP nonce) and
 * its page decision, returned too so the caller reads the cache tags back after the render.
 */
export function loadContextOf(
  view: Pick<ViewedRequest, "readerPage" | "dataSaver" | "clientAddress">,
  cspNonce: string,
  { schoolPack = false } = {},
): { context: RouterContextProvider; page: PageRequest } {
  const context = new RouterContextProvider();
  const page: PageRequest = { readerPage: view.readerPage, dataSaver: view.dataSaver, schoolPack, cacheTags: null };
  context.set(pageRequestKey, page);
  setRequestValues(context, { clientAddress: view.clientAddress, cspNonce });
  return { context, page };
}
