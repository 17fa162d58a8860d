// Lighthouse 12 on the reader pages (issue 10): starts the built app with `npm run serve` on a
// fresh demo magazine and audits each page in Debian's Chromium with Lighthouse's defaults
// (mobile form factor, simulated throttling), reporting the median of BENCH_RUNS runs.
// Prints figures beside the issue's targets; asserts nothing. No browser is downloaded.
//
//   npm run build && npm run bench:lighthouse        (add -- --json for JSON on stdout)
//
// BENCH_RUNS per page (default 3, median run as Lighthouse picks it), BENCH_PAGES (comma-
// separated paths, "article" for the first article the home page links to; default
// /,/articles,/category/health,article), BENCH_CATEGORIES (default
// performance,accessibility,best-practices,seo), CHROMIUM_PATH (default /usr/bin/chromium),
// BENCH_LHR_DIR (a folder to keep each run's full Lighthouse report in, to read what a score lost).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { BenchSetupError, onCleanup, runBenchmark } from "./bench/cleanup";
import { getPage } from "./bench/http";
import { pagesFromEnv, resolvePages } from "./bench/pages";
import { kib, runContext, table, verdict } from "./bench/report";
import { serveBuiltApp, temporaryDataDir } from "./bench/served-app";

type Result = Parameters<typeof computeMedianRun>[0][number];

const json = process.argv.includes("--json");
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const categories = (process.env.BENCH_CATEGORIES ?? "performance,accessibility,best-practices,seo").split(",").map((name) => name.trim());
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const reportDir = process.env.BENCH_LHR_DIR;
const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

const targets = { score: 100, lcpSeconds: 1.2, cls: 0, tbtMs: 0 };
const progress = (line: string) => console.error(line);

interface PageAudit {
  page: string;
  runs: number;
  scores: Record<string, number | null>;
  lcpSeconds: number;
  cls: number;
  tbtMs: number;
  fcpSeconds: number;
  transferBytes: number;
  lcpElement: string;
  /** The median run's CPU benchmark index (lower on a busy or slow machine). */
  benchmarkIndex?: number;
  warnings: string[];
  targetsMet: boolean;
}

const numeric = (result: Result, audit: string) => result.audits[audit]?.numericValue ?? NaN;

/** The LCP element's selector and a short HTML snippet, from the audit's table (nested in a list in Lighthouse 12). */
function lcpElement(result: Result, base: string): string {
  type Node = { type?: string; selector?: string; snippet?: string; nodeLabel?: string };
  type Details = { type?: string; items?: ({ node?: Node } & Details)[] };
  const details = result.audits["largest-contentful-paint-element"]?.details as Details | undefined;
  const tables = details?.type === "list" ? (details.items ?? []) : [details ?? {}];
  const node = tables.flatMap((entry) => entry.items ?? []).find((item) => item.node?.type === "node")?.node;
  if (!node) return "—";
  const snippet = (node.snippet ?? "").replaceAll(base, "").replace(/\s+/g, " ");
  return `${node.selector ?? node.nodeLabel ?? "?"} ${snippet.length > 80 ? `${snippet.slice(0, 77)}...` : snippet}`;
}

function summarise(page: string, base: string, results: Result[]): PageAudit {
  const median = computeMedianRun(results);
  const scores = Object.fromEntries(
    categories.map((id) => [id, median.categories[id]?.score == null ? null : Math.round(median.categories[id]!.score! * 100)]),
  );
  const audit: Omit<PageAudit, "targetsMet"> = {
    page,
    runs: results.length,
    scores,
    lcpSeconds: Math.round(numeric(median, "largest-contentful-paint") / 10) / 100,
    cls: Math.round(numeric(median, "cumulative-layout-shift") * 1000) / 1000,
    tbtMs: Math.round(numeric(median, "total-blocking-time")),
    fcpSeconds: Math.round(numeric(median, "first-contentful-paint") / 10) / 100,
    transferBytes: numeric(median, "total-byte-weight"),
    lcpElement: lcpElement(median, base),
    benchmarkIndex: median.environment?.benchmarkIndex,
    warnings: [...new Set(results.flatMap((result) => result.runWarnings ?? []))],
  };
  return {
    ...audit,
    targetsMet:
      Object.values(scores).every((score) => score === targets.score) &&
      audit.lcpSeconds <= targets.lcpSeconds &&
      audit.cls <= targets.cls &&
      audit.tbtMs <= targets.tbtMs,
  };
}

/** One Lighthouse run; a run whose trace failed (it happens on a busy machine: NO_NAVSTART, NO_FCP…) is tried again, twice at most. */
async function audit(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: categories });
    if (!outcome) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = outcome.lhr.runtimeError;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, "-")}-${Date.now()}.json`;
      fs.writeFileSync(`${reportDir}/${name}`, JSON.stringify(outcome.lhr));
    }
    if (!failure) return outcome.lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url} three times: ${failure.code} ${failure.message}`);
    progress(`  ${failure.code}: trying again`);
  }
}

async function main() {
  const context = runContext();
  if (!fs.existsSync(chromiumPath)) {
    throw new BenchSetupError(`Chromium is not at ${chromiumPath} (Debian: apt-get install chromium, or set CHROMIUM_PATH); no browser is downloaded.`);
  }
  progress("starting the built app (npm run serve) on a fresh demo magazine…");
  const app = await serveBuiltApp({ dataDir: temporaryDataDir() });
  const { pages, label: labelOf } = await resolvePages(
    app.base,
    pagesFromEnv(["/", "/articles", "/category/health", "article", "/ask-kafundisha", "question", "/resources", "lesson"]),
  );
  for (const page of pages) await getPage(`${app.base}${page}`); // warm up

  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, handleSIGINT: false, logLevel: "silent" });
  const stopChrome = onCleanup(() => chrome.kill());
  const audits: PageAudit[] = [];
  for (const page of pages) {
    const label = labelOf(page);
    const results: Result[] = [];
    for (let run = 1; run <= runs; run++) {
      progress(`lighthouse ${label} (run ${run} of ${runs})`);
      results.push(await audit(`${app.base}${page}`, chrome.port));
    }
    audits.push(summarise(label, app.base, results));
  }
  await stopChrome();
  await app.stop();
  const version = `Lighthouse ${(createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version}`;
  const browser = execFileSync(chromiumPath, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();

  const report = { context, lighthouse: version, chromium: browser, runsPerPage: runs, targets, pages: audits };
  if (json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const scoreLabel: Record<string, string> = { performance: "perf", accessibility: "a11y", "best-practices": "best", seo: "seo" };
  const lines = [
    "",
    `Lighthouse, mobile (default form factor, simulated throttling) — ${context}`,
    `${version}, ${browser}; median of ${runs} run${runs === 1 ? "" : "s"} per page`,
    "",
    ...table([
      ["page", ...categories.map((id) => scoreLabel[id] ?? id), "LCP s", "CLS", "TBT ms", "FCP s", "KiB", "CPU index", "target"],
      ...audits.map((audit) => [
        audit.page,
        ...categories.map((id) => String(audit.scores[id] ?? "—")),
        audit.lcpSeconds.toFixed(2),
        String(audit.cls),
        String(audit.tbtMs),
        audit.fcpSeconds.toFixed(2),
        kib(audit.transferBytes),
        audit.benchmarkIndex === undefined ? "—" : String(Math.round(audit.benchmarkIndex)),
        verdict(audit.targetsMet),
      ]),
    ]),
    "",
    `target: every score ${targets.score}, LCP ≤ ${targets.lcpSeconds} s, CLS ${targets.cls}, TBT ${targets.tbtMs} ms. KiB: total transfer (Lighthouse's total-byte-weight, images included).`,
  ];
  for (const audit of audits) lines.push(`LCP element, ${audit.page}: ${audit.lcpElement}`);
  for (const audit of audits) for (const warning of audit.warnings) lines.push(`warning on ${audit.page}: ${warning}`);
  for (const line of lines) console.log(line);
}

await runBenchmark(main);
