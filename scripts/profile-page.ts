// Where a page's render time goes (issue 36): starts the built app with the page cache off and
// Node's CPU profiler on (web server and database worker each write a .cpuprofile), loads one page
// with wrk, stops the app, and prints each thread's top functions by self time and the app's own
// functions by total time. Open a .cpuprofile in Chrome DevTools (Performance) for the flame graph.
//
//   npm run build && node --import tsx scripts/profile-page.ts [page]     (default: "article")
//
// page: a path, or "article" / "question" / "lesson" as in BENCH_PAGES. PROFILE_SECONDS (default 10),
// PROFILE_TOP (default 30). The profiles stay in the folder printed at the end. Needs wrk.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runBenchmark } from "./bench/cleanup";
import { resolvePages } from "./bench/pages";
import { startChild, waitUntilAnswering } from "./bench/processes";
import { assertBuilt, temporaryDataDir } from "./bench/served-app";
import { freePort } from "#tests/helpers/processes";
import { assertWrkInstalled, runWrk } from "./bench/wrk";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const top = Number(process.env.PROFILE_TOP ?? 30);

/** A frame as one line: function, file (from node_modules/ or its last part) and line. */
function frameName({ functionName, url, lineNumber }: ProfileNode["callFrame"]): string {
  const file = url.includes("node_modules/") ? url.slice(url.lastIndexOf("node_modules/") + 13) : url.slice(url.lastIndexOf("/") + 1);
  return `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
}

/** Milliseconds by frame: self time, and total time (each frame counted once per stack). */
function summarize(profile: CpuProfile) {
  const sampled = new Map<number, number>();
  profile.samples.forEach((id, index) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  for (const node of profile.nodes) {
    const ms = sampled.get(node.id) ?? 0;
    if (ms === 0) continue;
    all += ms;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = frameName(nodes.get(id)!.callFrame);
      if (!seen.has(frame)) total.set(frame, (total.get(frame) ?? 0) + ms);
      seen.add(frame);
    }
  }
  return { self, total, all };
}

/** The app's own code: the build's files and the worker's modules, not a package's or Node's. */
const ownCode = (name: string) => /^[\w.-]+\.m?js:\d+$/.test(name.slice(name.lastIndexOf(" ") + 1));

function lines(figures: Map<string, number>, all: number, keep: (name: string) => boolean = () => true): string[] {
  return [...figures]
    .filter(([name]) => keep(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / all).toFixed(1).padStart(5)}%  ${name}`);
}

const root = path.resolve(import.meta.dirname, "..");

async function main() {
  assertBuilt();
  assertWrkInstalled();
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-profile-"));
  // As `npm run serve` starts it (NODE_OPTIONS may not hold --cpu-prof), on a fresh demo magazine.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: base, LOG_LEVEL: "warn" };
  Object.assign(env, { DATA_DIR: temporaryDataDir(), SEED_DEMO: "true", PAGE_CACHE: "false" });
  delete env.DATABASE_URL;
  const app = startChild("node", ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "build/node/index.js"], { cwd: root, env });
  await waitUntilAnswering(app, `${base}/healthz`, 120_000);
  const { pages } = await resolvePages(base, [process.argv[2] ?? "article"]);
  const url = `${base}${pages[0]}`;
  console.error(`wrk -t2 -c10 -d${seconds}s ${url}`);
  const figures = await runWrk(url, { seconds, connections: 10 });
  await app.stop(); // the profiles are written as each thread ends
  console.log(`${figures.requestsPerSecond} req/s, p99 ${figures.p99Ms.toFixed(1)} ms (profiled, so slower than unprofiled)`);
  for (const file of fs.readdirSync(profileDir).sort()) {
    const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile;
    const urls = profile.nodes.map((node) => node.callFrame.url);
    const thread = urls.some((url) => url.includes("pglite-worker"))
      ? "database worker"
      : urls.some((url) => url.includes("build/server"))
        ? "web server"
        : null;
    if (!thread) continue;
    const { self, total, all } = summarize(profile);
    console.log(`\n${thread} (${file}), ${all.toFixed(0)} ms sampled — self time:`, ...lines(self, all).map((line) => `\n${line}`));
    console.log(`\n${thread}: the app's own functions by total time:`, ...lines(total, all, ownCode).map((line) => `\n${line}`));
  }
  console.log(`\nProfiles: ${profileDir}`);
}

await runBenchmark(main);
