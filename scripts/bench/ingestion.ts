import { execFile } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { count, eq, sum } from "drizzle-orm";
import { articles, pageViewDays, pageViews } from "#database/schema";
import { loadConfig } from "#app/server/core/config.server";
import type { Database } from "#app/server/db/database.server";
import { percentiles, startBenchServer, type Percentiles } from "./server";
import { assertWrkInstalled } from "./wrk";

interface LoadFigures {
  seconds: number;
  /** Views answered 204, as counted by the load generator. */
  accepted: number;
  perSecond: number;
  refused: number;
  socketErrors: number;
  latencyMs: { p50: number; p99: number; max: number };
}

export interface IngestionFigures {
  connections: number;
  /** A steady rate of views while readers open pages, and the pages' latency then and idle. */
  steady: LoadFigures & { targetPerSecond: number; pageIdleMs: Percentiles; pageUnderLoadMs: Percentiles };
  /** As many views as the server takes. */
  flatOut: LoadFigures;
  /** Raw rows and rollup views added by both runs, after the queue was flushed. */
  storedRows: number;
  rollupViews: number;
  /** The write path alone (queue → batched INSERT → rollup trigger), without HTTP. */
  writePathPerSecond: number;
  writePathLost: number;
}

async function storedCounts(database: Database) {
  const [[raw], [rollup]] = await Promise.all([
    database.db.select({ n: count() }).from(pageViews),
    database.db.select({ n: sum(pageViewDays.views).mapWith(Number) }).from(pageViewDays),
  ]);
  return { storedRows: raw!.n, rollupViews: rollup!.n ?? 0 };
}

/** wrk in its own process, so the load generator does not share the server's event loop. */
async function runWrk(url: string, options: { seconds: number; connections: number; pauseMs: number }): Promise<LoadFigures> {
  const args = ["--threads", "2", "--connections", String(options.connections), "--duration", `${options.seconds}s`];
  const script = path.join(import.meta.dirname, "page-views.lua");
  const { stdout } = await promisify(execFile)("wrk", [...args, "--script", script, url, "--", String(options.pauseMs)]);
  const result = /^RESULT (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+)$/m.exec(stdout);
  if (!result) throw new Error(`wrk printed no result:\n${stdout}`);
  const [requests, refused, socketErrors, p50, p99, max] = result.slice(1).map(Number) as [number, number, number, number, number, number];
  const accepted = requests - refused;
  return { seconds: options.seconds, accepted, perSecond: Math.round(accepted / options.seconds), refused, socketErrors, latencyMs: { p50, p99, max } };
}

/** Opens `url` one request after another until `stop` resolves (or `count` times); returns each time taken. */
async function samplePage(url: string, until: { count?: number; stop?: Promise<unknown> }): Promise<number[]> {
  let stopped = false;
  void until.stop?.then(() => (stopped = true));
  const times: number[] = [];
  while (!stopped && times.length < (until.count ?? Infinity)) {
    const start = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

/**
 * Serves the built app (demo content loaded) over `database` and drives /api/page-views with
 * wrk: first at a steady `rate` while a reader opens an article page, then flat out. Checks
 * every answered view was stored, then measures the write path alone. Closes the database.
 */
export async function measureIngestion(
  database: Database,
  options: { dataDir: string; seconds: number; connections: number; rate: number },
): Promise<IngestionFigures> {
  assertWrkInstalled();
  const config = loadConfig({ DATA_DIR: options.dataDir, SEED_DEMO: "true", LOG_LEVEL: "silent", TRUST_PROXY: "1", PUBLIC_URL: "http://127.0.0.1" });
  const server = await startBenchServer(config, database);
  const { base, started } = server;

  try {
    const [article] = await database.db.select({ id: articles.id }).from(articles).where(eq(articles.status, "published")).limit(1);
    if (!article) throw new Error("no published article to read");
    const page = `${base}/articles/${article.id}`;
    await samplePage(page, { count: 20 }); // warm up
    const pageIdleMs = percentiles(await samplePage(page, { count: 100 }));
    const before = await storedCounts(database);

    // Each connection waits between answers; about 4 ms of each cycle goes to the round trip and wrk's timer.
    const pauseMs = Math.max(0, Math.round((options.connections * 1000) / options.rate) - 4);
    const steadyLoad = runWrk(`${base}/api/page-views`, { ...options, pauseMs });
    const [steady, pageTimes] = await Promise.all([steadyLoad, samplePage(page, { stop: steadyLoad })]);
    const flatOut = await runWrk(`${base}/api/page-views`, { ...options, pauseMs: 0 });

    await started.services.pageViewQueue.flush();
    const afterHttp = await storedCounts(database);

    // The write path alone, as fast as the queue takes views (staying under its bound).
    const direct = 200_000;
    const directStart = performance.now();
    for (let index = 0; index < direct; index++) {
      started.services.pageViewQueue.add({ path: `/articles/${index % 500}`, referrer: null, visitorId: crypto.randomUUID() });
      if (index % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve));
      while (started.services.pageViewQueue.pending > 50_000) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await started.services.pageViewQueue.flush();
    const directSeconds = (performance.now() - directStart) / 1000;
    const afterDirect = await storedCounts(database);

    return {
      connections: options.connections,
      steady: { ...steady, targetPerSecond: options.rate, pageIdleMs, pageUnderLoadMs: percentiles(pageTimes) },
      flatOut,
      storedRows: afterHttp.storedRows - before.storedRows,
      rollupViews: afterHttp.rollupViews - before.rollupViews,
      writePathPerSecond: Math.round(direct / directSeconds),
      writePathLost: direct - (afterDirect.storedRows - afterHttp.storedRows),
    };
  } finally {
    await server.stop();
  }
}

export function describeIngestion(figures: IngestionFigures): string[] {
  const { steady, flatOut } = figures;
  const accepted = steady.accepted + flatOut.accepted;
  const load = (label: string, run: LoadFigures) =>
    `${label}: ${run.perSecond.toLocaleString("en-US")} views/s answered 204 for ${run.seconds} s; refused ${run.refused}, socket errors ${run.socketErrors}; ` +
    `beacon latency p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms`;
  const page = (times: Percentiles) => `p50 ${times.p50} ms, p95 ${times.p95} ms, max ${times.max} ms`;
  return [
    load(`steady (target ${steady.targetPerSecond.toLocaleString("en-US")}/s)`, steady),
    `  an article page meanwhile: ${page(steady.pageUnderLoadMs)} (idle: ${page(steady.pageIdleMs)})`,
    load(`flat out (wrk, ${figures.connections} connections)`, flatOut),
    // wrk stops mid-flight: a view the server took in its last instant is stored but not counted by wrk.
    `  stored ${figures.storedRows.toLocaleString("en-US")} raw rows, rollups ${figures.rollupViews.toLocaleString("en-US")} for ${accepted.toLocaleString("en-US")} answered; answered but not stored: ${Math.max(0, accepted - figures.storedRows)}`,
    `write path alone (queue → INSERT → rollups): ${figures.writePathPerSecond.toLocaleString("en-US")} views/s; lost ${figures.writePathLost}`,
  ];
}

export function ingestionOptionsFromEnv() {
  return {
    seconds: Number(process.env.BENCH_SECONDS ?? 15),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 64),
    rate: Number(process.env.BENCH_RATE ?? 5000),
  };
}
