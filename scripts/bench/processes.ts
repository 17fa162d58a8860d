import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { onCleanup } from "./cleanup";

export interface Child {
  process: ChildProcess;
  /** The last 64 KiB of what it printed (stdout and stderr), for error messages. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM to its process group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `command` in its own process group (so a terminal's Ctrl-C does not reach it before
 * we stop it in order, and stopping it also stops what it started, e.g. npm's child node).
 * It is stopped at cleanup if nobody stopped it before.
 */
export function startChild(command: string, args: string[], options: SpawnOptions = {}): Child {
  const child = spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-65536));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", (error) => {
      keep(Buffer.from(`${error.message}\n`));
      resolve(null);
    });
  });
  // The group outlives the direct child when npm exits before the server it started.
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signal = (name: NodeJS.Signals) => {
    if (child.pid !== undefined && groupAlive()) process.kill(-child.pid, name);
  };
  let graceMs = 15_000;
  const stopNow = onCleanup(async () => {
    signal("SIGTERM");
    const deadline = Date.now() + graceMs;
    while (child.pid !== undefined && groupAlive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    signal("SIGKILL");
    await exited;
  });
  return {
    process: child,
    output: () => output,
    exited,
    stop(grace = 15_000) {
      graceMs = grace;
      return stopNow();
    },
  };
}

/** Waits until `url` answers 2xx; stops `child` and throws with what it printed if it exits or takes longer than `timeoutMs`. */
export async function waitUntilAnswering(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  while (!(await answers(url))) {
    if (exited || Date.now() > deadline) {
      await child.stop(2000);
      throw new Error(`${url}: the process ${exited ? "exited" : `did not answer within ${timeoutMs / 1000} s`}; it printed:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}
