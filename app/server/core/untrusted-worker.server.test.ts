import { describe, expect, it } from "vitest";
import { runJob, untrustedJob, type WorkerLimits } from "./untrusted-worker.server";

type Jobs = typeof import("#tests/helpers/untrusted-jobs");
const job = <Name extends keyof Jobs & string>(name: Name) => untrustedJob<Jobs, Name>("tests/helpers/untrusted-jobs.ts", name);
const limits: WorkerLimits = { timeoutMs: 10_000, memoryMb: 64, growthMb: 256 };

/** The longest the event loop waited for a 10 ms timer while `work` ran. */
async function longestLoopDelay<T>(work: Promise<T>): Promise<{ answer: T; delay: number }> {
  let last = performance.now();
  let delay = 0;
  const timer = setInterval(() => {
    delay = Math.max(delay, performance.now() - last - 10);
    last = performance.now();
  }, 10);
  try {
    return { answer: await work, delay };
  } finally {
    clearInterval(timer);
  }
}

describe("runJob", () => {
  it("answers what the job answers", async () => {
    expect(await runJob(job("double"), 21, { limits })).toEqual({ ok: true, value: 42 });
  });

  it("ends a job that never answers at its time limit, the event loop free all along", async () => {
    const { answer, delay } = await longestLoopDelay(runJob(job("spin"), undefined, { limits: { ...limits, timeoutMs: 1500 } }));
    expect(answer).toEqual({ ok: false, failed: "timeout", message: "no answer after 1500 ms" });
    expect(delay).toBeLessThan(200);
  });

  it("ends a job past its heap, or when the process grows past its limit outside the heap", async () => {
    expect(await runJob(job("fillHeap"), undefined, { limits })).toMatchObject({ ok: false, failed: "memory" });
    expect(await runJob(job("holdMemory"), 512, { limits })).toMatchObject({ ok: false, failed: "memory", message: expect.stringContaining("256 MB") });
  });

  it("passes on a job's own error", async () => {
    expect(await runJob(job("fail"), undefined, { limits })).toEqual({ ok: false, failed: "threw", message: "a bug in the parser" });
  });

  it("runs one job at a time", async () => {
    const started = performance.now();
    const [spun, doubled] = await Promise.all([
      runJob(job("spin"), undefined, { limits: { ...limits, timeoutMs: 800 } }),
      runJob(job("double"), 2, { limits }),
    ]);
    expect(spun).toMatchObject({ failed: "timeout" });
    expect(doubled).toEqual({ ok: true, value: 4 });
    expect(performance.now() - started).toBeGreaterThan(800);
  });
});
