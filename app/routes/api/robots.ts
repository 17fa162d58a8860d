import type { Route } from "./+types/robots";
import { robotsTxt } from "#app/server/seo/robots.server";
import { services } from "#app/server/core/services.server";

export function loader(_: Route.LoaderArgs) {
  return new Response(robotsTxt(services().config.PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
