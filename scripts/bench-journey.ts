// A teacher's journey on a phone (issue 37): from the home page to a Grade 4 reading lesson in
// Chinyanja and its PDF, in Debian's Chromium at 390 × 844 with DevTools' slow-4G profile and a
// fresh profile each run, with and without Save-Data. Counts taps, the bytes that crossed the
// network before the file (a service worker's install included: a relay in front of the app counts
// every byte it sends) and the time until the file begins.
// Prints figures beside the budgets; asserts nothing. No browser is downloaded.
//
//   npm run build && npm run bench:journey        (add -- --json for JSON on stdout)
//
// BENCH_RUNS per variant (default 3; the median run by time is reported), CHROMIUM_PATH (default
// /usr/bin/chromium).
import fs from "node:fs";
import net from "node:net";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { BenchSetupError, onCleanup, runBenchmark } from "./bench/cleanup";
import { kib, runContext, table, verdict } from "./bench/report";
import { serveBuiltApp, temporaryDataDir } from "./bench/served-app";

const json = process.argv.includes("--json");
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const progress = (line: string) => console.error(line);

/** DevTools' "Slow 4G" (Lighthouse's mobile throttling): 150 ms RTT and 1.6 Mbps, with DevTools' adjustments. */
const slow4G = { offline: false, latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const budgets = { taps: 3, kibWithSaveData: 100, kibWithout: 150, seconds: 10 };

interface Run {
  taps: number;
  bytes: number;
  connections: number;
  seconds: number;
  file: string;
}

/**
 * A loopback relay in front of the app that counts the bytes the app sends (headers and bodies, as
 * compressed on the wire) and the connections opened: the page's requests and its service
 * worker's alike, which DevTools would report apart.
 */
async function countingRelay(target: URL) {
  const seen = { bytes: 0, connections: 0 };
  const relay = net.createServer((client) => {
    seen.connections += 1;
    const upstream = net.connect(Number(target.port), target.hostname);
    upstream.on("data", (chunk: Buffer) => (seen.bytes += chunk.length));
    client.pipe(upstream).pipe(client);
    const close = () => (client.destroy(), upstream.destroy());
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => relay.close(() => resolve())));
  const { port } = relay.address() as net.AddressInfo;
  return { base: `http://127.0.0.1:${port}`, seen, reset: () => Object.assign(seen, { bytes: 0, connections: 0 }) };
}

async function journey(browser: Browser, relay: Awaited<ReturnType<typeof countingRelay>>, saveData: boolean): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    extraHTTPHeaders: saveData ? { "Save-Data": "on" } : {},
  });
  onCleanup(() => context.close());
  const page: Page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send("Network.emulateNetworkConditions", slow4G);
  relay.reset();
  let taps = 0;
  const tap = async (locator: Locator) => {
    await locator.waitFor({ state: "visible" });
    await locator.tap();
    taps += 1;
  };
  const started = performance.now();
  await page.goto(relay.base);
  await tap(page.getByRole("list", { name: "Grades" }).getByRole("link", { name: "Grade 4", exact: true }));
  await page.waitForURL(/level=grade-4/);
  await tap(page.getByRole("list", { name: "Show lessons in:" }).getByRole("link", { name: "Chinyanja" }));
  await page.waitForURL(/lang=ny/);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: /Tiwerenge/ }) });
  const download = page.waitForEvent("download");
  const before = { ...relay.seen };
  await tap(card.getByRole("link", { name: /^Download / }));
  const file = await download;
  const seconds = (performance.now() - started) / 1000;
  // Everything up to the tap on Download counts (the service worker's install too, when it ran): not the file.
  const run = { taps, bytes: before.bytes, connections: before.connections, seconds, file: file.suggestedFilename() };
  await context.close();
  return run;
}

async function main() {
  const context = runContext();
  if (!fs.existsSync(chromiumPath)) {
    throw new BenchSetupError(`Chromium is not at ${chromiumPath} (Debian: apt-get install chromium); no browser is downloaded.`);
  }
  progress("starting the built app (npm run serve) on a fresh demo magazine…");
  const app = await serveBuiltApp({ dataDir: temporaryDataDir() });
  const relay = await countingRelay(new URL(app.base));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  });
  onCleanup(() => browser.close());
  const variants = [
    { name: "Save-Data: on", saveData: true, kibBudget: budgets.kibWithSaveData },
    { name: "no Save-Data", saveData: false, kibBudget: budgets.kibWithout },
  ];
  const results = [];
  for (const variant of variants) {
    const measured: Run[] = [];
    for (let run = 1; run <= runs; run++) {
      progress(`journey, ${variant.name} (run ${run} of ${runs})`);
      measured.push(await journey(browser, relay, variant.saveData));
    }
    const median = [...measured].sort((a, b) => a.seconds - b.seconds)[Math.floor(measured.length / 2)]!;
    const met = median.taps <= budgets.taps && median.bytes / 1024 <= variant.kibBudget && median.seconds <= budgets.seconds;
    results.push({ variant: variant.name, kibBudget: variant.kibBudget, median, runs: measured, met });
  }
  await browser.close();
  await app.stop();

  const report = { context, profile: { viewport: "390x844", network: "DevTools slow 4G", ...slow4G }, budgets, results };
  if (json) return console.log(JSON.stringify(report, null, 2));
  const lines = [
    "",
    `A teacher's journey: home → Grade 4 → Chinyanja → the lesson's PDF — ${context}`,
    `Chromium at 390 × 844, slow 4G (562.5 ms latency, 1.44 Mbps down), a fresh profile per run; median of ${runs} by time`,
    "",
    ...table([
      ["variant", "taps", "KiB before the file", "connections", "seconds", "file", "budget"],
      ...results.map(({ variant, kibBudget, median, met }) => [
        variant,
        String(median.taps),
        `${kib(median.bytes)} (≤ ${kibBudget})`,
        String(median.connections),
        median.seconds.toFixed(1),
        median.file,
        verdict(met),
      ]),
    ]),
    "",
    `budgets: ≤ ${budgets.taps} taps, ≤ ${budgets.kibWithSaveData} KiB with Save-Data and ≤ ${budgets.kibWithout} KiB without, ≤ ${budgets.seconds} s.`,
  ];
  for (const line of lines) console.log(line);
}

await runBenchmark(main);
