import type { IncomingMessage } from "node:http";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** True for a state-changing request that a browser sent from another site (SameSite cookies are the first wall). */
export function refusesCrossSite(req: IncomingMessage, allowedOrigin: string): boolean {
  if (safeMethods.has(req.method ?? "GET")) return false;
  const { origin } = req.headers;
  // Browsers send Sec-Fetch-Site even when they leave out Origin.
  if (origin === undefined) return req.headers["sec-fetch-site"] === "cross-site";
  if (origin === allowedOrigin) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/**
 * The reader's address: the socket's, or behind a trusted proxy (TRUST_PROXY=true) the first
 * address of X-Forwarded-For, as Express's req.ip gives with `trust proxy` set to true.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  if (trustProxy && typeof forwarded === "string") {
    const first = forwarded.split(",")[0]!.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}
