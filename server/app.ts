import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { Config } from "#app/server/core/config.server";
import { services } from "#app/server/core/services.server";
import { tagsChangedBy } from "#app/server/reader/page-cache-tags.server";
import { createPageViewBeaconHandler, isPageViewBeacon } from "./beacon";
import { refuseOversizedBody } from "./body-limit";
import { publicPathMatcher, routeTree } from "./public-paths";
import { createReaderPages, type ReaderPages } from "./reader-pages";
import { clientAddress, refusesCrossSite, trustedProxies } from "./request";
import { securityHeaders } from "./security";

const serverBuildModule = "virtual:react-router/server-build";

export interface AppOptions {
  config: Config;
  log: Logger;
  /** Production: the built server bundle and the folder of built client assets. */
  build?: { server: ServerBuild; clientDir: string };
  /** Development: Vite in middleware mode (hot reload). */
  vite?: ViteDevServer;
  /** Local storage folder served at /uploads; absent with S3 storage. */
  uploadsDir?: string;
}

/** Refuses state-changing requests that a browser sent from another site. */
function crossSiteGuard(publicUrl: string) {
  const allowedOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (refusesCrossSite(req, allowedOrigin)) res.status(403).json({ error: "Cross-site request refused." });
    else next();
  };
}

/** Every database change drops the cached pages that show what changed, on every instance (LISTEN/NOTIFY). */
function invalidateOnChange(readerPages: ReaderPages) {
  const { cache } = readerPages;
  if (!cache) return;
  const { realtime, db } = services();
  realtime.subscribe((change) => {
    const dropLater = (tags: string[] | null) => (tags ? cache.invalidate(tags) : cache.clear());
    cache.invalidate(tagsChangedBy(change, db, dropLater));
  });
}

function publicPathsOf({ build, vite }: AppOptions): () => Promise<(path: string) => boolean> {
  if (build) {
    const isPublicPath = publicPathMatcher(routeTree(build.server.routes));
    return () => Promise.resolve(isPublicPath);
  }
  // Development: the routes change as their files do.
  return async () => publicPathMatcher(routeTree(((await vite!.ssrLoadModule(serverBuildModule)) as ServerBuild).routes));
}

/**
 * The web server: the page-view beacon and anonymous readers' pages answered directly (they are
 * most of the traffic), everything else by the Express app.
 */
export function createWebServer(options: AppOptions): http.Server {
  const app = createApp(options);
  const answerBeacon = createPageViewBeaconHandler({
    publicUrl: options.config.PUBLIC_URL,
    trustProxy: options.config.TRUST_PROXY,
    publicPaths: publicPathsOf(options),
  });
  const readerPages = options.build ? createReaderPages({ config: options.config, build: options.build.server }) : null;
  if (readerPages) invalidateOnChange(readerPages);
  const failed = (what: string, res: http.ServerResponse) => (error: unknown) => {
    options.log.error({ err: error }, what);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  };
  return http.createServer((req, res) => {
    if (isPageViewBeacon(req.url)) return void answerBeacon(req, res).catch(failed("page view not recorded", res));
    if (refuseOversizedBody(req, res)) return;
    if (readerPages?.take(req, res, failed("reader page failed", res))) return;
    app(req, res);
  });
}

const sessionCookie = /(?:^|;\s*)(?:__Host-)?educator_session=/;

/** Sets `Cache-Control: private, no-store` as the headers go out, unless the response chose its own. */
function privateByDefault(res: http.ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-store");
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/** The path of a request, for the logs: query strings carry tokens (verification links) and searches. */
const pathOnly = (url: string) => url.split("?", 1)[0];

function createApp({ config, log, build, vite, uploadsDir }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  const trusted = trustedProxies(config.TRUST_PROXY);
  app.set("trust proxy", trusted);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info({ method: req.method, path: pathOnly(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    // Values the React Router app reads from the request; any copy sent by the client is replaced.
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    req.headers["x-educator-csp-nonce"] = res.locals.cspNonce;
    req.headers["x-educator-client-ip"] = clientAddress(req, trusted);
    next();
  });

  // Whatever is answered to a signed-in browser may be personal: no cache keeps it, unless a
  // route says otherwise for content that is the same for everyone (feeds, images).
  app.use((req, res, next) => {
    if (sessionCookie.test(req.headers.cookie ?? "")) privateByDefault(res);
    next();
  });
  app.use(securityHeaders(config, vite ? "off" : (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`));
  // Event streams must not be buffered by compression.
  app.use(compression({ filter: (req, res) => !req.path.startsWith("/api/events") && compression.filter(req, res) }));
  app.use(crossSiteGuard(config.PUBLIC_URL));

  // Stored names are never reused, so a stored file may be cached for a year.
  if (uploadsDir) app.use("/uploads", express.static(uploadsDir, { immutable: true, maxAge: "1y", fallthrough: false, dotfiles: "deny", index: false }));

  if (vite) {
    app.use(vite.middlewares);
    app.use(
      createRequestHandler({
        build: () => vite.ssrLoadModule(serverBuildModule) as Promise<ServerBuild>,
      }),
    );
  } else if (build) {
    // File names under /assets carry a content hash: cache them for a year.
    app.use("/assets", express.static(path.join(build.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(
      express.static(build.clientDir, {
        maxAge: "1h",
        index: false,
        // A new build's service worker and manifest reach browsers at once (the browser checks the worker itself).
        setHeaders: (res, file) => {
          if (/[\\/](sw\.js|manifest\.webmanifest)$/.test(file)) res.setHeader("Cache-Control", "no-cache");
        },
      }),
    );
    app.use(createRequestHandler({ build: build.server, mode: "production" }));
  }

  app.use((error: Error, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status ?? 500;
    if (status >= 500) log.error({ err: error, path: pathOnly(req.originalUrl) }, "request failed");
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not Found" : status < 500 ? error.message : "Internal Server Error");
  });
  return app;
}
