import path from "node:path";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { ServerBuild } from "react-router";
import type { Config } from "#app/server/core/config.server";
import type { Database } from "#app/server/db/database.server";
import { startServices, type Started } from "#app/server/start/start.server";
import { createWebServer } from "#server/app";

const root = path.resolve(import.meta.dirname, "../..");

export interface BenchServer {
  base: string;
  started: Started;
  /** Stops the server and the services (which closes the database). */
  stop(): Promise<void>;
}

/** The built app (`npm run build` first) over `database`, on a random loopback port, logging nothing. */
export async function startBenchServer(config: Config, database: Database): Promise<BenchServer> {
  const log = pino({ level: "silent" });
  const started = await startServices(config, { database, log, announceOwner: () => undefined });
  const serverBuild = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  const server = createWebServer({
    config,
    log,
    uploadsDir: started.services.storage.root,
    build: { server: serverBuild, clientDir: path.join(root, "build/client") },
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    started,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await started.stop();
    },
  };
}

export interface Percentiles {
  p50: number;
  p95: number;
  max: number;
}

/** `warmUps` untimed calls of `run`, then `runs` timed ones, one after another: each call's milliseconds. */
export async function timedRuns(run: () => Promise<unknown>, { warmUps, runs }: { warmUps: number; runs: number }): Promise<number[]> {
  for (let index = 0; index < warmUps; index++) await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), max: Math.round(sorted.at(-1)! * 10) / 10 };
}
