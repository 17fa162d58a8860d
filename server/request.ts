import type { IncomingMessage } from "node:http";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestOrigin {
  method: string;
  origin: string | undefined;
  host: string | undefined;
  /** The Sec-Fetch-Site header, sent by browsers even when they leave out Origin. */
  fetchSite: string | undefined;
}

/** True for a state-changing request that a browser sent from another site (SameSite cookies are the first wall). */
export function refusesCrossSite(request: RequestOrigin, allowedOrigin: string): boolean {
  if (safeMethods.has(request.method)) return false;
  if (request.origin === undefined) return request.fetchSite === "cross-site";
  if (request.origin === allowedOrigin) return false;
  if (request.origin === "null") return true;
  try {
    return new URL(request.origin).host !== request.host;
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
