import { renderToString } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { ReaderPageProvider } from "#app/lib/reader-page";
import { imagesOnRequest } from "./data-saver.server";
import type { PageRequest } from "./page-request.server";

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

/** A page answered 200 whose route declares cache tags may be kept: what it shows, from its loader's data. */
function cacheTagsOf(status: number, { staticHandlerContext: { matches, loaderData } }: EntryContext, page: PageRequest): string[] | null {
  const leaf = matches.at(-1);
  if (status !== 200 || !page.readerPage?.cacheTags || !leaf) return null;
  return page.readerPage.cacheTags(loaderData[leaf.route.id]);
}

/**
 * A reader page, for entry.server.tsx: never hydrated and waiting for nothing (no Suspense), so one
 * string without the streaming machinery (it costs a pure render a tenth of its time), and no
 * nonce. The data saver's copy has its images as links. The cache tags go back to the page cache
 * in `page` (the load context's), never in a header.
 */
export function renderReaderPage(request: Request, status: number, headers: Headers, context: EntryContext, page: PageRequest): Response {
  page.cacheTags = cacheTagsOf(status, context, page);
  const rendered = renderToString(
    <ReaderPageProvider value={page.readerPage}>
      <ServerRouter context={withRenderedBranchOnly(context)} url={request.url} />
    </ReaderPageProvider>,
  );
  const html = page.dataSaver ? imagesOnRequest(rendered) : rendered;
  // Bytes, not a string: a string body is checked character by character for lone surrogates first.
  return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers, status });
}
