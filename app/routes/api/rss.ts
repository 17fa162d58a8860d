import type { Route } from "./+types/rss";
import { buildRssFeed } from "../../server/seo/feed.server";
import { services } from "../../server/services.server";

export async function loader(_: Route.LoaderArgs) {
  const body = await buildRssFeed(services().config.PUBLIC_URL);
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
