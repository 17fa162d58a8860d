// Measures how fast /healthz and a static asset answer while the database runs a 1-second query.
// Usage: npm run build && npm run bench:healthz   (DATABASE_URL=postgres://... for PostgreSQL)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "#app/server/core/config.server";
import { openEmbeddedDatabase, openPostgresDatabase } from "#app/server/db/database.server";
import { percentiles, startBenchServer } from "./bench/server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-bench-"));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent" });
const database = config.DATABASE_URL ? await openPostgresDatabase(config.DATABASE_URL) : await openEmbeddedDatabase({});
const server = await startBenchServer(config, database);
const { base } = server;

async function timed(url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - start;
}

function summary(label: string, samples: number[]) {
  const { p50, p95, max } = percentiles(samples);
  console.log(`${label.padEnd(44)} n=${samples.length}  p50=${p50} ms  p95=${p95} ms  max=${max} ms`);
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

await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
