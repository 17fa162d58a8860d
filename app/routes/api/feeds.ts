import type { Route } from "./+types/feeds";
import { categoryFeed, jsonFeedDocument, rssDocument, siteFeed, tagFeed } from "#app/server/seo/feed.server";
import { services } from "#app/server/core/services.server";

const feedCacheControl = "public, max-age=300";

/** RSS 2.0 (`…/rss.xml`) and JSON Feed 1.1 (`…/feed.json`), for the magazine, one category or one tag. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const publicUrl = services().config.PUBLIC_URL;
  const { category, tag } = params as { category?: string; tag?: string };
  const feed = category !== undefined ? await categoryFeed(publicUrl, category) : tag !== undefined ? await tagFeed(publicUrl, tag) : await siteFeed(publicUrl);
  if (!feed)
    throw new Response(category !== undefined ? "No such category" : "No such tag", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (new URL(request.url).pathname.endsWith(".json")) {
    return new Response(JSON.stringify(jsonFeedDocument(publicUrl, feed)), {
      headers: { "Content-Type": "application/feed+json; charset=utf-8", "Cache-Control": feedCacheControl },
    });
  }
  return new Response(rssDocument(publicUrl, feed), { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": feedCacheControl } });
}
