import type { MetaDescriptor } from "react-router";
import { siteName } from "./seo";

/** Where a feed is served: the magazine's at the root, a category's or a tag's beside its page. */
export function feedPaths(pagePath = "") {
  return { rss: `${pagePath}/rss.xml`, json: `${pagePath}/feed.json` };
}

/** A page with a feed of its own: its path ("/category/health", "/tag/literacy") and what it lists. */
export interface FeedPage {
  path: string;
  name: string;
}

/** `<link rel="alternate">` for the magazine's feeds, and the page's own first when it has one. */
export function feedLinkMeta(publicUrl: string, page?: FeedPage): MetaDescriptor[] {
  const feeds = [{ title: siteName, paths: feedPaths() }];
  if (page) feeds.unshift({ title: `${page.name} | ${siteName}`, paths: feedPaths(page.path) });
  return feeds.flatMap(({ title, paths }) => [
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title, href: publicUrl + paths.rss },
    { tagName: "link", rel: "alternate", type: "application/feed+json", title, href: publicUrl + paths.json },
  ]);
}
