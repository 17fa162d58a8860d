import type { Route } from "./+types/robots";
import { robotsTxt } from "../../server/seo/robots.server";
import { services } from "../../server/services.server";

export function loader(_: Route.LoaderArgs) {
  return new Response(robotsTxt(services().config.PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
