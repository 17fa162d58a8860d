// Cache-busting benchmark (issue 21): a new address on every request, so no page is ever asked
// for twice, against the built app (`npm run serve`, two of them on two fresh demo magazines) with
// the page cache off (every request rendered: the uncached render rate) and on, at 8 connections
// (wrk from its own process). Meanwhile a health check asks /healthz every 20 ms on a new
// connection. Printed beside the issue's budget: cache-busting at least 0.8 times the uncached
// render rate, /healthz p99 at most 50 ms during it. Asserts nothing.
//
//   npm run build && npm run bench:cache-busting            (add -- --json for JSON on stdout)
//
// Two kinds of new address: `/?x=N` (a parameter no page reads: the issue's attack) and
// `/articles?q=N` (a search, which the list does read: every request a real miss, rendered and
// stored). The two servers are measured in turns (off, on; on, off; …), BENCH_ROUNDS times
// (default 3) of BENCH_SECONDS (default 10) each, so a machine whose load drifts weighs on both
// alike: req/s is the median of the rounds, /healthz's percentiles are over all its rounds.
// BENCH_CONNECTIONS (default 8). Needs wrk (Debian: apt-get install wrk).
import path from "node:path";
import { runBenchmark } from "./bench/cleanup";
import { probeFigures, probeLatency, type ProbeFigures } from "./bench/latency-probe";
import { runContext, table, verdict } from "./bench/report";
import { assertBuilt, serveBuiltApp, temporaryDataDir } from "./bench/served-app";
import { assertWrkInstalled, runWrk, type WrkFigures } from "./bench/wrk";

const json = process.argv.includes("--json");
const load = { seconds: Number(process.env.BENCH_SECONDS ?? 10), connections: Number(process.env.BENCH_CONNECTIONS ?? 8) };
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmUpSeconds = 3;
const uniqueAddresses = path.join(import.meta.dirname, "bench/unique-addresses.lua");

/** The issue's budget. */
const targets = { shareOfUncached: 0.8, healthzP99Ms: 50 };

const scenarios = [
  { name: "/?x=N (a parameter no page reads)", prefix: "/?x=" },
  { name: "/articles?q=N (a search: every request a miss)", prefix: "/articles?q=bust" },
] as const;

interface Run {
  wrk: WrkFigures;
  healthz: ProbeFigures;
}

/** Rounds of one server and scenario: the median round's wrk figures, /healthz over all of them. */
function pooled(runs: Run[]): Run & { rounds: number[] } {
  const byRate = [...runs].sort((a, b) => a.wrk.requestsPerSecond - b.wrk.requestsPerSecond);
  const healthz = probeFigures(
    runs.flatMap((run) => run.healthz.latencies),
    runs.reduce((sum, run) => sum + run.healthz.failures, 0),
  );
  return { wrk: byRate[Math.floor(byRate.length / 2)]!.wrk, healthz, rounds: runs.map((run) => run.wrk.requestsPerSecond) };
}

interface Result {
  scenario: string;
  uncached: Run & { rounds: number[] };
  cacheBusting: Run & { rounds: number[] };
  /** with the cache req/s ÷ uncached req/s */
  share: number;
  targetsMet: { share: boolean; healthz: boolean; noErrors: boolean };
}

const progress = (line: string) => console.error(line);

async function busting(base: string, prefix: string, seconds: number): Promise<WrkFigures> {
  return runWrk(base, { seconds, connections: load.connections, script: uniqueAddresses, scriptArgs: [prefix] });
}

async function measure(base: string, prefix: string): Promise<Run> {
  progress(`  wrk -t2 -c${load.connections} -d${load.seconds}s -s unique-addresses.lua ${base} -- '${prefix}'  (+ /healthz every 20 ms)`);
  const probe = probeLatency(`${base}/healthz`);
  const wrk = await busting(base, prefix, load.seconds);
  return { wrk, healthz: await probe.stop() };
}

async function idleHealthz(base: string): Promise<ProbeFigures> {
  const probe = probeLatency(`${base}/healthz`);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return probe.stop();
}

async function main() {
  const context = runContext();
  assertBuilt();
  assertWrkInstalled();
  progress("two built apps (npm run serve) on fresh demo magazines, PAGE_CACHE=false and PAGE_CACHE=true…");
  const apps = {
    off: await serveBuiltApp({ dataDir: temporaryDataDir(), env: { PAGE_CACHE: "false" } }),
    on: await serveBuiltApp({ dataDir: temporaryDataDir(), env: { PAGE_CACHE: "true" } }),
  };
  const idle = await idleHealthz(apps.on.base);
  const runs = new Map(scenarios.map((scenario) => [scenario.prefix, { off: [] as Run[], on: [] as Run[] }]));
  for (const scenario of scenarios) {
    progress(`${scenario.name}:`);
    for (const cache of ["off", "on"] as const) await busting(apps[cache].base, scenario.prefix, warmUpSeconds);
    for (let round = 0; round < rounds; round++) {
      for (const cache of round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const)) {
        runs.get(scenario.prefix)![cache].push(await measure(apps[cache].base, scenario.prefix));
      }
    }
  }
  await Promise.all([apps.off.stop(), apps.on.stop()]);

  const results = scenarios.map((scenario): Result => {
    const off = pooled(runs.get(scenario.prefix)!.off);
    const on = pooled(runs.get(scenario.prefix)!.on);
    const share = on.wrk.requestsPerSecond / off.wrk.requestsPerSecond;
    const errors = (run: Run) => run.wrk.non2xx + run.wrk.socketErrors + run.wrk.timeouts + run.healthz.failures;
    return {
      scenario: scenario.name,
      uncached: off,
      cacheBusting: on,
      share,
      targetsMet: {
        share: share >= targets.shareOfUncached,
        healthz: on.healthz.p99Ms <= targets.healthzP99Ms && on.healthz.failures === 0,
        noErrors: errors(on) + errors(off) === 0,
      },
    };
  });
  const report = { context, settings: { ...load, rounds }, targets, idleHealthz: idle, results };
  if (json) console.log(JSON.stringify(report, (key, value: unknown) => (key === "latencies" ? undefined : value), 2));
  else for (const line of describe(report)) console.log(line);
}

function describe({ context, idleHealthz: idle, results }: { context: string; idleHealthz?: ProbeFigures; results: Result[] }): string[] {
  const healthz = (figures: ProbeFigures) => `${figures.p50Ms} / ${figures.p90Ms} / ${figures.p99Ms}${figures.failures ? ` (${figures.failures} failed)` : ""}`;
  const errors = (run: Run) => `${run.wrk.non2xx + run.wrk.socketErrors}/${run.wrk.timeouts}`;
  return [
    "",
    `Cache-busting — ${context}`,
    `wrk -t2 -c${load.connections} -d${load.seconds}s × ${rounds} rounds in turns (median req/s), a new address on every request, anonymous GETs without compression; /healthz every 20 ms on a new connection`,
    ...(idle ? [`/healthz idle: p50 / p90 / p99 ${healthz(idle)} ms`] : []),
    "",
    ...table([
      [
        "new address per request",
        "uncached req/s (rounds)",
        "with cache req/s (rounds)",
        "share",
        `≥ ${targets.shareOfUncached}`,
        "/healthz ms p50/p90/p99, uncached",
        "with cache",
        `p99 ≤ ${targets.healthzP99Ms}`,
        "err/timeout off, on",
      ],
      ...results.map((row) => [
        row.scenario,
        `${row.uncached.wrk.requestsPerSecond} (${row.uncached.rounds.join(", ")})`,
        `${row.cacheBusting.wrk.requestsPerSecond} (${row.cacheBusting.rounds.join(", ")})`,
        row.share.toFixed(2),
        verdict(row.targetsMet.share),
        healthz(row.uncached.healthz),
        healthz(row.cacheBusting.healthz),
        verdict(row.targetsMet.healthz),
        `${errors(row.uncached)}, ${errors(row.cacheBusting)}`,
      ]),
    ]),
    "",
    "uncached: PAGE_CACHE=false (every request rendered); with cache: PAGE_CACHE=true. err/timeout: answers ≥ 400 plus socket errors / wrk timeouts (2 s).",
  ];
}

await runBenchmark(main);
