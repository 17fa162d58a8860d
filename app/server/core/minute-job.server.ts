import type { Logger } from "pino";

// A moment past the minute, so what is set for 07:00 happens at 07:00, not at 07:01.
const pastTheMinuteMs = 200;

/**
 * Runs `task` now (catching up on what a stopped server missed) and then at the start of every
 * minute, until the returned function is called (it waits for a run under way). A failure is
 * logged with `failure` and the task runs again the next minute.
 */
export function startMinuteJob(task: () => Promise<void>, log: Logger, failure: string): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      await task();
    } catch (error) {
      log.error({ err: error }, failure);
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
