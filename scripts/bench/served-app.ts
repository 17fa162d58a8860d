// The built app as operators run it: `npm run serve` (whatever that script says) in its own
// process, on a free loopback port, so the load generator and the bench never share its event loop.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BenchSetupError, onCleanup } from "./cleanup";
import { freePort } from "#tests/helpers/processes";
import { startChild, waitUntilAnswering } from "./processes";

const root = path.resolve(import.meta.dirname, "../..");

/** Stops with a clear message when `npm run build` has not been run. */
export function assertBuilt() {
  if (!fs.existsSync(path.join(root, "build/server/index.js")) || !fs.existsSync(path.join(root, "build/client/assets"))) {
    throw new BenchSetupError("build/ is missing: run `npm run build` first (the benchmark measures the built app).");
  }
}

/** A temporary data folder, removed at cleanup. */
export function temporaryDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-bench-"));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

export interface ServedApp {
  base: string;
  /** Graceful stop (SIGTERM to the process group, SIGKILL after 15 s). */
  stop(): Promise<void>;
}

/**
 * `npm run serve` on `dataDir` (the demo magazine is loaded into an empty one), on the embedded
 * database unless `databaseUrl` names a PostgreSQL one, logging warnings only; resolves once
 * /healthz answers 200. `env` adds or overrides settings (e.g. PAGE_CACHE=false).
 */
export async function serveBuiltApp(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}): Promise<ServedApp> {
  assertBuilt();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: options.dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    PAGE_CACHE: "true",
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL; // the embedded database in the folder
  const child = startChild("npm", ["run", "--silent", "serve"], { cwd: root, env });

  await waitUntilAnswering(child, `${base}/healthz`, options.startTimeoutMs ?? 120_000);
  return { base, stop: () => child.stop() };
}
