import { execFileSync } from "node:child_process";
import { startChild } from "./processes";

export function assertWrkInstalled() {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary throws ENOENT.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error("This benchmark drives the server with wrk, which is not installed (Debian: apt-get install wrk).");
    }
  }
}

export interface WrkFigures {
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers with a status of 400 or more (wrk's "Non-2xx or 3xx responses"). */
  non2xx: number;
  /** Connect, read and write errors (timeouts are counted apart). */
  socketErrors: number;
  timeouts: number;
}

/**
 * `wrk --latency` against `url` from its own process (2 threads), anonymous GETs with wrk's
 * default headers (no cookies, no Accept-Encoding; `headers` adds some, a signed-in reader's
 * cookies say) and its default 2 s timeout; `script` (a Lua
 * file, with `scriptArgs` after `--`) may make each request itself.
 */
export async function runWrk(
  url: string,
  options: { seconds: number; connections: number; script?: string; scriptArgs?: string[]; headers?: Record<string, string> },
): Promise<WrkFigures> {
  const script = options.script ? ["--script", options.script] : [];
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["--header", `${name}: ${value}`]);
  const scriptArgs = options.scriptArgs ? ["--", ...options.scriptArgs] : [];
  const args = [
    "--threads",
    "2",
    "--connections",
    String(options.connections),
    "--duration",
    `${options.seconds}s`,
    "--latency",
    ...headers,
    ...script,
    url,
    ...scriptArgs,
  ];
  const wrk = startChild("wrk", args);
  const timer = setTimeout(() => void wrk.stop(1000), (options.seconds + 30) * 1000);
  const code = await wrk.exited;
  clearTimeout(timer);
  await wrk.stop();
  if (code !== 0) throw new Error(`wrk ${args.join(" ")} failed (exit ${code}):\n${wrk.output()}`);
  return { connections: options.connections, seconds: options.seconds, ...parseWrkOutput(wrk.output()) };
}

const unitMs: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Reads the figures out of wrk's report (as printed with --latency). */
export function parseWrkOutput(output: string): Omit<WrkFigures, "connections" | "seconds"> {
  const latency = (percent: string) => {
    const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m|h)\\s*$`, "m").exec(output);
    if (!match) throw new Error(`wrk printed no ${percent}% latency:\n${output}`);
    return Math.round(Number(match[1]) * unitMs[match[2]!]! * 100) / 100;
  };
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  const total = /^\s*(\d+) requests in/m.exec(output);
  if (!rate || !total) throw new Error(`wrk printed no totals:\n${output}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const [connect, read, write, timeouts] = socket ? socket.slice(1).map(Number) : [0, 0, 0, 0];
  return {
    requestsPerSecond: Math.round(Number(rate[1])),
    requests: Number(total[1]),
    p50Ms: latency("50"),
    p99Ms: latency("99"),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: connect! + read! + write!,
    timeouts: timeouts!,
  };
}
