import proxyaddr from "proxy-addr";
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

export type TrustProxy = false | number | string[];

/** The proxies trusted to name the client, in the form proxy-addr (and Express's `trust proxy`) uses. */
export function trustedProxies(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return proxyaddr.compile(trust);
}

/**
 * The reader's address: the socket's, or behind trusted proxies the X-Forwarded-For entry just
 * before them, read from the right (the entries further left are the client's to write).
 */
export function clientAddress(req: IncomingMessage, trusted: (address: string, hop: number) => boolean): string {
  return req.socket.remoteAddress ? proxyaddr(req, trusted) : "unknown";
}
