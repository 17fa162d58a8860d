import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import { writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { Config } from "#app/server/core/config.server";
import { outgoingHeaders } from "#app/lib/internal-headers";
import { loadContextOf } from "#app/server/reader-pages/page-request.server";
import { publicPathMatcher, readerPageFinder, routeTree } from "#app/server/reader-pages/paths.server";
import { cacheVerdictOf, createReaderPages } from "#app/server/reader-pages/reader-pages.server";
import { metrics } from "#app/server/core/metrics.server";
import { createPageViewBeaconHandler, isPageViewBeacon } from "./beacon";
import { refuseOversizedBody } from "./body-limit";
import { refusesCrossSite, trustedProxies } from "./request";
import { allowHeader, fetchRequestOf, isAllowedMethod, logRequests, requestReader, viewOf, type ReaderPageFinder } from "./request-view";
import { isMetricsRequest, metricsOnSitePort, routeKindOf } from "./metrics";
import { fixedSecurityHeaders, securityHeaders } from "./security";
import { publicFileAt, uploadsPrefix } from "#app/server/media/public-files.server";
import { isContentApiPath } from "#app/lib/content-api";

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

/** What the app's routes say of a path: a public page (for the page-view beacon), a reader page (for everything else). */
interface PathTests {
  isPublicPath: (path: string) => boolean;
  readerPageAt: ReaderPageFinder;
}

const pathTestsOf = (build: ServerBuild): PathTests => {
  const routes = routeTree(build.routes);
  return { isPublicPath: publicPathMatcher(routes), readerPageAt: readerPageFinder(routes) };
};

/**
 * The app's routes as path tests: the build's; in development Vite's, which change as their files
 * do, so read again (`refresh`) before a beacon is checked or a request reaches React Router.
 */
function appRoutes({ build, vite }: AppOptions): { current: () => PathTests; refresh: () => Promise<PathTests> } {
  if (build) {
    const tests = pathTestsOf(build.server);
    return { current: () => tests, refresh: () => Promise.resolve(tests) };
  }
  let tests: PathTests = { isPublicPath: () => false, readerPageAt: () => null };
  return {
    current: () => tests,
    refresh: async () => (tests = pathTestsOf((await vite!.ssrLoadModule(serverBuildModule)) as ServerBuild)),
  };
}

/**
 * The web server: the page-view beacon and anonymous readers' pages answered directly (they are
 * most of the traffic), everything else by the Express app.
 */
export function createWebServer(options: AppOptions): http.Server {
  return http.createServer(createRequestListener(options));
}

/** What `createWebServer` answers requests with, for a server that is already listening (server/port.ts). */
export function createRequestListener(options: AppOptions): http.RequestListener {
  const routes = appRoutes(options);
  const app = createApp(options, routes.refresh);
  const answerBeacon = createPageViewBeaconHandler({
    publicUrl: options.config.PUBLIC_URL,
    publicPaths: async () => (await routes.refresh()).isPublicPath,
  });
  const readerPages = options.build
    ? createReaderPages({ config: options.config, build: options.build.server, securityHeaders: fixedSecurityHeaders(options.config) })
    : null;
  const failed = (what: string, res: http.ServerResponse) => (error: unknown) => {
    options.log.error({ err: error }, what);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  };
  // Development: the routes are those Vite last loaded, read again before a request reaches React Router.
  const readerPageAt: ReaderPageFinder = options.build ? routes.current().readerPageAt : (path) => routes.current().readerPageAt(path);
  const readRequest = requestReader(options.config, readerPageAt);
  const logRequest = logRequests(options.log);
  // Metrics off (neither METRICS_TOKEN nor METRICS_ADDRESS): requests are not counted at all.
  const metricsOn = Boolean(options.config.METRICS_TOKEN || options.config.METRICS_ADDRESS);
  const countRequest = metricsOn ? requestCounter(readerPages, (path) => routes.current().isPublicPath(path)) : () => {};
  const answerMetrics = metricsOnSitePort(options.config, (error, res) => failed("metrics not collected", res)(error));
  /** Answers (or starts answering) a request; true for one of the many logged only in part (a cache hit, a page view). */
  function dispatch(req: http.IncomingMessage, res: http.ServerResponse, receivedAt: number): boolean {
    const beacon = isPageViewBeacon(req.url); // it answers methods itself
    // A browser's CORS preflight of the Content API is the one OPTIONS answered (by its routes).
    const preflight = req.method === "OPTIONS" && isContentApiPath(req.url ?? "");
    if (!beacon && !preflight && !isAllowedMethod(req.method)) return refuse(res, 405, "Method Not Allowed", { Allow: allowHeader });
    const view = readRequest(req, receivedAt);
    if (!view) return refuse(res, 400, "Bad Request");
    if (beacon) {
      answerBeacon(req, res).catch(failed("page view not recorded", res));
      return true;
    }
    if (refuseOversizedBody(req, res)) return false;
    const taken = readerPages?.take(view, req, res, failed("reader page failed", res));
    if (taken) return taken === "hit";
    app(req, res);
    return false;
  }
  return (req, res) => {
    const receivedAt = performance.now();
    if (isMetricsRequest(req.url)) return answerMetrics(req, res);
    logRequest(req, res, receivedAt, dispatch(req, res, receivedAt));
    countRequest(req, res, receivedAt);
  };
}

/**
 * Counts a dispatched request in /metrics once answered (a page-cache hit is, when `take` returns):
 * its route kind (from the view's path; "other" for one refused before it was read), status class,
 * seconds (an event stream's are not: it stays open) and the page cache's verdict.
 */
function requestCounter(readerPages: ReturnType<typeof createReaderPages> | null, isPublicPath: (path: string) => boolean) {
  const counted = metrics();
  counted.watchPageCache(readerPages?.cache ? () => readerPages.cache!.size : null);
  const kindOf = (req: http.IncomingMessage) => {
    try {
      const view = viewOf(req);
      return routeKindOf(view.path, (path) => view.readerPage !== null || isPublicPath(path));
    } catch {
      return "other"; // refused before it was read (a malformed Host, an unsupported method)
    }
  };
  const count = (req: http.IncomingMessage, res: http.ServerResponse, receivedAt: number) => {
    const kind = kindOf(req);
    const verdict = cacheVerdictOf(res);
    if (verdict === "hit" || verdict === "miss") counted.pageCache(verdict);
    counted.request(kind, res.statusCode, kind === "events" ? null : (performance.now() - receivedAt) / 1000);
  };
  return (req: http.IncomingMessage, res: http.ServerResponse, receivedAt: number) => {
    if (res.writableEnded && cacheVerdictOf(res) === "hit") count(req, res, receivedAt);
    else res.once("close", () => count(req, res, receivedAt));
  };
}

/** A request refused before anything reads it (a malformed Host, an unsupported method): a line of text. */
function refuse(res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}): false {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store", ...headers });
  res.end(text);
  return false;
}

/** Sets `Cache-Control: private, no-store` as the headers go out, unless the response chose its own. */
function privateByDefault(res: http.ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-store");
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * React Router's request handler for the app: like @react-router/express's, but the request is
 * made from the server's view of it (`fetchRequestOf`: PUBLIC_URL's host, never the Host header),
 * what the server worked out of it (client address, CSP nonce, which reader page, data saver) goes
 * in the load context as it does for the reader pages answered before Express, and no internal
 * header (`x-educator-*`) of the answer is sent.
 */
function reactRouterHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode?: string) {
  const handle = createRequestHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const set: Record<string, string> = {};
      // The cross-site guard has let it in: React Router's own check, which compares Origin with the
      // request's address (PUBLIC_URL's), would refuse a form posted to the site under another name.
      if (req.headers.origin !== undefined) set.origin = viewOf(req).url.origin;
      const { context } = loadContextOf(viewOf(req), res.locals.cspNonce as string);
      const response = await handle(fetchRequestOf(req, set, controller.signal), context);
      if (res.destroyed || res.writableEnded) return void (await response.body?.cancel());
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of outgoingHeaders(response.headers)) res.append(name, value);
      if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
      if (!response.body) return void res.end();
      await writeReadableStreamToWritable(response.body, res).catch((error: unknown) => {
        if (!res.destroyed && !res.writableEnded) throw error;
      });
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The one way a stored file is served as it is: a public bucket's (the Media Library's images),
 * named by the request's path as the server read it (dot segments resolved, request-view.ts),
 * then decoded and checked (`publicFileAt`). Everything else under /uploads answers 404: article
 * resources go through /downloads/… (published only), school packs through /school-packs/…, an
 * uploaded export is never served.
 */
function publicUploads(uploadsDir: string) {
  const notFound = (res: Response) => void res.status(404).type("text/plain").send("Not Found");
  return (req: Request, res: Response, next: NextFunction) => {
    const { path: sitePath } = viewOf(req);
    if (!sitePath.startsWith(uploadsPrefix) && sitePath !== "/uploads") return next();
    if (req.method !== "GET" && req.method !== "HEAD") return void res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method Not Allowed");
    const file = publicFileAt(sitePath);
    if (!file) return notFound(res);
    // Stored names are never reused, so a stored file may be cached for a year.
    res.sendFile(path.join(uploadsDir, file.bucket, ...file.key.split("/")), { immutable: true, maxAge: "1y", dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) notFound(res);
    });
  };
}

function createApp({ config, log, build, vite, uploadsDir }: AppOptions, refreshRoutes: () => Promise<unknown>) {
  const app = express();
  app.disable("x-powered-by");
  const trusted = trustedProxies(config.TRUST_PROXY);
  app.set("trust proxy", trusted);

  // Every request is logged (createWebServer) and read once (request-view.ts); the nonce is this answer's.
  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    // Whatever is answered to a signed-in browser may be personal: no cache keeps it, unless a
    // route says otherwise for content that is the same for everyone (feeds, images).
    if (viewOf(req).personal) privateByDefault(res);
    next();
  });
  app.use(securityHeaders(config, vite ? "off" : (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`));
  // Event streams must not be buffered by compression.
  app.use(compression({ filter: (req, res) => !req.path.startsWith("/api/events") && compression.filter(req, res) }));
  app.use(crossSiteGuard(config.PUBLIC_URL));

  if (uploadsDir) app.use(publicUploads(uploadsDir));

  if (vite) {
    app.use(vite.middlewares);
    app.use((_req, _res, next) => void refreshRoutes().then(() => next(), next));
    app.use(reactRouterHandler(() => vite.ssrLoadModule(serverBuildModule) as Promise<ServerBuild>, "development"));
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
    app.use(reactRouterHandler(build.server, "production"));
  }

  app.use((error: Error, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const given = (error as { status?: unknown }).status;
    // Only a client error the error names itself; anything else is ours, and says nothing more (never a stack).
    const status = Number.isInteger(given) && (given as number) >= 400 && (given as number) < 600 ? (given as number) : 500;
    if (status >= 500) log.error({ err: error, path: viewOf(req).path }, "request failed");
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not Found" : status < 500 ? error.message : "Internal Server Error");
  });
  return app;
}
