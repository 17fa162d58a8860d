import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { readerPageOf, type ReaderPage } from "#app/lib/reader-page";

// Pages readers see live under this layout; everything else is admin, an API or a file.
const siteLayoutId = "routes/site/layout";
// Ids (UUIDs) and slugs: anything longer or stranger names no page of ours.
const plainParam = /^[A-Za-z0-9-]{1,100}$/;
// Answers about paths, remembered (matchRoutes ranks every route on each call): at most this many
// paths of at most this length (about 5 MB), so made-up addresses cannot fill the memory.
const maxRememberedPaths = 10_000;
export const maxRememberedPathLength = 256;

/** The build's routes as React Router's route objects, for matching paths without rendering. */
export function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => {
      const common = { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, handle: route!.module.handle as unknown };
      return route!.index ? { ...common, index: true as const } : { ...common, children: routeTree(routes, route!.id) };
    });
}

/**
 * Whether a path (no query) is one of the site's public pages with plain ids and slugs: not the
 * not-found page, not admin. The page-view beacon keeps only these, so nobody fills the analytics
 * tables with made-up addresses.
 */
export function publicPathMatcher(routes: RouteObject[]): (path: string) => boolean {
  return rememberedPathTest((path) => {
    const matches = matchRoutes(routes, path);
    return Boolean(
      matches &&
      matches.some((match) => match.route.id === siteLayoutId) &&
      matches.at(-1)!.route.path !== "*" &&
      Object.values(matches.at(-1)!.params).every((value) => plainParam.test(value ?? "")),
    );
  });
}

/**
 * The reader page a path asks for (the deepest matched route's `handle.readerPage`), or null for
 * a hydrated page, an API or a file: the one place that tells, for the page cache, the renderer
 * (entry.server.tsx) and the root route alike. React Router renders the same branch for the path.
 */
export function readerPageFinder(routes: RouteObject[]): (path: string) => ReaderPage<unknown> | null {
  return rememberedPathTest((path) => {
    const matches = matchRoutes(routes, path);
    return matches && readerPageOf(matches.map((match) => match.route));
  });
}

/** `test`, answered from memory for a path seen before; a path longer than any of ours is asked again each time. */
export function rememberedPathTest<Answer extends NonNullable<unknown> | null>(test: (path: string) => Answer): (path: string) => Answer {
  const known = new Map<string, Answer>();
  return (path) => {
    const remembered = known.get(path);
    if (remembered !== undefined) return remembered;
    const answer = test(path);
    if (path.length > maxRememberedPathLength) return answer;
    if (known.size >= maxRememberedPaths) known.clear();
    known.set(path, answer);
    return answer;
  };
}
