// Measures how fast /healthz and a static asset answer while the database runs a 1-second query.
// Usage: npm run build && npm run bench:healthz   (DATABASE_URL=postgres://... for PostgreSQL)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../app/server/config.server";
import { openEmbeddedDatabase, openPostgresDatabase } from "../app/server/db.server";
import { startServices } from "../app/server/start.server";
import { createApp } from "../server/app";

const root = path.resolve(import.meta.dirname, "..");
const log = pino({ level: "silent" });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-bench-"));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent" });
const database = config.DATABASE_URL ? await openPostgresDatabase(config.DATABASE_URL) : await openEmbeddedDatabase({});
const started = await startServices(config, { database, log, announceOwner: () => undefined });
const serverBuild = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
const app = createApp({ config, log, uploadsDir: started.services.storage.root, build: { server: serverBuild, clientDir: path.join(root, "build/client") } });
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function timed(url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - start;
}

function summary(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(`${label.padEnd(44)} n=${sorted.length}  p50=${at(0.5)} ms  p95=${at(0.95)} ms  max=${sorted.at(-1)!.toFixed(1)} ms`);
}

const favicon = `${base}/favicon.svg`;
for (let i = 0; i < 20; i++) await timed(`${base}/healthz`); // warm up
const idle: number[] = [];
for (let i = 0; i < 200; i++) idle.push(await timed(`${base}/healthz`));

const busyHealth: number[] = [];
const busyStatic: number[] = [];
for (let round = 0; round < 5; round++) {
  let running = true;
  const longQuery = database.db.execute(sql`select pg_sleep(1)`).finally(() => (running = false));
  await new Promise((resolve) => setTimeout(resolve, 50));
  while (running) {
    const [health, asset] = await Promise.all([timed(`${base}/healthz`), timed(favicon)]);
    if (running) {
      busyHealth.push(health);
      busyStatic.push(asset);
    }
  }
  await longQuery;
}

console.log(`database: ${database.kind}`);
summary("/healthz, database idle", idle);
summary("/healthz while a 1 s query runs", busyHealth);
summary("static file while a 1 s query runs", busyStatic);

server.closeAllConnections();
server.close();
await started.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
