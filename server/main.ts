import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { listeningUrlOf, type Config } from "#app/server/core/config.server";
import type { EmbeddedEngine } from "#app/server/db/embedded-engine.server";
import { createLogger } from "#app/server/core/logger.server";
import { projectRoot } from "#database/paths";
import { logStartupStep, startServices, StartupError, type Started } from "#app/server/start/start.server";
import { pageSourceOf } from "#app/server/school-pack/page-source.server";
import { createRequestListener } from "./app";
import { createMetricsServer } from "./metrics";
import type { TakenPort } from "./port";

const root = projectRoot;

/** Everything after the configuration and the port: services, the app, graceful shutdown. */
export async function main(config: Config, engine: EmbeddedEngine | undefined, port: TakenPort) {
  const log = createLogger(config.LOG_LEVEL);
  const development = config.NODE_ENV === "development" && process.argv.includes("--dev");
  logStartupStep(log, "modules loaded");
  // The app's modules load while the database finishes opening (in its worker thread).
  const serverBuild = development ? undefined : (import(pathToFileURL(path.join(root, "build/server/index.js")).href) as Promise<ServerBuild>);
  serverBuild?.catch(() => undefined); // a failure is reported where it is awaited

  let started: Started;
  let passwordShown = false;
  try {
    started = await startServices(config, {
      log,
      engine,
      schoolPackPages: serverBuild && (async () => pageSourceOf(await serverBuild, config.PUBLIC_URL)),
      announceOwner: ({ email, password }) => {
        passwordShown = true;
        log.warn({ email }, "admin account created");
        console.log(`\n  Admin sign-in (shown once, keep it safe):\n    email:    ${email}\n    password: ${password}\n`);
      },
    });
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const uploadsDir = started.services.storage.root;
  if (development) {
    const { createServer } = await import("vite");
    const vite = await createServer({ root, server: { middlewareMode: true } });
    port.serve(createRequestListener({ config, log, vite, uploadsDir }));
  } else {
    port.serve(createRequestListener({ config, log, uploadsDir, build: { server: await serverBuild!, clientDir: path.join(root, "build/client") } }));
  }
  const { server } = port;
  logStartupStep(log, "serving");
  const url = listeningUrlOf({ HOST: config.HOST, PORT: port.port });
  log.info({ url, publicUrl: config.PUBLIC_URL, database: started.services.database.kind }, "server listening");
  console.log(
    startupLines({
      url,
      publicUrl: config.PUBLIC_URL,
      owner: started.owner,
      password: passwordShown ? "shown" : config.OWNER_PASSWORD ? "configured" : "printed before",
      embedded: !config.DATABASE_URL,
    }),
  );
  server.on("error", (error) => {
    log.fatal({ err: error }, "server failed");
    void started.stop().finally(() => process.exit(1));
  });
  // METRICS_ADDRESS: /metrics alone on its own address, for the scraper (no token there).
  const metricsServer = config.METRICS_ADDRESS && createMetricsServer((error) => log.error({ err: error }, "metrics not collected"));
  if (metricsServer && config.METRICS_ADDRESS) {
    const { host, port: metricsPort } = config.METRICS_ADDRESS;
    metricsServer.on("error", (error) => log.error({ err: error, host, port: metricsPort }, "metrics listener failed"));
    metricsServer.listen(metricsPort, host, () => log.info({ url: `${listeningUrlOf({ HOST: host, PORT: metricsPort })}/metrics` }, "metrics listening"));
  }

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
    metricsServer?.close();
    await closed;
    await started.stop();
    log.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * What a start prints: where the site is, which address links use, and, until the owner has signed in
 * once, how to sign in, or how to get a link to choose a new password (the one printed is never kept).
 */
export function startupLines(options: {
  url: string;
  publicUrl: string;
  owner: Started["owner"];
  /** Where the owner's password comes from: printed above by this start, OWNER_PASSWORD, or an earlier start. */
  password: "shown" | "configured" | "printed before";
  /** The embedded database: a command needs the server stopped to open it. */
  embedded: boolean;
}): string {
  const { url, publicUrl, owner } = options;
  const lines = [
    "",
    `  The Educator is running at ${url}`,
    publicUrl === url
      ? "  Links in mails, feeds, shares and print use this address (set PUBLIC_URL to give another)."
      : `  Links in mails, feeds, shares and print use ${publicUrl} (PUBLIC_URL).`,
  ];
  if (owner && !owner.signedIn) {
    const password = { shown: " with the password above", configured: " with OWNER_PASSWORD", "printed before": "" }[options.password];
    const command = `npm run admin -- reset-password --email ${owner.email}`;
    lines.push(
      `  Admin: sign in at ${publicUrl}/auth as ${owner.email}${password}.`,
      `  Lost the password? Run ${command}${options.embedded ? " (with the server stopped)" : ""}: it prints a link to choose a new one.`,
      "  (Shown at every start until the owner has signed in once.)",
    );
  } else {
    lines.push(`  Admin: ${publicUrl}/admin`);
  }
  lines.push("");
  return lines.join("\n");
}
