import type { MetaDescriptor } from "react-router";
import { siteName } from "./seo";

/** Where a feed is served: the magazine's, or one category's. */
export function feedPaths(categorySlug?: string) {
  const base = categorySlug === undefined ? "" : `/category/${encodeURIComponent(categorySlug)}`;
  return { rss: `${base}/rss.xml`, json: `${base}/feed.json` };
}

/** `<link rel="alternate">` for the magazine's feeds, and a category's when the page is one. */
export function feedLinkMeta(publicUrl: string, category?: { slug: string; name: string }): MetaDescriptor[] {
  const feeds = [{ title: siteName, paths: feedPaths() }];
  if (category) feeds.unshift({ title: `${category.name} | ${siteName}`, paths: feedPaths(category.slug) });
  return feeds.flatMap(({ title, paths }) => [
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title, href: publicUrl + paths.rss },
    { tagName: "link", rel: "alternate", type: "application/feed+json", title, href: publicUrl + paths.json },
  ]);
}
