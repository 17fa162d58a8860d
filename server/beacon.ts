import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyLimits } from "#app/lib/request-limits";
import { pageViewEndpoint as pageViewBeaconPath } from "#app/lib/page-view";
import { answerPageViewBeacon } from "#app/server/analytics/page-views.server";
import { refusesCrossSite } from "./request";
import { viewOf } from "./request-view";

// A view is a few hundred bytes; anything far larger is not from our beacon.
const bodyLimitBytes = bodyLimits.pageViewBeacon;

export function isPageViewBeacon(url: string | undefined) {
  return url === pageViewBeaconPath || url?.startsWith(`${pageViewBeaconPath}?`) === true;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

/** The body as text, or null when it passes the limit (the connection is then closed). */
function readBody(req: IncomingMessage): Promise<string | null> {
  if (Number(req.headers["content-length"] ?? 0) > bodyLimitBytes) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > bodyLimitBytes) {
        req.removeAllListeners("data");
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * Answers the page-view beacon straight from Node's HTTP server, before Express and page
 * rendering: readers send one on every route change, thousands a minute, and each costs
 * only a parse, a validation and a push onto the write queue (and, for an article page, one
 * read of its count by primary key).
 */
export function createPageViewBeaconHandler(options: {
  publicUrl: string;
  /** The site's public pages, the only paths a view is kept for. */
  publicPaths: () => Promise<(path: string) => boolean>;
}) {
  const allowedOrigin = new URL(options.publicUrl).origin;
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (refusesCrossSite(req, allowedOrigin)) {
      sendJson(res, 403, { error: "Cross-site request refused." });
      return;
    }
    let body: string | null = "";
    try {
      if (req.method === "POST") body = await readBody(req);
    } catch {
      res.destroy(); // the client went away mid-body
      return;
    }
    if (body === null) {
      sendJson(res, 400, { error: "Invalid page view." }, { Connection: "close" });
      return;
    }
    const answer = await answerPageViewBeacon({
      method: req.method ?? "GET",
      userAgent: req.headers["user-agent"],
      clientIp: viewOf(req).clientAddress,
      body,
      isPublicPath: await options.publicPaths(),
    });
    if (answer.body === undefined) {
      res.writeHead(answer.status, answer.headers);
      res.end();
    } else sendJson(res, answer.status, answer.body, answer.headers);
  };
}
