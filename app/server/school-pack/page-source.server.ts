import { createRequestHandler, type ServerBuild } from "react-router";
import { loadContextOf } from "#app/server/reader-pages/page-request.server";
import { readerPageFinder, routeTree } from "#app/server/reader-pages/paths.server";

/** A public page of the site as an anonymous reader gets it: its status and HTML. */
export type PageSource = (path: string) => Promise<{ status: number; html: string }>;

/**
 * The site's own pages, rendered in-process by the built app (build/server/index.js) exactly as an
 * anonymous reader's request would be: the same loaders, components, "published only" rule and
 * stylesheet, so the pack never keeps a second copy of how a page looks. Nothing goes over the
 * network and no page cache is involved; the caller has started the services (provideServices).
 */
export function pageSourceOf(build: ServerBuild, publicUrl: string): PageSource {
  const handle = createRequestHandler(build, "production");
  const readerPageAt = readerPageFinder(routeTree(build.routes));
  const origin = new URL(publicUrl).origin;
  return async (path) => {
    const view = { clientAddress: "127.0.0.1", dataSaver: false, readerPage: readerPageAt(path) };
    const { context } = loadContextOf(view, "", { schoolPack: true });
    const response = await handle(new Request(origin + path, { headers: { host: new URL(origin).host } }), context);
    return { status: response.status, html: await response.text() };
  };
}
