import { isbot } from "isbot";
import { z } from "zod";
import { services } from "#app/server/core/services.server";
import { addressKey } from "#app/server/core/address-key.server";
import { describeWait, rateLimitScale } from "#app/server/auth/rate-limit.server";
import type { ArticleViewsAnswer } from "#app/lib/page-view";
import { isWhatsAppShare, whatsAppReferrer } from "#app/lib/whatsapp-message";
import { articleIdOf } from "./page-view-queue.server";

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

// Counted in memory, per instance: a beacon must cost no database round trip of its own.
const pageViewLimit = { views: 120, windowMs: 60_000 };
const windows = new Map<string, { views: number; endsAt: number }>();
// Ended windows are swept every 10 seconds, not per view: a sweep walks every address seen.
const sweepEveryMs = 10_000;
let nextSweepAt = 0;

/** Seconds to wait when this client address (an IPv6 client: its /64) sent more than 120 views in the last minute, else null. */
export function limitPageViews(clientIp: string, now = Date.now()): number | null {
  if (now >= nextSweepAt) {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
    nextSweepAt = now + sweepEveryMs;
  }
  const key = addressKey(clientIp);
  let window = windows.get(key);
  if (!window || window.endsAt <= now) {
    window = { views: 0, endsAt: now + pageViewLimit.windowMs };
    windows.set(key, window);
  }
  window.views++;
  return window.views > pageViewLimit.views * rateLimitScale() ? Math.ceil((window.endsAt - now) / 1000) : null;
}

/** Queues the view itself only (written in the next batch): no address or user agent is kept. */
export function recordPageView(view: PageView) {
  services().pageViewQueue.add({ path: view.path, referrer: view.referrer, visitorId: view.visitor_id });
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const { origin, protocol, host } = new URL(url);
    // An Android app that opened the page names itself so: android-app://com.whatsapp.
    if (protocol === "android-app:" && host) return `android-app://${host}`;
    return origin === "null" ? null : origin; // data:, about: and the like name no site
  } catch {
    return null;
  }
}

/** The path and query of `url` ("" when it is no URL). */
function addressOf(url: string | null): string {
  if (!url) return "";
  try {
    const { pathname, search } = new URL(url);
    return pathname + search;
  } catch {
    return "";
  }
}

/**
 * Where a view came from: WhatsApp when it is the arrival from a link shared with "Copy for
 * WhatsApp" (its `ref=whatsapp`, lost with the query; a later step on that page, such as an
 * anchor, comes from the page itself), else the referrer's site.
 */
function referrerOf(view: PageView): string | null {
  if (isWhatsAppShare(view.path) && !isWhatsAppShare(addressOf(view.referrer))) return whatsAppReferrer;
  return originOf(view.referrer);
}

/**
 * What is kept of a view: the page's path without query or hash (searches and links carry words
 * and tokens), and only the site a reader came from (or WhatsApp, see `referrerOf`). A path that
 * is no page of ours is not kept.
 */
export function keptPageView(view: PageView, isPublicPath: (path: string) => boolean): PageView | null {
  const path = view.path.split(/[?#]/, 1)[0]!;
  if (!isPublicPath(path)) return null;
  return { ...view, path, referrer: referrerOf(view) };
}

export interface BeaconAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The count an article page shows (cached pages keep the count of their render), or null when
 * `path` opens no published article. A failed read leaves the cached count in place.
 */
async function articleViewsAnswer(path: string): Promise<ArticleViewsAnswer | null> {
  const id = articleIdOf(path);
  if (!id) return null;
  const views = await services()
    .pageViewQueue.articleViews(id)
    .catch(() => null);
  return views === null ? null : { views };
}

/**
 * The page-view beacon (sendBeacon posts text/plain; fetch, for an article's page or without
 * sendBeacon, application/json; both carry JSON). Plain inputs and outputs, so the web server can answer it before any
 * page rendering machinery: thousands of these arrive a minute. A view of an article page
 * is answered with the article's count (one read by primary key), which the page then shows.
 */
export async function answerPageViewBeacon(beacon: {
  method: string;
  userAgent: string | undefined;
  clientIp: string;
  body: string;
  isPublicPath: (path: string) => boolean;
}): Promise<BeaconAnswer> {
  if (beacon.method !== "POST") return { status: 405, body: { error: "Use POST to record a page view." }, headers: { Allow: "POST" } };
  const wait = limitPageViews(beacon.clientIp);
  if (wait !== null) {
    return { status: 429, body: { error: `Too many page views. Please try again in ${describeWait(wait)}.` }, headers: { "Retry-After": String(wait) } };
  }
  let json: unknown;
  try {
    json = JSON.parse(beacon.body);
  } catch {
    json = undefined;
  }
  const parsed = pageViewSchema.safeParse(json);
  if (!parsed.success) return { status: 400, body: { error: "Invalid page view.", fieldErrors: z.flattenError(parsed.error).fieldErrors } };
  const kept = keptPageView(parsed.data, beacon.isPublicPath);
  if (!kept) return { status: 204 };
  // Crawlers and link previews are not readers: not counted, though told the count.
  if (!isbot(beacon.userAgent)) recordPageView(kept);
  const views = await articleViewsAnswer(kept.path);
  return views ? { status: 200, body: views, headers: { "Cache-Control": "no-store" } } : { status: 204 };
}
