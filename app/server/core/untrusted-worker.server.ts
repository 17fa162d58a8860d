import path from "node:path";
import { Worker, type TransferListItem } from "node:worker_threads";
import { projectRoot } from "#database/paths";

// Work on untrusted bytes (an uploaded PDF or Office file, an imported export) runs here: in a
// worker thread, so the event loop keeps answering requests however long the parse takes, and
// within limits, so no file can take the process with it. One piece of code for every parser:
//   - time: past `timeoutMs` the worker is terminated;
//   - memory: the worker's JavaScript heap is capped (`memoryMb`), and the process's growth is
//     watched from this thread every 20 ms (`growthMb`), because native buffers (inflated streams,
//     canvases) are outside the heap limit;
//   - one job at a time in the process, so the growth watched is that job's, and N uploads at
//     once cost one job's memory, not N.

export interface WorkerLimits {
  /** How long the job may take, worker start included, before the worker is ended. */
  timeoutMs: number;
  /** The worker's JavaScript heap. */
  memoryMb: number;
  /** How much the whole process may grow while the job runs. */
  growthMb: number;
}

/** Why a job gave no answer. "threw" is the job's own error (a bug or a file the code did not expect). */
export type WorkerFailure = { failed: "timeout" | "memory" | "threw" | "exited"; message: string };
export type WorkerOutcome<T> = { ok: true; value: T } | ({ ok: false } & WorkerFailure);

let lastJob: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const job = lastJob.then(work);
  lastJob = job.catch(() => undefined);
  return job;
}

/**
 * Runs `script` (a plain .mjs file of the source tree, by its path from the project folder, so
 * neither `npm run dev` nor the esbuild-compiled server needs a loader to start it) in a worker
 * with `workerData`, and answers its first message. The worker is always terminated afterwards.
 */
export function runInWorker<T>(
  script: string,
  workerData: unknown,
  { limits, transferList = [] }: { limits: WorkerLimits; transferList?: TransferListItem[] },
): Promise<WorkerOutcome<T>> {
  return oneAtATime(() => {
    const worker = new Worker(path.join(projectRoot, script), {
      workerData,
      transferList,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.ceil(limits.memoryMb / 4)),
        stackSizeMb: 4,
      },
      stdout: true,
      stderr: true,
    });
    let timer: NodeJS.Timeout | undefined;
    let watch: NodeJS.Timeout | undefined;
    const startRss = process.memoryUsage.rss();
    const failure = (failed: WorkerFailure["failed"], message: string): WorkerOutcome<T> => ({ ok: false, failed, message });
    return new Promise<WorkerOutcome<T>>((resolve) => {
      timer = setTimeout(() => resolve(failure("timeout", `no answer after ${limits.timeoutMs} ms`)), limits.timeoutMs);
      watch = setInterval(() => {
        if (process.memoryUsage.rss() - startRss > limits.growthMb * 1024 * 1024)
          resolve(failure("memory", `the process grew by more than ${limits.growthMb} MB`));
      }, 20);
      worker.once("message", (value: T) => resolve({ ok: true, value }));
      worker.once("error", (error: Error) =>
        // The heap limit ends the worker with ERR_WORKER_OUT_OF_MEMORY.
        resolve(failure((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "threw", error.message)),
      );
      worker.once("exit", (code) => resolve(failure("exited", `the worker exited with ${code}`)));
      // What a parser prints about a broken file is not the server's log.
      worker.stdout.resume();
      worker.stderr.resume();
    }).finally(async () => {
      clearTimeout(timer);
      clearInterval(watch);
      // Awaited: a worker stopped mid-allocation goes on allocating until its thread ends, and
      // the next job's growth must not count what this one held.
      await worker.terminate();
    });
  });
}

/**
 * A function of a TypeScript module run in a worker by `runJob`: named by the module's path from
 * the project folder and the export's name, typed by the module itself, e.g.
 * `untrustedJob<typeof import("./x.server"), "readX">("app/server/…/x.server.ts", "readX")`.
 * The function takes one argument and answers a value the structured clone copies (no class
 * instances: an expected refusal is returned as data, not thrown).
 */
export interface UntrustedJob<Input, Output> {
  module: string;
  name: string;
  /** Only carries the types. */
  types?: (input: Input) => Output;
}

export function untrustedJob<Module, Name extends keyof Module & string>(
  module: string,
  name: Name,
): Module[Name] extends (input: infer Input) => infer Output ? UntrustedJob<Input, Awaited<Output>> : never {
  return { module, name } as never;
}

/** The worker that starts a job: it loads TypeScript through tsx (a dependency, as `npm run import` uses). */
const jobWorker = "app/server/core/untrusted-job-worker.mjs";

/**
 * Runs `job(input)` in a limited worker. `transferList` hands buffers of `input` over instead of
 * copying them (they are unusable here afterwards: pass a copy).
 */
export function runJob<Input, Output>(
  job: UntrustedJob<Input, Output>,
  input: Input,
  options: { limits: WorkerLimits; transferList?: TransferListItem[] },
): Promise<WorkerOutcome<Output>> {
  return runInWorker<Output>(jobWorker, { module: path.join(projectRoot, job.module), name: job.name, input }, options);
}

/** A copy of `bytes` in an ArrayBuffer of its own, to transfer to a worker (the caller's buffer may be a slice of a shared pool). */
export function ownCopy(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}
