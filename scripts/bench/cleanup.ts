// What a benchmark started (child processes, temporary folders) is stopped and removed once:
// at the end, on an error, and on Ctrl-C or SIGTERM.
const tasks: (() => Promise<void> | void)[] = [];
let signalsHandled = false;
let interruptedBy: NodeJS.Signals | undefined;

/** Registers `task` to run at cleanup (last registered runs first); returns a function that runs it now, once. */
export function onCleanup(task: () => Promise<void> | void): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    tasks.splice(tasks.indexOf(once), 1);
    await task();
  };
  tasks.push(once);
  if (!signalsHandled) {
    signalsHandled = true;
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        interruptedBy = signal;
        console.error(`\n${signal}: stopping what the benchmark started…`);
        void runCleanups().finally(() => process.exit(130));
      });
    }
  }
  return once;
}

/** Runs every registered task, newest first; a failing task does not stop the others. */
export async function runCleanups(): Promise<void> {
  for (const task of [...tasks].reverse()) {
    try {
      await task();
    } catch (error) {
      console.error("cleanup failed:", error);
    }
  }
}

/** A problem with the machine or the checkout (no build, no browser), told in one line without a stack. */
export class BenchSetupError extends Error {}

/** Runs a benchmark's `main`, then cleans up whatever happened; a failure sets exit code 1. */
export async function runBenchmark(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.exitCode = 1;
    if (!interruptedBy) console.error(error instanceof BenchSetupError ? error.message : error);
  } finally {
    await runCleanups();
  }
}
