import crypto from "node:crypto";
import http from "node:http";
import type { Config } from "#app/server/core/config.server";
import { metrics, type RouteKind } from "#app/server/core/metrics.server";
import { pageViewEndpoint } from "#app/lib/page-view";

/** Where Prometheus scrapes: on the site's port with METRICS_TOKEN, or alone on METRICS_ADDRESS. */
export const metricsPath = "/metrics";

export const isMetricsRequest = (url: string | undefined) => url === metricsPath || url?.startsWith(`${metricsPath}?`) === true;

// Files served as they are: the build's hashed assets and the client folder's own (icons, the service worker, the manifest).
const staticFile = /\.(?:js|mjs|css|map|ico|svg|png|webp|woff2?|webmanifest)$/;

/**
 * What kind of route a path (no query) asks for, from a short fixed list (a label of
 * educator_http_requests_total, never the path itself): `isReaderPage` tells the site's public
 * pages (the app's own path tests, server/app.ts).
 */
export function routeKindOf(path: string, isReaderPage: (path: string) => boolean): RouteKind {
  if (path === pageViewEndpoint) return "beacon";
  if (path === "/admin" || path.startsWith("/admin/")) return "admin";
  if (path === "/api/events") return "events";
  if (path.startsWith("/api/")) return "api";
  if (path === "/healthz") return "health";
  if (path.startsWith("/assets/")) return "asset";
  if (path.startsWith("/uploads/") || path.startsWith("/downloads/")) return "uploads";
  if (staticFile.test(path)) return "asset";
  return isReaderPage(path) ? "reader" : "other";
}

/** Whether `given` is the token, in constant time (both hashed first, so their lengths tell nothing). */
function tokenMatches(given: string, token: string): boolean {
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(token));
}

function answer(res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers });
  res.end(text);
}

/** The text exposition, never kept by any cache. */
function sendMetrics(req: http.IncomingMessage, res: http.ServerResponse, fail: (error: unknown) => void) {
  if (req.method !== "GET" && req.method !== "HEAD") return answer(res, 405, "Method Not Allowed", { Allow: "GET, HEAD" });
  const registry = metrics();
  registry.scrape().then((text) => {
    res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
    res.end(req.method === "HEAD" ? undefined : text);
  }, fail);
}

/**
 * /metrics on the site's own port: off (404, as any unknown address) without METRICS_TOKEN, 401
 * without `Authorization: Bearer <METRICS_TOKEN>`, else the metrics.
 */
export function metricsOnSitePort(config: Pick<Config, "METRICS_TOKEN">, fail: (error: unknown, res: http.ServerResponse) => void) {
  const token = config.METRICS_TOKEN;
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!token) return answer(res, 404, "Not Found");
    const [scheme, given] = (req.headers.authorization ?? "").split(" ", 2);
    if (scheme?.toLowerCase() !== "bearer" || !given || !tokenMatches(given, token)) {
      return answer(res, 401, "Unauthorized", { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    sendMetrics(req, res, (error) => fail(error, res));
  };
}

/**
 * The small listener of METRICS_ADDRESS: /metrics only, no token (the address is the protection:
 * a loopback or private one the scraper alone reaches). Call `listen` on it.
 */
export function createMetricsServer(fail: (error: unknown) => void): http.Server {
  return http.createServer((req, res) => {
    if (!isMetricsRequest(req.url)) return answer(res, 404, "Not Found");
    sendMetrics(req, res, (error) => {
      fail(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
}
