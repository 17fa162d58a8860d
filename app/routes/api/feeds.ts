import type { Route } from "./+types/feeds";
import { categoryFeed, jsonFeedDocument, resourcesFeed, rssDocument, siteFeed, tagFeed } from "#app/server/seo/feed.server";
import { parseArticleListParams } from "#app/lib/article-list-params";
import { services } from "#app/server/core/services.server";

const feedCacheControl = "public, max-age=300";

/**
 * RSS 2.0 (`…/rss.xml`) and JSON Feed 1.1 (`…/feed.json`), for the magazine, one category, one tag,
 * the magazine in one language (`/rss.xml?lang=bem`), or the lesson resources
 * (`/resources/rss.xml?level=&subject=&type=&lang=`, each filter optional).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const publicUrl = services().config.PUBLIC_URL;
  const url = new URL(request.url);
  const { category, tag } = params as { category?: string; tag?: string };
  const resources = url.pathname.startsWith("/resources/");
  const feed = resources
    ? await resourcesFeed(publicUrl, parseArticleListParams(url.searchParams))
    : category !== undefined
      ? await categoryFeed(publicUrl, category)
      : tag !== undefined
        ? await tagFeed(publicUrl, tag)
        : await siteFeed(publicUrl, parseArticleListParams(url.searchParams).lang);
  if (!feed) {
    const missing = resources ? "No such subject" : category !== undefined ? "No such category" : "No such tag";
    throw new Response(missing, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (url.pathname.endsWith(".json")) {
    return new Response(JSON.stringify(jsonFeedDocument(publicUrl, feed)), {
      headers: { "Content-Type": "application/feed+json; charset=utf-8", "Cache-Control": feedCacheControl },
    });
  }
  return new Response(rssDocument(publicUrl, feed), { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": feedCacheControl } });
}
