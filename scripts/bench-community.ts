// Ask Kafundisha at scale: fills a scratch PostgreSQL database with 100,000 published questions and
// 1,000,000 answers (scripts/bench/community-data.ts), then measures what the community's pages
// read, with no page cache: in process, the loaders' server functions (the list with its overview
// and first two pages, searches with and without a category, a question page with 50 answers and a
// signed-in teacher's votes), then over HTTP the same pages as the built app renders them
// (`npm run serve` with PAGE_CACHE=false), one request after another. Prints p50/p95/p99 beside the
// target (p99 ≤ 50 ms); asserts nothing. The scratch database is dropped at the end.
//
//   npm run build && npm run bench:community
//
// BENCH_DATABASES (default "postgres"; "embedded" runs on PGlite), BENCH_DATABASE_URL (a PostgreSQL
// server to create the scratch database on; default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_QUESTIONS / BENCH_ANSWERS (default 100,000 / 1,000,000; 10,000 / 100,000 on the embedded
// database), BENCH_RUNS (timed runs per measure after 10 warm-ups, default 200), BENCH_HTTP
// (default true; false measures in process only and needs no build).
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { firstPage, provideCursorSecret } from "#app/server/db/keyset.server";
import { communityFigures, findQuestionPage, searchQuestions, votesOf } from "#app/server/community/community.server";
import { questionPath } from "#app/lib/community";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { onCleanup, runBenchmark } from "./bench/cleanup";
import { answersOnTheQuestion, checkCommunity, generateCommunity, sampleSearches, type CommunitySizes } from "./bench/community-data";
import { createBenchDatabase } from "./bench/databases";
import { getPage } from "./bench/http";
import { runContext, table, verdict } from "./bench/report";
import { assertBuilt, serveBuiltApp } from "./bench/served-app";
import { percentiles, timedRuns, type Percentiles } from "./bench/server";

const targets = (process.env.BENCH_DATABASES ?? "postgres").split(",").map((name) => name.trim());
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const runs = Number(process.env.BENCH_RUNS ?? 200);
const warmUps = 10;
const overHttp = process.env.BENCH_HTTP !== "false";
/** The issue's target: each page's p99, rendered without the cache. */
const targetP99Ms = 50;
const defaultSizes = { postgres: { questions: 100_000, answers: 1_000_000 }, embedded: { questions: 10_000, answers: 100_000 } };

const progress = (line: string) => console.error(line);

function sizesFor(target: "postgres" | "embedded"): CommunitySizes {
  const questions = Number(process.env.BENCH_QUESTIONS ?? defaultSizes[target].questions);
  const answers = Number(process.env.BENCH_ANSWERS ?? defaultSizes[target].answers);
  return { questions, answers, users: Math.max(100, Math.round(questions / 20)) };
}

function secondsSince(start: number) {
  return Math.round((performance.now() - start) / 100) / 10;
}

type Figures = Percentiles & { p99: number };

/** scripts/bench/server.ts's percentiles, and the 99th the same way. */
function figuresOf(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  return { ...percentiles(samples), p99: Math.round(sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))]! * 10) / 10 };
}

const timeRuns = async (run: () => Promise<unknown>): Promise<Figures> => figuresOf(await timedRuns(run, { warmUps, runs }));

interface Measure {
  name: string;
  /** A page's whole read (held to the target), or one part of it (shown to tell where the time goes). */
  page: boolean;
  figures: Figures;
}

/** The loaders' reads, as app/routes/site/ask-kafundisha.tsx and ask-question.tsx make them, in this process. */
async function measureInProcess(db: AppDb, question: { id: string }, voterId: string): Promise<Measure[]> {
  const measures: Measure[] = [];
  const measure = async (name: string, page: boolean, run: () => Promise<unknown>) => {
    progress(`  ${name}`);
    measures.push({ name, page, figures: await timeRuns(run) });
  };
  const { words, common, category } = sampleSearches;
  const secondPage = { after: (await searchQuestions(db, {}, firstPage)).next, before: null };
  const listPage = (params: { q?: string; category?: string; show?: "unanswered" | "popular" }, page = firstPage) =>
    Promise.all([communityFigures(db), searchQuestions(db, params, page)]);

  await measure("list, page 1: figures + newest 12", true, () => listPage({}));
  await measure("list, page 2 (keyset cursor)", true, () => listPage({}, secondPage));
  await measure("list, Unanswered tab", true, () => listPage({ show: "unanswered" }));
  await measure("list, Popular tab", true, () => listPage({ show: "popular" }));
  await measure(`search "${words}"`, true, () => listPage({ q: words }));
  await measure(`search "${words}" in ${category}`, true, () => listPage({ q: words, category }));
  await measure(`search "${common}" (in most questions)`, true, () => listPage({ q: common }));
  await measure(`question page, ${answersOnTheQuestion} answers + the reader's votes`, true, async () => {
    await findQuestionPage(db, question.id);
    await votesOf(db, question.id, voterId);
  });
  await measure("  communityFigures", false, () => communityFigures(db));
  await measure("  searchQuestions, newest 12", false, () => searchQuestions(db, {}, firstPage));
  await measure("  searchQuestions, page 2", false, () => searchQuestions(db, {}, secondPage));
  await measure(`  searchQuestions "${words}"`, false, () => searchQuestions(db, { q: words }));
  await measure(`  searchQuestions "${words}" in ${category}`, false, () => searchQuestions(db, { q: words, category }));
  await measure(`  searchQuestions "${common}"`, false, () => searchQuestions(db, { q: common }));
  await measure("  findQuestionPage", false, () => findQuestionPage(db, question.id));
  await measure("  votesOf", false, () => votesOf(db, question.id, voterId));
  return measures;
}

/** One anonymous GET, the body read to its end; throws unless 200 (a redirect would time another page). */
async function timedGet(url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - start;
}

/** The pages over HTTP as an anonymous reader asks for them (Accept-Encoding: gzip, deflate, br, as fetch sends). */
async function measureOverHttp(base: string, question: { id: string; slug: string }): Promise<Measure[]> {
  const { words, common, category } = sampleSearches;
  const search = (params: Record<string, string>) => `/ask-kafundisha?${new URLSearchParams(params).toString()}`;
  const nextLink = /href="(\/ask-kafundisha\?[^"#]*after=[^"#]*)/.exec(await getPage(`${base}/ask-kafundisha`))?.[1]?.replaceAll("&amp;", "&");
  const pages: [string, string | undefined][] = [
    ["GET /ask-kafundisha", "/ask-kafundisha"],
    ["GET /ask-kafundisha?after=… (page 2)", nextLink],
    [`GET /ask-kafundisha?q=${words}`, search({ q: words })],
    [`GET /ask-kafundisha?q=${words}&category=${category}`, search({ q: words, category })],
    [`GET /ask-kafundisha?q=${common}`, search({ q: common })],
    [`GET /ask-kafundisha/{id}-{slug} (${answersOnTheQuestion} answers)`, questionPath(question)],
  ];
  const measures: Measure[] = [];
  for (const [name, page] of pages) {
    if (!page) {
      progress(`  ${name}: the first page links to no next page; skipped`);
      continue;
    }
    progress(`  ${name}`);
    measures.push({ name, page: true, figures: await timeRuns(() => timedGet(`${base}${page}`)) });
  }
  return measures;
}

/** The scratch database's address: the PostgreSQL server's, with the database's name. */
async function scratchUrl(db: AppDb): Promise<string> {
  const [scratch] = await selectRows<{ name: string }>(db, sql`select current_database() as name`);
  const url = new URL(postgresUrl);
  url.pathname = `/${scratch!.name}`;
  return url.toString();
}

interface TargetReport {
  lines: string[];
  inProcess: Measure[];
  http: Measure[];
}

async function benchmark(target: "postgres" | "embedded"): Promise<TargetReport> {
  const sizes = sizesFor(target);
  const bench = await createBenchDatabase(target === "postgres" ? postgresUrl : undefined);
  const dropDatabase = onCleanup(() => bench.cleanup()); // also on Ctrl-C
  const lines: string[] = [];
  const say = (line: string) => (progress(`[${target}] ${line}`), lines.push(line));
  try {
    const database = await bench.open();
    await database.migrate();

    const fill = performance.now();
    const filled = await generateCommunity(database.db, sizes, new Date(), (done) => progress(`[${target}]   ${done} (${secondsSince(fill)} s)`));
    const fillSeconds = secondsSince(fill);
    const vacuum = performance.now();
    await database.vacuum();
    const check = await checkCommunity(database.db, filled.question.id);
    say(
      `${check.questions.toLocaleString("en-US")} published questions, ${check.answers.toLocaleString("en-US")} published answers, ` +
        `${filled.votes.toLocaleString("en-US")} votes, ${sizes.users.toLocaleString("en-US")} teachers, ${filled.accepted.toLocaleString("en-US")} accepted answers`,
    );
    say(`filled in ${fillSeconds} s (set-based INSERT … SELECT, triggers off), VACUUM (ANALYZE) ${secondsSince(vacuum)} s`);
    say(
      `answer_count = published answers on every question: ${check.countMismatches === 0 ? "yes" : `NO, ${check.countMismatches} differ`}; ` +
        `the question page's question has ${check.onTheQuestion} answers`,
    );
    const [size] = await selectRows<{ questions: string; answers: string; votes: string }>(
      database.db,
      sql`select pg_size_pretty(pg_total_relation_size('community_questions')) as questions, pg_size_pretty(pg_total_relation_size('community_answers')) as answers,
                 pg_size_pretty(pg_total_relation_size('community_votes')) as votes`,
    );
    say(`on disk with indexes: questions ${size!.questions}, answers ${size!.answers}, votes ${size!.votes}`);

    progress(`[${target}] in process, ${warmUps} warm-ups then ${runs} runs each:`);
    const inProcess = await measureInProcess(database.db, filled.question, filled.voterId);

    let http: Measure[] = [];
    if (overHttp) {
      const databaseUrl = target === "postgres" ? await scratchUrl(database.db) : undefined;
      await database.close(); // the embedded database has one user at a time: the server is next
      progress(`[${target}] over HTTP (npm run serve, PAGE_CACHE=false), ${warmUps} warm-ups then ${runs} requests each:`);
      const app = await serveBuiltApp({ dataDir: bench.dataDir, databaseUrl, env: { SEED_DEMO: "false", PAGE_CACHE: "false" } });
      try {
        http = await measureOverHttp(app.base, filled.question);
      } finally {
        await app.stop();
      }
    }
    return { lines, inProcess, http };
  } finally {
    await dropDatabase();
  }
}

function describe(report: TargetReport): string[] {
  const rows = (measures: Measure[]) =>
    measures.map(({ name, page, figures }) => [
      name,
      figures.p50.toFixed(1),
      figures.p95.toFixed(1),
      figures.p99.toFixed(1),
      figures.max.toFixed(1),
      page ? verdict(figures.p99 <= targetP99Ms) : "",
    ]);
  const header = ["", "p50 ms", "p95 ms", "p99 ms", "max ms", `p99 ≤ ${targetP99Ms} ms`];
  const lines = [
    ...report.lines,
    "",
    `In process (the loaders' server functions; indented: one part alone), ${runs} runs each:`,
    ...table([header, ...rows(report.inProcess)]),
  ];
  if (report.http.length > 0) {
    lines.push(
      "",
      `Over HTTP (npm run serve, PAGE_CACHE=false, anonymous, one request at a time), ${runs} requests each:`,
      ...table([header, ...rows(report.http)]),
    );
  } else if (!overHttp) {
    lines.push("", "Over HTTP: skipped (BENCH_HTTP=false).");
  }
  return lines;
}

async function main() {
  const context = runContext(); // before our own load counts in the load average
  if (overHttp) assertBuilt(); // now rather than after the fill
  provideCursorSecret(crypto.randomBytes(32).toString("base64url")); // list cursors, as the server's start does
  const results = new Map<string, TargetReport>();
  for (const target of targets) {
    if (target !== "embedded" && target !== "postgres") throw new Error(`BENCH_DATABASES: unknown database "${target}" (embedded or postgres)`);
    results.set(target, await benchmark(target));
  }
  console.log(`\n==== Ask Kafundisha benchmark — ${context} ====`);
  for (const [target, report] of results) {
    console.log(`\n${target === "embedded" ? "Embedded (PGlite)" : `PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, "//")})`}`);
    for (const line of describe(report)) console.log(line ? `  ${line}` : "");
  }
}

await runBenchmark(main);
