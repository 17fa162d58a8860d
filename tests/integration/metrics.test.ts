import type { AddressInfo } from "node:net";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "#tests/helpers/database";
import { eventually } from "#tests/helpers/pages";
import { startTestServer, type TestServer } from "#tests/helpers/server";
import { createMetricsServer } from "#server/metrics";

const token = "metrics-token-for-the-test-0123456789";
const bearer = { Authorization: `Bearer ${token}` };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text exposition format, one sample per line: `name{label="value",…} value`. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
    samples.push({ name: match[1]!, labels, value: match[3] === "+Inf" ? Infinity : Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

async function scrape(url: string, headers: Record<string, string> = bearer): Promise<Sample[]> {
  const response = await fetch(`${url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return parseExposition(await response.text());
}

describe(`/metrics when off (${testDatabaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("answers 404 without METRICS_TOKEN, even to a bearer token", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`, { headers: bearer })).status).toBe(404);
  });
});

describe(`/metrics with METRICS_TOKEN (${testDatabaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: token });
  });
  afterAll(() => server.close());

  it("refuses a scrape without the token or with a wrong one", async () => {
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain("educator_");
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}x` } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Basic ${token}` } })).status).toBe(401);
  });

  it("counts requests by route kind and status class, and the page cache's hits and misses", async () => {
    const before = await scrape(server.url);
    const first = await fetch(`${server.url}/about`);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    await first.text();
    const second = await fetch(`${server.url}/about`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    await second.text();
    const admin = await fetch(`${server.url}/admin`, { redirect: "manual" }); // anonymous: sent to sign in
    expect(admin.status).toBe(302);
    const missing = await fetch(`${server.url}/no-such-page`); // the site's not-found page: a reader page

    expect(missing.status).toBe(404);
    await missing.text();
    // The last answer is counted as it closes, a moment after the client has read it.
    const moved = (samples: Sample[], labels: Record<string, string>) =>
      valueOf(samples, "educator_http_requests_total", labels) - valueOf(before, "educator_http_requests_total", labels);
    const after = await eventually(async () => {
      const samples = await scrape(server.url);
      return moved(samples, {}) >= 4 ? samples : undefined;
    }, "the four requests are counted");

    expect(moved(after, { kind: "reader", status_class: "2xx" })).toBe(2);
    expect(moved(after, { kind: "reader", status_class: "4xx" })).toBe(1);
    expect(moved(after, { kind: "admin", status_class: "3xx" })).toBe(1);
    expect(moved(after, {})).toBe(4); // the scrapes themselves are not counted
    expect(valueOf(after, "educator_page_cache_hits_total") - valueOf(before, "educator_page_cache_hits_total")).toBe(1);
    expect(valueOf(after, "educator_page_cache_misses_total") - valueOf(before, "educator_page_cache_misses_total")).toBe(1);
    expect(valueOf(after, "educator_page_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, "educator_page_cache_bytes")).toBeGreaterThan(1000);

    // The latency histogram of reader pages: buckets cumulative, the last (+Inf) equal to the count.
    const reader = { kind: "reader", status_class: "2xx" };
    const buckets = after
      .filter(
        (sample) => sample.name === "educator_http_request_duration_seconds_bucket" && sample.labels.kind === "reader" && sample.labels.status_class === "2xx",
      )
      .map((sample) => ({ le: sample.labels.le === "+Inf" ? Infinity : Number(sample.labels.le), count: sample.value }));
    expect(buckets.length).toBeGreaterThan(5);
    for (let i = 1; i < buckets.length; i++) {
      expect(buckets[i]!.le).toBeGreaterThan(buckets[i - 1]!.le);
      expect(buckets[i]!.count).toBeGreaterThanOrEqual(buckets[i - 1]!.count);
    }
    expect(buckets.at(-1)).toEqual({ le: Infinity, count: valueOf(after, "educator_http_request_duration_seconds_count", reader) });
    expect(valueOf(after, "educator_http_request_duration_seconds_count", reader)).toBe(valueOf(after, "educator_http_requests_total", reader));
    expect(valueOf(after, "educator_http_request_duration_seconds_sum", reader)).toBeGreaterThan(0);
  });

  it("reports queues, the database pool, event streams, job runs and the process", async () => {
    const stream = new AbortController();
    const events = await fetch(`${server.url}/api/events`, { signal: stream.signal });
    expect(events.headers.get("content-type")).toMatch(/text\/event-stream/);
    try {
      // Scheduled publishing runs once at start.
      const samples = await eventually(async () => {
        const scraped = await scrape(server.url);
        return valueOf(scraped, "educator_job_runs_total", { job: "scheduled_publishing", outcome: "success" }) >= 1 ? scraped : undefined;
      }, "scheduled publishing has run");
      expect(valueOf(samples, "educator_event_streams")).toBe(1);
      for (const queue of ["page_views", "mails", "newsletter", "school_packs"]) {
        expect(
          samples.some((sample) => sample.name === "educator_queue_depth" && sample.labels.queue === queue),
          queue,
        ).toBe(true);
      }
      expect(valueOf(samples, "educator_queue_depth", { queue: "mails" })).toBe(0);
      expect(valueOf(samples, "educator_database_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(samples.some((sample) => sample.name === "educator_database_connections" && sample.labels.state === "waiting")).toBe(true);
      expect(valueOf(samples, "educator_job_last_success_timestamp_seconds", { job: "scheduled_publishing" })).toBeGreaterThan(Date.now() / 1000 - 600);
      expect(valueOf(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
    } finally {
      stream.abort();
    }
  });
});

describe(`/metrics on METRICS_ADDRESS (${testDatabaseKind})`, () => {
  let server: TestServer;
  let metricsServer: http.Server;
  let metricsUrl: string;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_ADDRESS: "127.0.0.1:0" });
    metricsServer = createMetricsServer((error) => {
      throw error;
    });
    metricsServer.listen(0, "127.0.0.1");
    await new Promise((resolve) => metricsServer.once("listening", resolve));
    metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => metricsServer.close(resolve));
    await server.close();
  });

  it("serves /metrics without a token there, and nothing else; the site's /metrics stays off", async () => {
    await (await fetch(`${server.url}/about`)).text();
    const samples = await scrape(metricsUrl, {});
    expect(valueOf(samples, "educator_http_requests_total", { kind: "reader" })).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${metricsUrl}/about`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });
});
