import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { NonceProvider } from "./lib/nonce";
import { readerPageOf, type ReaderPage } from "./lib/reader-page";
import { cacheTagsHeader } from "./lib/page-cache-header";
import { cspNonceHeader } from "./lib/internal-headers";
import { imagesOnRequest, wantsDataSaver } from "./server/reader/data-saver.server";
import { services } from "./server/core/services.server";

export const streamTimeout = 5_000;

/** A reader page with cache tags may be kept by the page cache (server/page-cache.ts); the header says so and is never sent on. */
function markCacheable(
  status: number,
  headers: Headers,
  { staticHandlerContext: { matches, loaderData } }: EntryContext,
  cacheTags: ReaderPage<unknown>["cacheTags"],
) {
  const leaf = matches.at(-1);
  if (status !== 200 || !cacheTags || !leaf) return;
  const tags = cacheTags(loaderData[leaf.route.id]);
  if (tags) headers.set(cacheTagsHeader, tags.join(" "));
}

type RouteManifest = EntryContext["manifest"]["routes"];
const branchManifests = new WeakMap<RouteManifest, Map<string, RouteManifest>>();

/**
 * The context with only the rendered branch's routes: React Router builds a route object for every
 * route in the manifest on each render, and a reader page is never hydrated, so it needs none of the others.
 */
function withRenderedBranchOnly(context: EntryContext): EntryContext {
  const { routes } = context.manifest;
  const ids = context.staticHandlerContext.matches.map((match) => match.route.id);
  let byBranch = branchManifests.get(routes);
  if (!byBranch) branchManifests.set(routes, (byBranch = new Map()));
  const key = ids.join(" ");
  let branch = byBranch.get(key);
  if (!branch) byBranch.set(key, (branch = Object.fromEntries(ids.map((id) => [id, routes[id]]))));
  return { ...context, manifest: { ...context.manifest, routes: branch } };
}

// Pages and data rendered here for a request are personal (signed in) or carry forms and
// toasts: no shared cache may keep them. Reader pages for anonymous readers are answered
// with their own caching headers before they get here (server/reader-pages.ts).
const personalCacheControl = "private, no-store";

export function handleDataRequest(response: Response) {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", personalCacheControl);
  return response;
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  const readerPage = readerPageOf(routerContext.staticHandlerContext.matches.map((match) => match.route));
  markCacheable(responseStatusCode, responseHeaders, routerContext, readerPage?.cacheTags);
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", personalCacheControl);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Reader pages are never hydrated and wait for nothing (no Suspense): one string, without the
  // streaming machinery (it costs a pure render a tenth of its time). They carry no nonce.
  if (readerPage) {
    const rendered = renderToString(<ServerRouter context={withRenderedBranchOnly(routerContext)} url={request.url} />);
    const html = wantsDataSaver(request.headers) ? imagesOnRequest(rendered) : rendered;
    // Bytes, not a string: a string body is checked character by character for lone surrogates first.
    return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode });
  }
  // Set by our Express server for every request (never taken from the client).
  const nonce = request.headers.get(cspNonceHeader) ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) services().log.error({ err: error, path: new URL(request.url).pathname }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A loader's, action's or render's error goes to the server's log, whose serializer leaves out a
 * failed query's parameters and people's data (React Router's default prints the whole error to
 * the console). A request the browser gave up on is no error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  services().log.error({ err: error, path: new URL(request.url).pathname }, "request failed");
};
