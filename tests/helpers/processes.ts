import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function runNode(nodeArgs: string[], env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Runs a TypeScript entry point in one Node process (tsx as a loader, so a signal reaches it directly). */
export function runTsx(entry: string, args: string[], env: Record<string, string>): RunningProcess {
  return runNode(["--import", "tsx", entry, ...args], env);
}

/** Runs the compiled server (`npm run build` first), as `npm start` does. */
export function runBuiltServer(env: Record<string, string>): RunningProcess {
  return runNode(["build/node/index.js"], { NODE_ENV: "production", ...env });
}

/** Starts the built server (`npm run build` first) and waits until /healthz answers. */
export async function startServerProcess(env: Record<string, string>): Promise<RunningProcess & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Its own address as PUBLIC_URL: links it mails lead back to it, and browsers' forms pass its origin check.
  const running = runBuiltServer({ LOG_LEVEL: "warn", HOST: "127.0.0.1", PUBLIC_URL: url, ...env, PORT: String(port) });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`server exited early:\n${running.output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { ...running, url };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      running.child.kill("SIGKILL"); // never left running behind a failed test
      throw new Error(`server did not start:\n${running.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopProcess(running: RunningProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (running.child.exitCode === null) running.child.kill(signal);
  return running.exited;
}
