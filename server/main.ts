import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import type { Config } from "#app/server/core/config.server";
import type { EmbeddedEngine } from "#app/server/db/embedded-engine.server";
import { createLogger } from "#app/server/core/logger.server";
import { projectRoot } from "#database/paths";
import { logStartupStep, startServices, type Started } from "#app/server/core/start.server";
import { createWebServer } from "./app";

const root = projectRoot;

/** Everything after the configuration: services, the web server, graceful shutdown. */
export async function main(config: Config, engine: EmbeddedEngine | undefined) {
  const log = createLogger(config.LOG_LEVEL);
  const development = config.NODE_ENV === "development" && process.argv.includes("--dev");
  logStartupStep(log, "modules loaded");
  // The app's modules load while the database finishes opening (in its worker thread).
  const serverBuild = development ? undefined : (import(pathToFileURL(path.join(root, "build/server/index.js")).href) as Promise<ServerBuild>);
  serverBuild?.catch(() => undefined); // a failure is reported where it is awaited

  const started: Started = await startServices(config, {
    log,
    engine,
    announceOwner: ({ email, password }) => {
      log.warn({ email }, "admin account created");
      console.log(`\n  Admin sign-in (shown once, keep it safe):\n    email:    ${email}\n    password: ${password}\n`);
    },
  });

  const uploadsDir = started.services.storage.root;
  let server: Server;
  if (development) {
    const { createServer } = await import("vite");
    const vite = await createServer({ root, server: { middlewareMode: true } });
    server = createWebServer({ config, log, vite, uploadsDir });
  } else {
    server = createWebServer({ config, log, uploadsDir, build: { server: await serverBuild!, clientDir: path.join(root, "build/client") } });
  }
  logStartupStep(log, "app loaded");

  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    logStartupStep(log, "listening");
    log.info({ url: `http://${config.HOST}:${port}`, database: started.services.database.kind }, "server listening");
    console.log(`\n  The Educator is running at http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`);
    if (!config.OWNER_EMAIL) console.log("  Admin: sign in at /auth with the admin details printed when the account was first created.");
    else console.log(`  Admin: sign in at /auth as ${config.OWNER_EMAIL}.`);
    console.log("");
  });
  server.on("error", (error) => {
    log.fatal({ err: error }, "server could not start");
    void started.stop().finally(() => process.exit(1));
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    started.services.realtime.close(); // ends event streams so they do not hold the server open
    server.closeIdleConnections();
    await closed;
    await started.stop();
    log.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
