// The school pack at scale (issue 40): a scratch embedded magazine of BENCH_ARTICLES published
// articles (default 5,000) in 20 categories, with grades, resource types and languages as lesson
// resources have them, packed as `npm run export` packs it (the built app's pages, rendered in
// process). Prints the time, the pages, the file's size and the process's peak memory (RSS and
// heap, sampled every 100 ms) beside the budget (≤ 10 minutes, memory bounded); asserts nothing.
//
//   npm run build && npm run bench:school-pack        (NODE_ENV=production: the built app's React)
//
// BENCH_ARTICLES (default 5000), BENCH_FORMATS (default "static"; "static,zim" adds the ZIM, which
// needs Debian's zim-tools).
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { levels, pickerLanguages, resourceTypes } from "#app/lib/curriculum";
import { formatCount } from "#app/lib/plural";
import { formatFileSize } from "#app/lib/resource-files";
import { pageSourceOf } from "#app/server/school-pack/page-source.server";
import { makeSchoolPack, schoolPackFormats, type SchoolPackFormat } from "#app/server/school-pack/school-pack.server";
import { aCategory, anArticle } from "#tests/factories";
import { projectRoot } from "#tests/helpers/processes";
import { startCommandServices } from "./lib/cli";
import { onCleanup, runBenchmark } from "./bench/cleanup";
import { runContext, table } from "./bench/report";
import { assertBuilt, temporaryDataDir } from "./bench/served-app";

const articleCount = Number(process.env.BENCH_ARTICLES ?? 5000);
const formats = (process.env.BENCH_FORMATS ?? "static").split(",").map((name) => name.trim()) as SchoolPackFormat[];
const budgetSeconds = 10 * 60;
const progress = (line: string) => console.error(line);

// About 600 words of Markdown, as a feature article has.
const paragraph =
  "Teachers across Zambia plan lessons for large classes with few books. Group work, local materials and short checks for understanding help every learner take part, and a scheme of work keeps the term on track.";
const body = (index: number) =>
  [`## Part one of lesson ${index}`, ...Array.from({ length: 8 }, () => paragraph), `## Part two`, ...Array.from({ length: 8 }, () => paragraph)].join("\n\n");

/** Peak resident and heap memory of this process while `work` runs, sampled every 100 ms. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakRss: number; peakHeap: number }> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, peakRss, peakHeap };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const context = runContext();
  assertBuilt();
  for (const format of formats) if (!schoolPackFormats.includes(format)) throw new Error(`BENCH_FORMATS: unknown format "${format}" (static or zim)`);
  Object.assign(process.env, {
    DATA_DIR: temporaryDataDir(),
    DATABASE_URL: "",
    SEED_DEMO: "false",
    PUBLIC_URL: "https://educator.example.org",
  });
  const { config, ...started } = await startCommandServices();
  onCleanup(() => started.stop());
  const { db } = started.services;

  progress(`filling a scratch magazine with ${formatCount(articleCount)} published articles…`);
  const categories = await Promise.all(Array.from({ length: 20 }, (_, index) => aCategory(db, { name: `Bench category ${index + 1}` })));
  const filledAt = Date.now();
  for (let index = 0; index < articleCount; index++) {
    await anArticle(db, {
      title: `Lesson idea ${index + 1}: teaching with what the school has`,
      content: body(index),
      categoryId: categories[index % categories.length]!.id,
      // Two in three are lesson resources, spread over grades, types and languages.
      level: index % 3 === 2 ? null : levels[index % levels.length]!.value,
      resourceType: index % 3 === 2 ? null : resourceTypes[index % resourceTypes.length]!.value,
      language: pickerLanguages[index % 4]!.tag,
      publishedAt: new Date(filledAt - index * 60_000),
    });
    if ((index + 1) % 1000 === 0) progress(`  ${index + 1} articles`);
  }
  await started.services.database.vacuum(); // as the server does on a schedule: fresh statistics for the pages' queries

  const build = (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild;
  const pages = pageSourceOf(build, config.PUBLIC_URL);
  const rows = [["format", "seconds", "pages", "articles", "file", "peak RSS", "peak heap", "budget"]];
  for (const format of formats) {
    progress(`making the ${format} pack…`);
    const startedAt = performance.now();
    let pagesDone = 0;
    const {
      result: pack,
      peakRss,
      peakHeap,
    } = await withPeakMemory(() =>
      makeSchoolPack({
        format,
        pages,
        clientDir: path.join(projectRoot, "build/client"),
        outDir: path.join(process.env.DATA_DIR!, "packs"),
        maxResourceBytes: 5 * 1024 * 1024,
        onProgress: ({ pagesDone: done }) => {
          pagesDone = done;
          if (done % 1000 === 0) progress(`  ${done} pages`);
        },
      }),
    );
    const seconds = (performance.now() - startedAt) / 1000;
    rows.push([
      format,
      seconds.toFixed(1),
      String(pagesDone),
      String(pack.articleCount),
      formatFileSize(pack.bytes),
      formatFileSize(peakRss),
      formatFileSize(peakHeap),
      seconds <= budgetSeconds ? "within" : "OVER",
    ]);
  }
  console.log(`\nSchool pack of ${formatCount(articleCount)} articles — ${context}`);
  for (const line of table(rows)) console.log(line);
  console.log(`budget: ≤ ${budgetSeconds / 60} minutes, memory bounded (pages are kept on disk as rendered, never all in memory).`);
}

await runBenchmark(main);
