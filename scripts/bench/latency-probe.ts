import http from "node:http";

export interface ProbeFigures {
  /** Every latency measured, in ms (to pool runs). */
  latencies: number[];
  samples: number;
  failures: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The latency of one GET of `url` (a new connection, as a health checker makes), in ms; throws unless 2xx. */
function timedGet(url: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, signal: AbortSignal.timeout(timeoutMs) }, (response) => {
      response.resume();
      response.once("end", () => {
        if ((response.statusCode ?? 0) >= 300) reject(new Error(`${url} answered ${response.statusCode}`));
        else resolve(performance.now() - started);
      });
      response.once("error", reject);
    });
    request.once("error", reject);
  });
}

const percentile = (sorted: number[], q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;

/** The figures of latencies measured in several runs, with their failures. */
export function probeFigures(latencies: number[], failures: number): ProbeFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    latencies: sorted,
    samples: sorted.length,
    failures,
    p50Ms: percentile(sorted, 0.5),
    p90Ms: percentile(sorted, 0.9),
    p99Ms: percentile(sorted, 0.99),
    maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

/**
 * Asks `url` every `everyMs` (one request at a time) until `stop`, like a load balancer's health
 * check, from this process while something else loads the server; a request that fails or takes
 * longer than `timeoutMs` counts as a failure.
 */
export function probeLatency(url: string, { everyMs = 20, timeoutMs = 5000 } = {}) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        latencies.push(await timedGet(url, timeoutMs));
      } catch {
        failures++;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (performance.now() - started))));
    }
  })();
  return {
    async stop(): Promise<ProbeFigures> {
      running = false;
      await done;
      return probeFigures(latencies, failures);
    },
  };
}
