import { sql } from "drizzle-orm";
import client from "prom-client";
import { selectRows } from "#app/server/db/types.server";
import { services as startedServices, type Services } from "./services.server";

// The process's Prometheus metrics (/metrics, docs/operations.md "Metrics"): one registry, with
// Node's default process metrics and ours, named educator_*. Every label takes its values from a
// short fixed list (never a path, an id or a user), so the number of series stays bounded.

/** What a request asked for, decided from its path by the server (server/route-kind.ts). */
export const routeKinds = ["reader", "admin", "api", "asset", "uploads", "beacon", "events", "health", "other"] as const;
export type RouteKind = (typeof routeKinds)[number];
const statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;

/** The background loops counted in educator_job_runs_total (app/server/core/minute-job.server.ts, the maintenance timer). */
export type JobOutcome = "success" | "failure";

/** What the gauges read at scrape time; each source is set by whoever owns the thing measured. */
interface Sources {
  pageCache: (() => { pages: number; bytes: number }) | null;
  services: () => Services | undefined;
}

// Database-backed gauges wait at most this long at a scrape; past it they are left out of that scrape.
const queryTimeoutMs = 1000;

export interface Metrics {
  readonly registry: client.Registry;
  readonly contentType: string;
  /** One answered request: its kind, status and seconds since it arrived (none for an event stream, which stays open). */
  request(kind: RouteKind, status: number, seconds: number | null): void;
  /** A reader page answered from the page cache ("hit") or rendered and kept ("miss"). */
  pageCache(verdict: "hit" | "miss"): void;
  /** One run of a background job; the name is one of a handful written in the code. */
  jobRun(job: string, outcome: JobOutcome): void;
  /** Where the page cache's size is read (the reader pages' cache; null when PAGE_CACHE is off). */
  watchPageCache(size: (() => { pages: number; bytes: number }) | null): void;
  /** The text exposition of every metric. */
  scrape(): Promise<string>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface QueueRow {
  mails: number;
  newsletter: number;
  school_packs: number;
  webhooks: number;
}

const requestBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const kindIndex = new Map<RouteKind, number>(routeKinds.map((kind, index) => [kind, index]));
type RequestLabels = { kind: RouteKind; status_class: (typeof statusClasses)[number] };

/**
 * Requests counted in typed arrays: the hot path (tens of thousands of reader pages a second) costs
 * a few array writes, where a prom-client counter and histogram cost a label hash each per request
 * (about a microsecond, measured); the numbers become samples at scrape time.
 */
class RequestTallies {
  private readonly width = requestBuckets.length + 1; // the last: above every bound (+Inf only)
  private readonly counts = new Float64Array(routeKinds.length * statusClasses.length);
  private readonly timed = new Float64Array(this.counts.length);
  private readonly sums = new Float64Array(this.counts.length);
  private readonly buckets = new Float64Array(this.counts.length * this.width);

  add(kind: RouteKind, status: number, seconds: number | null) {
    const statusClass = status >= 100 && status < 600 ? Math.floor(status / 100) - 1 : 4;
    const series = kindIndex.get(kind)! * statusClasses.length + statusClass;
    this.counts[series]!++;
    if (seconds === null) return;
    let bucket = 0;
    while (bucket < requestBuckets.length && seconds > requestBuckets[bucket]!) bucket++;
    this.buckets[series * this.width + bucket]!++;
    this.timed[series]!++;
    this.sums[series]! += seconds;
  }

  /** Every series counted so far, and each kind's 2xx from the start (so rate() sees its first request). */
  *series(): Generator<{ labels: RequestLabels; count: number; timed: number; sum: number; cumulative: number[] }> {
    for (let series = 0; series < this.counts.length; series++) {
      const statusClass = series % statusClasses.length;
      if (this.counts[series] === 0 && statusClass !== 1) continue;
      let total = 0;
      const cumulative = Array.from(this.buckets.subarray(series * this.width, (series + 1) * this.width - 1), (count) => (total += count));
      yield {
        labels: { kind: routeKinds[Math.floor(series / statusClasses.length)]!, status_class: statusClasses[statusClass]! },
        count: this.counts[series]!,
        timed: this.timed[series]!,
        sum: this.sums[series]!,
        cumulative,
      };
    }
  }
}

/** prom-client's histogram, its samples read from the tallies at scrape time. */
class TalliedHistogram extends client.Histogram<"kind" | "status_class"> {
  private readonly metricName: string;
  private readonly metricHelp: string;

  constructor(
    private readonly tallies: RequestTallies,
    configuration: client.HistogramConfiguration<"kind" | "status_class">,
  ) {
    super(configuration);
    this.metricName = configuration.name;
    this.metricHelp = configuration.help;
  }

  override get() {
    return this.getForPromString();
  }

  /** What the registry reads for the text format (prom-client's own shortcut, which its get() calls too). */
  async getForPromString() {
    const [bucket, sum, count] = ["_bucket", "_sum", "_count"].map((suffix) => this.metricName + suffix);
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const { labels, timed, sum: seconds, cumulative } of this.tallies.series()) {
      if (timed === 0) continue;
      requestBuckets.forEach((le, index) => values.push({ metricName: bucket!, labels: { ...labels, le }, value: cumulative[index]! }));
      values.push({ metricName: bucket!, labels: { ...labels, le: "+Inf" }, value: timed });
      values.push({ metricName: sum!, labels, value: seconds });
      values.push({ metricName: count!, labels, value: timed });
    }
    const base = { name: this.metricName, help: this.metricHelp, type: "histogram", aggregator: "sum" as const };
    return { ...base, values } as unknown as Awaited<ReturnType<client.Histogram<"kind" | "status_class">["get"]>>;
  }
}

function createMetrics(sources: Sources): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const requests = new RequestTallies();
  new client.Counter({
    name: "educator_http_requests_total",
    help: "Requests answered, by route kind and status class.",
    labelNames: ["kind", "status_class"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, count } of requests.series()) this.inc(labels, count);
    },
  });
  new TalliedHistogram(requests, {
    name: "educator_http_request_duration_seconds",
    help: "Seconds from a request's arrival to the end of its answer, by route kind and status class (event streams are not timed).",
    labelNames: ["kind", "status_class"] as const,
    buckets: requestBuckets,
    registers: [registry],
  });

  const cacheHits = new client.Counter({ name: "educator_page_cache_hits_total", help: "Reader pages answered from the page cache.", registers: [registry] });
  const cacheMisses = new client.Counter({
    name: "educator_page_cache_misses_total",
    help: "Reader pages the page cache did not hold: rendered (and kept when they could be).",
    registers: [registry],
  });
  new client.Gauge({
    name: "educator_page_cache_entries",
    help: "Pages kept in this instance's page cache.",
    registers: [registry],
    collect() {
      this.set(sources.pageCache?.().pages ?? 0);
    },
  });
  new client.Gauge({
    name: "educator_page_cache_bytes",
    help: "Bytes of the pages kept in this instance's page cache (every encoding).",
    registers: [registry],
    collect() {
      this.set(sources.pageCache?.().bytes ?? 0);
    },
  });

  new client.Gauge({
    name: "educator_queue_depth",
    help: "Work waiting: page views not yet written (this instance), account mails and newsletter mails queued or being sent, school pack runs queued, webhook deliveries queued or being sent (database, all instances).",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const services = sources.services();
      if (!services) return;
      this.set({ queue: "page_views" }, services.pageViewQueue.pending);
      const [row] = await withTimeout(
        selectRows<QueueRow>(
          services.db,
          sql`select
            (select count(*) from mail_queue where status in ('queued', 'sending'))::int as mails,
            (select count(*) from newsletter_deliveries where status in ('queued', 'sending'))::int as newsletter,
            (select count(*) from school_pack_runs where status = 'queued')::int as school_packs,
            (select count(*) from webhook_deliveries where status in ('queued', 'sending'))::int as webhooks`,
        ),
        queryTimeoutMs,
      ).catch(() => []);
      if (!row) return; // a slow or failing database: this scrape leaves the database's queues out
      this.set({ queue: "mails" }, row.mails);
      this.set({ queue: "newsletter" }, row.newsletter);
      this.set({ queue: "school_packs" }, row.school_packs);
      this.set({ queue: "webhooks" }, row.webhooks);
    },
  });

  new client.Gauge({
    name: "educator_event_streams",
    help: "Event streams (SSE, /api/events) open on this instance.",
    registers: [registry],
    collect() {
      this.set(sources.services()?.realtime.streams ?? 0);
    },
  });

  new client.Gauge({
    name: "educator_database_connections",
    help: "The database pool: connections open (total), idle, and queries waiting for one. PGlite is one connection: busy while a query runs, the others wait.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.reset();
      const use = sources.services()?.database.connections();
      if (!use) return;
      this.set({ state: "total" }, use.total);
      this.set({ state: "idle" }, use.idle);
      this.set({ state: "waiting" }, use.waiting);
    },
  });

  const jobRuns = new client.Counter({
    name: "educator_job_runs_total",
    help: "Runs of the background jobs, by job and outcome (a failure is logged, and the job tries again).",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const lastSuccess = new client.Gauge({
    name: "educator_job_last_success_timestamp_seconds",
    help: "When each background job last ran without failing (Unix time).",
    labelNames: ["job"] as const,
    registers: [registry],
  });

  return {
    registry,
    contentType: registry.contentType,
    request: (kind, status, seconds) => requests.add(kind, status, seconds),
    pageCache(verdict) {
      if (verdict === "hit") cacheHits.inc();
      else cacheMisses.inc();
    },
    jobRun(job, outcome) {
      jobRuns.inc({ job, outcome });
      if (outcome === "success") lastSuccess.set({ job }, Date.now() / 1000);
    },
    watchPageCache(size) {
      sources.pageCache = size;
    },
    scrape: () => registry.metrics(),
  };
}

// The server process and the bundled route modules are separate module graphs: one registry for
// both, in one global slot (as the services are kept).
const slot = Symbol.for("the-educator.metrics");
type Holder = { [slot]?: Metrics };

/** The services once started; before (or after) that, the gauges that read them are left out. */
function servicesIfStarted(): Services | undefined {
  try {
    return startedServices();
  } catch {
    return undefined;
  }
}

/** The process's metrics, made on first use. */
export function metrics(): Metrics {
  return ((globalThis as Holder)[slot] ??= createMetrics({ pageCache: null, services: servicesIfStarted }));
}
