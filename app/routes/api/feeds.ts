import type { Route } from "./+types/feeds";
import { categoryFeed, jsonFeedDocument, rssDocument, siteFeed } from "../../server/seo/feed.server";
import { services } from "../../server/services.server";

const feedCacheControl = "public, max-age=300";

/** RSS 2.0 (`…/rss.xml`) and JSON Feed 1.1 (`…/feed.json`), for the magazine or for one category. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const publicUrl = services().config.PUBLIC_URL;
  const feed = params.category === undefined ? await siteFeed(publicUrl) : await categoryFeed(publicUrl, params.category);
  if (!feed) throw new Response("No such category", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (new URL(request.url).pathname.endsWith(".json")) {
    return new Response(JSON.stringify(jsonFeedDocument(publicUrl, feed)), {
      headers: { "Content-Type": "application/feed+json; charset=utf-8", "Cache-Control": feedCacheControl },
    });
  }
  return new Response(rssDocument(publicUrl, feed), { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": feedCacheControl } });
}
