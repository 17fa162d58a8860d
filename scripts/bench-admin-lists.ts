// The admin lists at scale: fills a scratch PostgreSQL database with 100,000 articles (200 categories,
// 2,000 writers on their bylines, every status, language and level), 200,000 comments and 20,000
// users, then times what the Articles, Comments and Users screens read, in process, with the
// loaders' own server functions: each first page with its total, a deep keyset page, each filter,
// the title search, each order, "My Articles", and a bigger page, on the schema the migrations make
// (0052 added the orders' indexes). Prints the median and p95 beside the target (p95 ≤ 50 ms);
// asserts nothing. The scratch database is dropped at the end.
//
//   npm run bench:admin-lists
//
// TEST_DATABASE_URL or DATABASE_URL (a PostgreSQL server to create the scratch database on; default
// postgres://postgres@127.0.0.1:5432/test), BENCH_ARTICLES (default 100,000), BENCH_RUNS (timed runs
// per measure after 5 warm-ups, default 50).
import crypto from "node:crypto";
import { count, eq, sql, type SQL } from "drizzle-orm";
import { articles, categories } from "#database/schema";
import { firstPage, provideCursorSecret, type PageRequest } from "#app/server/db/keyset.server";
import { listAdminArticles } from "#app/server/articles/admin-articles.server";
import { listComments } from "#app/server/comments/comments.server";
import { listProfiles } from "#app/server/users/users.server";
import { adminArticleFilterOf, type AdminArticleFilter } from "#app/lib/admin-article-filter";
import { formatCount } from "#app/lib/plural";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { onCleanup, runBenchmark } from "./bench/cleanup";
import { createBenchDatabase } from "./bench/databases";
import { runContext, table, verdict } from "./bench/report";
import { percentiles, timedRuns, type Percentiles } from "./bench/server";

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const articleCount = Number(process.env.BENCH_ARTICLES ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 50);
const warmUps = 5;
/** The issue's target for a list's read: its p95. */
const targetMs = 50;
const categoryCount = 200;
const writerCount = 2_000;
const userCount = 20_000;
const commentCount = 2 * articleCount;

const progress = (line: string) => console.error(line);

/** A statement with change triggers and foreign-key checks off (`session_replication_role`), as a restore runs. */
async function bulk(db: AppDb, statement: SQL) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(statement);
  });
}

/** A deterministic uuid for the n-th row of a kind, so rows can name each other without a lookup. */
const benchId = (kind: number, n: SQL) => sql`(lpad(to_hex(${kind}::int), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;

const titleWords = sql`array['fractions', 'reading', 'phonics', 'large classes', 'lesson plans', 'exam preparation', 'science experiments', 'local languages',
  'school gardens', 'climate change', 'coding', 'map reading', 'handwriting', 'public speaking', 'teacher wellbeing', 'continuous assessment']`;

/** Fills the migrated, empty database; each table in one set-based statement. */
async function fill(db: AppDb) {
  const at = sql`now()`;
  await bulk(
    db,
    sql`insert into categories (id, name, slug, description, created_at)
        select ${benchId(1, sql`c`)}, 'Category ' || lpad(c::text, 3, '0'), 'category-' || c, 'Articles about topic ' || c, ${at} - interval '500 days'
        from generate_series(1, ${categoryCount}::int) c`,
  );
  await bulk(
    db,
    sql`with added as (
          insert into users (id, email, password_hash, email_verified_at, created_at)
          select ${benchId(2, sql`u`)}, 'user-' || u || '@bench.example', 'no sign-in', ${at}, ${at} - (u || ' minutes')::interval
          from generate_series(1, ${userCount}::int) u
          returning 1)
        insert into profiles (id, display_name, role, bio, created_at, updated_at)
        select ${benchId(2, sql`u`)}, 'Teacher ' || u,
               case when u <= 5 then 'admin' when u <= 50 then 'editor' when u <= ${writerCount}::int then (array['author', 'contributor'])[1 + u % 2] else 'user' end,
               case when u % 4 = 0 then 'Teaches grade ' || (1 + u % 12) || ' in district ' || (u % 70) end,
               ${at} - (u || ' minutes')::interval, ${at} - (u || ' minutes')::interval
        from generate_series(1, ${userCount}::int) u`,
  );
  progress(`  ${formatCount(userCount)} users (${formatCount(writerCount)} staff)`);
  const chunk = 25_000;
  for (let start = 1; start <= articleCount; start += chunk) {
    const end = Math.min(articleCount, start + chunk - 1);
    // Mostly published, some drafts, a few waiting or scheduled; a third in Chinyanja or Bemba, a fifth with a level.
    await bulk(
      db,
      sql`with picked as (
            select n, (array['published', 'published', 'published', 'published', 'published', 'published', 'draft', 'draft', 'pending', 'scheduled'])[1 + n % 10] as status,
                   ${at} - (n || ' minutes')::interval - random() * interval '30 days' as created_at,
                   ${titleWords} as words
            from generate_series(${start}::int, ${end}::int) n)
          insert into articles (id, title, excerpt, content, content_html, read_time_minutes, category_id, status, scheduled_at, author_id, slug,
                                published_at, created_at, updated_at, views, language, level)
          select ${benchId(3, sql`n`)},
                 'Teaching ' || words[1 + n % 16] || ' with ' || words[1 + (n / 16) % 16] || ' ' || n,
                 'How a teacher handles ' || words[1 + n % 16] || '.',
                 'Plain words about ' || words[1 + n % 16] || '.', '<p>Plain words.</p>', 1,
                 ${benchId(1, sql`1 + n % ${categoryCount}::int`)}, status,
                 case when status = 'scheduled' then ${at} + interval '3 days' end,
                 ${benchId(2, sql`1 + n % ${writerCount}::int`)}, 'article-' || n,
                 case when status = 'published' then created_at end, created_at, created_at + random() * interval '10 days',
                 floor(power(random(), 3) * 20000)::int,
                 (array['en', 'en', 'en', 'en', 'ny', 'bem'])[1 + n % 6],
                 case when n % 5 = 0 then (array['grade-1', 'grade-4', 'grade-7', 'grade-10', 'grade-12'])[1 + (n / 5) % 5] end
          from picked`,
    );
    progress(`  ${formatCount(end)} articles`);
  }
  await bulk(
    db,
    sql`insert into article_authors (article_id, position, user_id)
        select ${benchId(3, sql`n`)}, 0, ${benchId(2, sql`1 + n % ${writerCount}::int`)} from generate_series(1, ${articleCount}::int) n`,
  );
  await bulk(
    db,
    sql`insert into comments (id, content, status, user_id, author_name, article_id, created_at)
        select ${benchId(4, sql`k`)}, 'A comment on ' || (${titleWords})[1 + k % 16] || ' number ' || k, (array['approved', 'approved', 'pending', 'rejected'])[1 + k % 4],
               ${benchId(2, sql`1 + k % ${userCount}::int`)}, 'Teacher ' || (1 + k % ${userCount}::int),
               ${benchId(3, sql`1 + (k * 7919) % ${articleCount}::int`)}, now() - (k || ' seconds')::interval
        from generate_series(1, ${commentCount}::int) k`,
  );
  progress(`  ${formatCount(commentCount)} comments`);
}

const timeRuns = async (run: () => Promise<unknown>): Promise<Percentiles> => percentiles(await timedRuns(run, { warmUps, runs }));

/** The page request `steps` pages of `size` in: the cursor a reader paging on would hold. */
async function deepPage(db: AppDb, steps: number, size: number): Promise<PageRequest> {
  let page: PageRequest = { ...firstPage, size };
  for (let step = 0; step < steps; step++) {
    const read = await listAdminArticles(db, page);
    if (!read.next) break;
    page = { after: read.next, before: null, size };
  }
  return page;
}

const filterOf = (query: string): AdminArticleFilter => adminArticleFilterOf(new URLSearchParams(query));

async function measure(db: AppDb) {
  const rows: string[][] = [];
  const names: string[] = [];
  const time = async (name: string, run: () => Promise<unknown>) => {
    progress(`  ${name}`);
    const figures = await timeRuns(run);
    rows.push([figures.p50.toFixed(1), figures.p95.toFixed(1), verdict(figures.p95 <= targetMs)]);
    names.push(name);
  };
  const writer = (await selectRows<{ id: string }>(db, sql`select ${benchId(2, sql`77`)}::text as id`))[0]!.id;
  const category = "category-17";
  const deep = await deepPage(db, Math.floor(articleCount / 2 / 100), 100);
  const list = (query: string, page: PageRequest = firstPage, writerId: string | null = null) => listAdminArticles(db, page, writerId, filterOf(query));

  await time("Articles: first page + total (newest created)", () => list(""));
  await time(`Articles: a deep page (row ~${formatCount(articleCount / 2)}, keyset) + total`, () => list("", { ...deep, size: 12 }));
  await time("Articles: 100 a page + total", () => list("", { ...firstPage, size: 100 }));
  await time("Articles: total alone", () => db.select({ total: count() }).from(articles).innerJoin(categories, eq(categories.id, articles.categoryId)));
  for (const query of ["status=draft", "status=pending", `category=${category}`, `author=user:${writer}`, "lang=ny", "level=grade-7"]) {
    await time(`Articles: ${query}`, () => list(query));
  }
  await time("Articles: status=published & lang=bem & level=grade-4", () => list("status=published&lang=bem&level=grade-4"));
  await time('Articles: search "fractions"', () => list("q=fractions"));
  await time('Articles: search "phonics with coding 4"', () => list("q=phonics+with+coding+4"));
  await time('Articles: search "nothing like this"', () => list("q=nothing+like+this"));
  for (const sort of ["updated", "title", "views"]) await time(`Articles: sort=${sort}`, () => list(`sort=${sort}`));
  await time("Articles: sort=title & status=draft", () => list("sort=title&status=draft"));
  await time("My Articles (an author's, ~50 of them)", () => list("", firstPage, writer));

  await time("Comments: first page + total", () => listComments(db, { q: "", status: "all", article: null }, firstPage));
  await time("Comments: status=pending", () => listComments(db, { q: "", status: "pending", article: null }, firstPage));
  await time('Comments: search "phonics"', () => listComments(db, { q: "phonics", status: "all", article: null }, firstPage));
  await time("Users: first page + total", () => listProfiles(db, { q: "", role: "all" }, firstPage));
  await time("Users: role=editor", () => listProfiles(db, { q: "", role: "editor" }, firstPage));
  await time('Users: search "teacher 1234"', () => listProfiles(db, { q: "teacher 1234", role: "all" }, firstPage));
  return { names, rows };
}

async function main() {
  const context = runContext();
  provideCursorSecret(crypto.randomBytes(32).toString("base64url")); // list cursors, as the server's start does
  const bench = await createBenchDatabase(serverUrl);
  const dropDatabase = onCleanup(() => bench.cleanup()); // also on Ctrl-C
  let figures: Awaited<ReturnType<typeof measure>>;
  try {
    const database = await bench.open();
    await database.migrate();
    const started = performance.now();
    progress(`filling a scratch database on ${serverUrl.replace(/\/\/[^@]*@/, "//")}:`);
    await fill(database.db);
    await database.vacuum();
    progress(`filled and analysed in ${Math.round((performance.now() - started) / 100) / 10} s; ${warmUps} warm-ups then ${runs} runs each:`);
    figures = await measure(database.db);
  } finally {
    await dropDatabase();
  }
  console.log(`\n==== Admin lists benchmark — ${context} ====`);
  console.log(
    `${formatCount(articleCount)} articles (${categoryCount} categories, ${formatCount(writerCount)} writers), ${formatCount(commentCount)} comments, ${formatCount(userCount)} users; PostgreSQL, in process, ${runs} runs each\n`,
  );
  const header = ["", "median ms", "p95 ms", `p95 ≤ ${targetMs} ms`];
  const lines = figures.names.map((name, index) => [name, ...figures.rows[index]!]);
  for (const line of table([header, ...lines])) console.log(`  ${line}`);
}

await runBenchmark(main);
