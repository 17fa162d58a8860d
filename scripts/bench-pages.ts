// Reader pages benchmark (issue 10): starts the built app with `npm run serve` on a fresh demo
// magazine and measures, for each public page, throughput and latency with wrk (anonymous, from
// its own process) beside nginx serving the same bytes as static files in the same run, the
// compressed bytes of a first and a repeat visit, and — on the article page — the pure server
// render (PAGE_CACHE=false) and 200 concurrent readers; the article and a question again signed in
// (a reader's session and viewer hint). Prints figures beside the issue's
// targets; asserts nothing.
//
//   npm run build && npm run bench:pages            (add -- --json for JSON on stdout)
//
// BENCH_SECONDS per wrk run (default 15), BENCH_CONNECTIONS (default 10), BENCH_PAGES
// (comma-separated paths, "article" for the first article the home page links to; default
// /,/articles,/category/health,/about,article,/ask-kafundisha,question,/resources ("question" for the first
// question Ask Kafundisha links to); the pure-render and 200-reader runs need the
// article), BENCH_HEAVY_CONNECTIONS / BENCH_HEAVY_SECONDS (default 200 / 20),
// BENCH_NGINX_WORKERS (nginx worker_processes, default auto). Needs wrk; nginx is optional
// (Debian: apt-get install wrk nginx-light).
import { runBenchmark } from "./bench/cleanup";
import { getPage, getRaw, signedInReaderCookie } from "./bench/http";
import { findNginx, startStaticNginx, type StaticNginx } from "./bench/nginx";
import { loadAdminFiles, measureFirstVisit, measureRepeatVisit, type FirstVisit, type Kind, type RepeatVisit } from "./bench/page-weight";
import { pagesFromEnv, resolvePages } from "./bench/pages";
import { kib, runContext, table, verdict } from "./bench/report";
import { assertBuilt, serveBuiltApp, temporaryDataDir, type ServedApp } from "./bench/served-app";
import { assertWrkInstalled, runWrk, type WrkFigures } from "./bench/wrk";

const json = process.argv.includes("--json");
const load = { seconds: Number(process.env.BENCH_SECONDS ?? 15), connections: Number(process.env.BENCH_CONNECTIONS ?? 10) };
const heavyLoad = { seconds: Number(process.env.BENCH_HEAVY_SECONDS ?? 20), connections: Number(process.env.BENCH_HEAVY_CONNECTIONS ?? 200) };
const nginxWorkers = process.env.BENCH_NGINX_WORKERS ?? "auto";
const warmUpSeconds = 3;

/** The targets (reader pages fast and light). */
const targets = {
  nginxShare: 0.25,
  p99Ms: 20,
  pureRenderPerSecond: 600,
  heavyP99Ms: 50,
  articleFirstVisitKiB: 50,
  listFirstVisitKiB: 120,
  /** A signed-in reader's page ≥ this share of the anonymous figure (issue 36). */
  signedInShare: 0.5,
};

/** The pages measured signed in too: the article and a question (issue 36's budget). */
const signedInLabels = new Set(["/articles/{id}", "/ask-kafundisha/{id}"]);

type SignedInFigures = WrkFigures & { page: string; anonymousShare: number; targetMet: boolean };

interface PageFigures {
  page: string;
  server: WrkFigures;
  nginx?: WrkFigures;
  /** server req/s ÷ nginx req/s */
  ratio?: number;
  firstVisit: Omit<FirstVisit, "transfers"> & { gzippedByBench: { path: string; kind: Kind }[] };
  repeatVisit: RepeatVisit;
  budgetKiB?: number;
  targetsMet: { speed: boolean; firstVisit?: boolean; repeatVisit: boolean; noAdminCode: boolean };
}

const progress = (line: string) => console.error(line);

/**
 * Waits until the cache sends the page's brotli copy: a miss is sent as rendered (gzip level 1)
 * and the best compression is made in the background once the page is asked for again. The
 * weights measured are then those of a reader who is not the page's very first.
 */
async function untilCompressed(url: string) {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if ((await getRaw(url, { "accept-encoding": "br, gzip" })).headers["content-encoding"] === "br") return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  progress(`  ${url} was not sent with brotli within 5 s: its weight is the quick gzip's`);
}

async function warmUp(url: string) {
  await runWrk(url, { seconds: warmUpSeconds, connections: load.connections });
}

async function measure(url: string, options = load): Promise<WrkFigures> {
  progress(`  wrk -t2 -c${options.connections} -d${options.seconds}s ${url}`);
  return runWrk(url, options);
}

function budgetFor(label: string): number | undefined {
  // Ask Kafundisha's pages (issue 25) and the lesson resources library (issue 26) meet the article page's budget.
  if (label.startsWith("/articles/{id}") || label === "/ask-kafundisha/{id}" || label === "/ask-kafundisha" || label === "/resources")
    return targets.articleFirstVisitKiB;
  if (label === "/" || label === "/articles" || label.startsWith("/category/")) return targets.listFirstVisitKiB;
  return undefined;
}

async function main() {
  const context = runContext(); // before our own load counts in the load average
  assertBuilt();
  assertWrkInstalled();
  const requested = pagesFromEnv();
  const dataDir = temporaryDataDir();
  progress("starting the built app (npm run serve) on a fresh demo magazine…");
  let app: ServedApp = await serveBuiltApp({ dataDir });
  const { pages, articlePath, label } = await resolvePages(app.base, requested);
  const admin = loadAdminFiles();

  progress("first and repeat visits (Accept-Encoding: br, gzip)…");
  const weights = new Map<string, { first: FirstVisit; repeat: RepeatVisit }>();
  const saved = new Map<string, string>();
  for (const page of pages) {
    await untilCompressed(`${app.base}${page}`);
    const first = await measureFirstVisit(app.base, page, admin);
    weights.set(page, { first, repeat: await measureRepeatVisit(app.base, first) });
    saved.set(page, await getPage(`${app.base}${page}`)); // as served without compression, for nginx
  }

  const nginxBinary = findNginx();
  let nginx: StaticNginx | undefined;
  if (nginxBinary) nginx = await startStaticNginx(nginxBinary, saved, nginxWorkers);
  else progress("nginx is not installed: the comparison with static files is skipped (Debian: apt-get install nginx-light).");

  const results: PageFigures[] = [];
  for (const page of pages) {
    progress(`${label(page)}:`);
    await warmUp(`${app.base}${page}`);
    const server = await measure(`${app.base}${page}`);
    const nginxFigures = nginx ? await measure(`${nginx.base}${nginx.paths.get(page)}`) : undefined;
    const { first, repeat } = weights.get(page)!;
    const ratio = nginxFigures ? server.requestsPerSecond / nginxFigures.requestsPerSecond : undefined;
    const budgetKiB = budgetFor(label(page));
    const { transfers, ...firstVisit } = first;
    results.push({
      page: label(page),
      server,
      nginx: nginxFigures,
      ratio,
      firstVisit: { ...firstVisit, gzippedByBench: transfers.filter((t) => t.gzippedByBench).map(({ path, kind }) => ({ path, kind })) },
      repeatVisit: repeat,
      budgetKiB,
      targetsMet: {
        speed:
          (ratio === undefined || ratio >= targets.nginxShare) && server.p99Ms <= targets.p99Ms && server.non2xx + server.socketErrors + server.timeouts === 0,
        firstVisit: budgetKiB === undefined ? undefined : first.bytes.total <= budgetKiB * 1024,
        repeatVisit: repeat.downloaded.every((path) => path === page),
        noAdminCode: first.adminFiles.length === 0,
      },
    });
  }
  await nginx?.stop();

  // Signed-in readers (issue 36): the same pages with a reader's session and viewer hint.
  const signedIn: SignedInFigures[] = [];
  const signedInPages = pages.filter((page) => signedInLabels.has(label(page)));
  if (signedInPages.length > 0) {
    const cookie = await signedInReaderCookie(app.base);
    for (const page of signedInPages) {
      progress(`${label(page)}, signed in:`);
      await runWrk(`${app.base}${page}`, { seconds: warmUpSeconds, connections: load.connections, headers: { Cookie: cookie } });
      progress(`  wrk -t2 -c${load.connections} -d${load.seconds}s ${app.base}${page} (signed in)`);
      const figures = await runWrk(`${app.base}${page}`, { ...load, headers: { Cookie: cookie } });
      const anonymous = results.find((result) => result.page === label(page))!.server;
      const share = figures.requestsPerSecond / anonymous.requestsPerSecond;
      signedIn.push({ page: label(page), ...figures, anonymousShare: share, targetMet: share >= targets.signedInShare });
    }
  }

  let heavy: WrkFigures | undefined;
  let pureRender: WrkFigures | undefined;
  if (articlePath) {
    progress(`${heavyLoad.connections} readers on the article page:`);
    heavy = await measure(`${app.base}${articlePath}`, heavyLoad);
    await app.stop();
    progress("pure render: the app again on the same data with PAGE_CACHE=false…");
    app = await serveBuiltApp({ dataDir, env: { PAGE_CACHE: "false" } });
    await warmUp(`${app.base}${articlePath}`);
    pureRender = await measure(`${app.base}${articlePath}`);
  } else {
    progress("no article in BENCH_PAGES: the pure-render and 200-reader runs are skipped.");
  }
  await app.stop();

  const report = {
    context,
    settings: { ...load, heavy: heavyLoad, nginx: nginx ? `${nginxBinary}, worker_processes ${nginxWorkers}` : "not installed", adminDetection: admin.source },
    targets,
    pages: results,
    signedIn,
    pureRender: pureRender && { page: "/articles/{id}", ...pureRender, targetMet: pureRender.requestsPerSecond >= targets.pureRenderPerSecond },
    heavy: heavy && {
      page: "/articles/{id}",
      ...heavy,
      targetMet: heavy.non2xx + heavy.socketErrors + heavy.timeouts === 0 && heavy.p99Ms <= targets.heavyP99Ms,
    },
  };
  if (json) console.log(JSON.stringify(report, null, 2));
  else for (const line of describe(report)) console.log(line);
}

function describe(report: {
  context: string;
  settings: { nginx: string; adminDetection: string };
  pages: PageFigures[];
  signedIn: SignedInFigures[];
  pureRender?: WrkFigures & { targetMet: boolean };
  heavy?: WrkFigures & { targetMet: boolean };
}): string[] {
  const errors = (run: WrkFigures) => `${run.non2xx + run.socketErrors}/${run.timeouts}`;
  // wrk leaves timed-out requests out of its latency distribution: with nothing else, it prints 0.
  const ms = (value: number, run: WrkFigures) => (value === 0 && run.timeouts > 0 ? "—" : value.toFixed(1));
  const latencies = (run: WrkFigures) =>
    run.p99Ms === 0 && run.timeouts > 0 ? "no answer within wrk's 2 s timeout" : `p50 ${run.p50Ms.toFixed(1)} ms, p99 ${run.p99Ms.toFixed(1)} ms`;
  const lines = [
    "",
    `Reader pages — ${report.context}`,
    `wrk -t2 -c${load.connections} -d${load.seconds}s, anonymous GETs without compression; nginx: ${report.settings.nginx}`,
    "",
    ...table([
      [
        "page",
        "req/s",
        "p50 ms",
        "p99 ms",
        "err/timeout",
        "nginx req/s",
        "nginx p99",
        "server/nginx",
        `target ≥${targets.nginxShare * 100}%, p99 ≤${targets.p99Ms} ms`,
      ],
      ...report.pages.map((row) => [
        row.page,
        String(row.server.requestsPerSecond),
        ms(row.server.p50Ms, row.server),
        ms(row.server.p99Ms, row.server),
        errors(row.server),
        row.nginx ? String(row.nginx.requestsPerSecond) : "—",
        row.nginx ? row.nginx.p99Ms.toFixed(1) : "—",
        row.ratio === undefined ? "—" : `${(row.ratio * 100).toFixed(1)}%`,
        verdict(row.targetsMet.speed),
      ]),
    ]),
    "",
  ];
  for (const run of report.signedIn) {
    lines.push(
      `Signed in (a reader's session and viewer hint), ${run.page}: ${run.requestsPerSecond} req/s, ${latencies(run)}, ` +
        `${(run.anonymousShare * 100).toFixed(0)}% of anonymous   target ≥ ${targets.signedInShare * 100}%: ${verdict(run.targetMet)}`,
    );
  }
  if (report.signedIn.length > 0) lines.push("");
  if (report.pureRender) {
    const run = report.pureRender;
    lines.push(
      `Pure render (PAGE_CACHE=false), /articles/{id}, ${run.connections} connections: ${run.requestsPerSecond} req/s, ${latencies(run)}, ` +
        `errors ${run.non2xx + run.socketErrors}, timeouts ${run.timeouts}   target ≥ ${targets.pureRenderPerSecond} req/s: ${verdict(run.targetMet)}`,
    );
  }
  if (report.heavy) {
    const run = report.heavy;
    lines.push(
      `${run.connections} readers (wrk -c${run.connections} -d${run.seconds}s), /articles/{id}: ${run.requestsPerSecond} req/s, ${latencies(run)}, ` +
        `errors ${run.non2xx + run.socketErrors}, timeouts ${run.timeouts}   target no errors or timeouts, p99 ≤ ${targets.heavyP99Ms} ms: ${verdict(run.targetMet)}`,
    );
  }
  if (report.pureRender || report.heavy) lines.push("");
  lines.push(
    "First visit, compressed KiB (HTML + same-origin CSS + JS with their static imports; images excluded), of a page others asked for before (its brotli copy):",
    ...table([
      ["page", "HTML", "CSS", "JS", "JS files", "total", "budget", "", "repeat visit", "admin code"],
      ...report.pages.map((row) => {
        const { bytes, jsFiles, adminFiles, gzippedByBench } = row.firstVisit;
        const repeat = row.repeatVisit;
        const marked = (kind: Kind) => kib(bytes[kind]) + (gzippedByBench.some((t) => t.kind === kind) ? "*" : "");
        return [
          row.page,
          marked("html"),
          marked("css"),
          marked("js"),
          String(jsFiles),
          kib(bytes.total),
          row.budgetKiB === undefined ? "—" : `≤ ${row.budgetKiB}`,
          verdict(row.targetsMet.firstVisit),
          `${kib(repeat.bytes)} KiB, ${repeat.requests} asked (${repeat.notModified}×304), ${repeat.reused} reused ${verdict(row.targetsMet.repeatVisit)}`,
          adminFiles.length === 0 ? "none" : `${adminFiles.length}: ${adminFiles.join(" ")}`,
        ];
      }),
    ]),
  );
  const gzipped = new Set(report.pages.flatMap((row) => row.firstVisit.gzippedByBench.map((t) => t.path)));
  if (gzipped.size > 0) lines.push(`* includes ${gzipped.size} responses sent uncompressed (e.g. ${[...gzipped][0]}), counted gzipped by bench`);
  lines.push(
    "err/timeout: answers ≥ 400 plus socket errors / wrk timeouts (2 s). Repeat visit: the next day with the first visit's cache " +
      "(immutable or max-age ≥ 1 day reused; others revalidated with If-None-Match / If-Modified-Since); target: only the HTML is downloaded.",
    `Admin code: files used only by admin routes, per ${report.settings.adminDetection}.`,
  );
  return lines;
}

await runBenchmark(main);
