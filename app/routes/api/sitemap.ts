import type { Route } from "./+types/sitemap";
import { buildSitemap } from "#app/server/seo/sitemap.server";
import { services } from "#app/server/core/services.server";

export async function loader(_: Route.LoaderArgs) {
  const body = await buildSitemap(services().config.PUBLIC_URL);
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
