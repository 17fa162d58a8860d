import { isbot } from "isbot";
import { z } from "zod";
import { pageViews } from "../../database/schema";
import { hitRateLimits } from "./rate-limit.server";
import { services } from "./services.server";

export const maxUrlLength = 2048;

/** What the page-view beacon sends (app/lib/page-view-beacon.ts). */
export const pageViewSchema = z.object({
  path: z.string().startsWith("/", { message: "must start with /" }).max(maxUrlLength),
  // A first visit typed into the address bar has no referrer: document.referrer is "".
  referrer: z
    .string()
    .max(maxUrlLength)
    .nullable()
    .transform((referrer) => referrer || null),
  visitor_id: z.union([z.uuid(), z.literal("unknown")], { message: "must be a UUID or unknown" }),
});

export type PageView = z.output<typeof pageViewSchema>;

/** Crawlers and link previews are not readers. */
export function isBotRequest(request: Request): boolean {
  return isbot(request.headers.get("user-agent"));
}

/** Seconds to wait when this client address sent more than 120 views in the last minute, else null. */
export function limitPageViews(clientIp: string): Promise<number | null> {
  return hitRateLimits(services().db, [{ key: `page-views:ip:${clientIp}`, limit: 120, windowSeconds: 60 }]);
}

/** Stores the view itself only: no address or user agent is kept. */
export async function recordPageView(view: PageView) {
  await services().db.insert(pageViews).values({ path: view.path, referrer: view.referrer, visitorId: view.visitor_id });
}
