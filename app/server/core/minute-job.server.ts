import type { Logger } from "pino";
import { metrics } from "./metrics.server";

/**
 * A job's name in educator_job_runs_total: the words of its failure message before "failed"
 * ("mail queue failed; trying again shortly": mail_queue), a handful fixed by the code.
 */
const jobNameOf = (failure: string) => failure.split(" failed", 1)[0]!.trim().replace(/\W+/g, "_");

// A moment past the minute, so what is set for 07:00 happens at 07:00, not at 07:01.
const pastTheMinuteMs = 200;

/**
 * Runs `task` now (catching up on what a stopped server missed) and then at the start of every
 * minute, until the returned function is called (it waits for a run under way). A failure is
 * logged with `failure` and the task runs again the next minute. Each run is counted (/metrics).
 */
export function startMinuteJob(task: () => Promise<void>, log: Logger, failure: string): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const job = jobNameOf(failure);
  const run = async () => {
    try {
      await task();
      metrics().jobRun(job, "success");
    } catch (error) {
      log.error({ err: error }, failure);
      metrics().jobRun(job, "failure");
    }
    if (stopped) return;
    timer = setTimeout(() => (running = run()), 60_000 - (Date.now() % 60_000) + pastTheMinuteMs);
    timer.unref();
  };
  running = run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    return running;
  };
}

/**
 * A queue's worker loop: `step` (send one, say how it went) again and again until stopped, with
 * `settle` (housekeeping, such as rows a crash left) first every `settleEveryMs`, and a pause of
 * `pauseMs(outcome)` between steps (`undefined`: the step failed, and was logged). `wake` ends a
 * pause early; with `rememberWake`, a wake while no pause is under way ends the next one at once.
 * `stop` waits for the step in hand. Each step that found work (an outcome other than "idle") or
 * failed is counted (/metrics).
 */
export function startQueueWorker<Outcome>(options: {
  step: () => Promise<Outcome>;
  settle: () => Promise<void>;
  settleEveryMs: number;
  pauseMs: (outcome: Outcome | undefined) => number;
  log: Logger;
  failure: string;
  rememberWake?: boolean;
}): { wake(): void; stop(): Promise<void> } {
  let stopped = false;
  let woken = false;
  let wakeUp: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wakeUp = null;
        resolve();
      }, ms);
      wakeUp = () => {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      };
    });
  const wake = () => {
    if (wakeUp) wakeUp();
    else if (options.rememberWake) woken = true;
  };
  const job = jobNameOf(options.failure);
  const loop = async () => {
    let lastSettled = 0;
    while (!stopped) {
      let outcome: Outcome | undefined;
      try {
        if (Date.now() - lastSettled > options.settleEveryMs) {
          lastSettled = Date.now();
          await options.settle();
        }
        outcome = await options.step();
        if (outcome !== "idle") metrics().jobRun(job, "success");
      } catch (error) {
        options.log.error({ err: error }, options.failure);
        metrics().jobRun(job, "failure");
      }
      if (stopped) break;
      const ms = options.pauseMs(outcome);
      if (woken) woken = false;
      else if (ms > 0) await pause(ms);
    }
  };
  const running = loop();
  return {
    wake,
    stop() {
      stopped = true;
      wakeUp?.();
      return running;
    },
  };
}
