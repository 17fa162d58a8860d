// How long the built server takes to serve its first page, as `npm start`'s server step runs it.
// Usage: npm run build && npm run bench:startup [-- --runs 3] [-- --profile] [-- --script start] [-- --command "node …"]
//
// Each run starts the server step (the `serve` script of package.json, through `sh -c`) on a brand-new
// DATA_DIR (creates the embedded database, migrates, generates the owner's password, loads the demo
// magazine), stops it, and starts it again on the same folder (existing data). The time is from spawning
// the command to the first 200 answer of `/`, polled every 20 ms. `--profile` also prints where the time
// goes, from the server's debug-level "startup" log marks.
//
// `--script start` times `npm start` itself (the build check, then the server): a restart of an unchanged
// checkout, as an operator's is. The checkout is built first if it needs it (not timed), and every run
// must find the build up to date.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const runs = Number(option("--runs") ?? 3);
const profile = process.argv.includes("--profile");
const packageJson = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
const script = option("--script") ?? "serve";
const scriptCommand = option("--command") ?? packageJson.scripts[script];
if (!scriptCommand) {
  console.error(`No script ${script} in package.json.`);
  process.exit(1);
}
const command: string = scriptCommand;
const timesTheBuildCheck = command.includes("build-if-changed");
if (timesTheBuildCheck) {
  // Untimed: the checkout is built as its last `npm start` left it, so the runs are restarts of an unchanged checkout.
  const check = spawnSync(process.execPath, ["scripts/build-if-changed.mjs"], { cwd: root, stdio: "inherit" });
  if (check.status !== 0) process.exit(check.status ?? 1);
}

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("Build the app first: npm run build");
  process.exit(1);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Mark {
  step: string;
  /** Milliseconds after the spawn. */
  at: number;
}

interface Run {
  firstPageMs: number;
  marks: Mark[];
}

async function startOnce(dataDir: string): Promise<Run> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: profile ? "debug" : "warn",
  };
  // As a new operator would: no owner given, so the first start generates one (scrypt).
  delete env.OWNER_EMAIL;
  delete env.OWNER_PASSWORD;

  const spawnedAt = Date.now();
  const started = performance.now();
  const child = spawn("sh", ["-c", command], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));

  let firstPageMs: number | undefined;
  while (firstPageMs === undefined) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    if (performance.now() - started > 120_000) throw new Error(`no page after 120 s:\n${output}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) firstPageMs = performance.now() - started;
    } catch {
      // not listening yet
    }
    if (firstPageMs === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  // Timed as a restart of an unchanged checkout only if it was one.
  if (timesTheBuildCheck && !output.includes("The build is up to date")) throw new Error(`the sources changed during the run: it built\n${output}`);
  process.kill(-child.pid!, "SIGTERM"); // the whole group: the shell and the server
  await exited;
  await new Promise((resolve) => setTimeout(resolve, 100)); // the server's child may outlive the shell by a moment
  return { firstPageMs, marks: profile ? readMarks(output, spawnedAt) : [] };
}

/** The server's debug "startup" lines, as milliseconds after the spawn (pino's `time` is epoch ms). */
function readMarks(output: string, spawnedAt: number): Mark[] {
  const marks: Mark[] = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { startup?: string; time?: number; sinceProcessStartMs?: number };
      if (!entry.startup || entry.time === undefined || entry.sinceProcessStartMs === undefined) continue;
      if (marks.length === 0) marks.push({ step: "node process started", at: entry.time - entry.sinceProcessStartMs - spawnedAt });
      marks.push({ step: entry.startup, at: entry.time - spawnedAt });
    } catch {
      // not a log line
    }
  }
  return marks;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function report(label: string, results: Run[]) {
  const times = results.map((run) => run.firstPageMs);
  const figures = times.map((ms) => Math.round(ms)).join(", ");
  console.log(
    `${label.padEnd(34)} median ${Math.round(median(times))} ms  (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))}; runs: ${figures})`,
  );
  if (!profile) return;
  const steps = [...new Set(results.flatMap((run) => run.marks.map((mark) => mark.step))), "first 200 of /"];
  let previous = 0;
  for (const step of steps) {
    const ats = results
      .map((run) => (step === "first 200 of /" ? run.firstPageMs : run.marks.find((mark) => mark.step === step)?.at))
      .filter((at): at is number => at !== undefined);
    if (ats.length === 0) continue;
    const at = median(ats);
    console.log(`    ${step.padEnd(28)} at ${String(Math.round(at)).padStart(6)} ms   (+${Math.round(at - previous)} ms)`);
    previous = at;
  }
}

console.log(`server step: ${command}`);
console.log(`${runs} run(s) each, ${os.cpus().length} CPU(s), Node ${process.version}\n`);
await fetch("http://127.0.0.1:9/").catch(() => undefined); // loads the bench's own HTTP client before timing

const fresh: Run[] = [];
const existing: Run[] = [];
for (let run = 0; run < runs; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-bench-startup-"));
  try {
    fresh.push(await startOnce(dataDir));
    existing.push(await startOnce(dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
report("new DATA_DIR, demo magazine", fresh);
report("existing DATA_DIR", existing);
