// Cache-busting benchmark (issue 21): a new address on every request, so no page is ever asked
// for twice, against the built app (`npm run serve`) on a fresh demo magazine, with the page cache
// off (every request rendered: the uncached render rate) and on, at 8 connections (wrk from its
// own process). Meanwhile a health check asks /healthz every 20 ms on a new connection. Printed
// beside the issue's budget: cache-busting at least 0.8 times the uncached render rate, /healthz
// p99 at most 50 ms during it. Asserts nothing.
//
//   npm run build && npm run bench:cache-busting            (add -- --json for JSON on stdout)
//
// Two kinds of new address: `/?x=N` (a parameter no page reads: the issue's attack) and
// `/articles?q=N` (a search, which the list does read: every request a real miss, rendered and
// stored). BENCH_SECONDS per run (default 15), BENCH_CONNECTIONS (default 8). Needs wrk
// (Debian: apt-get install wrk).
import path from "node:path";
import { runBenchmark } from "./bench/cleanup";
import { probeLatency, type ProbeFigures } from "./bench/latency-probe";
import { runContext, table, verdict } from "./bench/report";
import { assertBuilt, serveBuiltApp, temporaryDataDir } from "./bench/served-app";
import { assertWrkInstalled, runWrk, type WrkFigures } from "./bench/wrk";

const json = process.argv.includes("--json");
const load = { seconds: Number(process.env.BENCH_SECONDS ?? 15), connections: Number(process.env.BENCH_CONNECTIONS ?? 8) };
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

interface Result {
  scenario: string;
  uncached: Run;
  cacheBusting: Run;
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
  const dataDir = temporaryDataDir();
  const runs = new Map<string, { off?: Run; on?: Run }>(scenarios.map((scenario) => [scenario.prefix, {}]));
  let idle: ProbeFigures | undefined;
  for (const cache of ["off", "on"] as const) {
    progress(`the built app (npm run serve) on a fresh demo magazine, PAGE_CACHE=${cache === "on"}…`);
    const app = await serveBuiltApp({ dataDir, env: { PAGE_CACHE: String(cache === "on") } });
    idle ??= await idleHealthz(app.base);
    for (const scenario of scenarios) {
      await busting(app.base, scenario.prefix, warmUpSeconds);
      runs.get(scenario.prefix)![cache] = await measure(app.base, scenario.prefix);
    }
    await app.stop();
  }

  const results = scenarios.map((scenario): Result => {
    const { off, on } = runs.get(scenario.prefix)!;
    const share = on!.wrk.requestsPerSecond / off!.wrk.requestsPerSecond;
    const errors = (run: Run) => run.wrk.non2xx + run.wrk.socketErrors + run.wrk.timeouts + run.healthz.failures;
    return {
      scenario: scenario.name,
      uncached: off!,
      cacheBusting: on!,
      share,
      targetsMet: {
        share: share >= targets.shareOfUncached,
        healthz: on!.healthz.p99Ms <= targets.healthzP99Ms && on!.healthz.failures === 0,
        noErrors: errors(on!) + errors(off!) === 0,
      },
    };
  });
  const report = { context, settings: load, targets, idleHealthz: idle, results };
  if (json) console.log(JSON.stringify(report, null, 2));
  else for (const line of describe(report)) console.log(line);
}

function describe({ context, idleHealthz: idle, results }: { context: string; idleHealthz?: ProbeFigures; results: Result[] }): string[] {
  const healthz = (figures: ProbeFigures) => `${figures.p50Ms} / ${figures.p90Ms} / ${figures.p99Ms}${figures.failures ? ` (${figures.failures} failed)` : ""}`;
  const errors = (run: Run) => `${run.wrk.non2xx + run.wrk.socketErrors}/${run.wrk.timeouts}`;
  return [
    "",
    `Cache-busting — ${context}`,
    `wrk -t2 -c${load.connections} -d${load.seconds}s, a new address on every request, anonymous GETs without compression; /healthz every 20 ms on a new connection`,
    ...(idle ? [`/healthz idle: p50 / p90 / p99 ${healthz(idle)} ms`] : []),
    "",
    ...table([
      [
        "new address per request",
        "uncached req/s",
        "with cache req/s",
        "share",
        `≥ ${targets.shareOfUncached}`,
        "/healthz ms p50/p90/p99, uncached",
        "with cache",
        `p99 ≤ ${targets.healthzP99Ms}`,
        "err/timeout off, on",
      ],
      ...results.map((row) => [
        row.scenario,
        String(row.uncached.wrk.requestsPerSecond),
        String(row.cacheBusting.wrk.requestsPerSecond),
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
