import type { MetaDescriptor } from "react-router";

/**
 * Where a feed is served: the magazine's at the root, a category's or a tag's beside its page;
 * `query` narrows one ("?level=grade-4&subject=mathematics" on /resources' feeds).
 */
export function feedPaths(pagePath = "", query = "") {
  return { rss: `${pagePath}/rss.xml${query}`, json: `${pagePath}/feed.json${query}` };
}

/** A page with a feed of its own: its path ("/category/health", "/tag/literacy"), what it lists, and the query narrowing it if any. */
export interface FeedPage {
  path: string;
  name: string;
  query?: string;
}

/** `<link rel="alternate">` for the magazine's feeds, and the page's own first when it has any (most specific first). */
export function feedLinkMeta({ publicUrl, siteName }: { publicUrl: string; siteName: string }, page?: FeedPage | readonly FeedPage[]): MetaDescriptor[] {
  const pages: readonly FeedPage[] = page === undefined ? [] : "path" in page ? [page] : page;
  const feeds = [
    ...pages.map((own) => ({ title: `${own.name} | ${siteName}`, paths: feedPaths(own.path, own.query) })),
    { title: siteName, paths: feedPaths() },
  ];
  return feeds.flatMap(({ title, paths }) => [
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title, href: publicUrl + paths.rss },
    { tagName: "link", rel: "alternate", type: "application/feed+json", title, href: publicUrl + paths.json },
  ]);
}
