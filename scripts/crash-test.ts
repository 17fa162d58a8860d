// kill -9 in the middle of writes. The built server, on a temporary DATA_DIR, is written to over HTTP
// by a signed-in admin (new articles with tags, and edits of one article per writer), killed with
// SIGKILL at a random moment while the writes go on, and started again: 20 rounds, every other one as
// PID 1 of its own PID namespace (`unshare --pid --fork --mount-proc`, as in a container; needs root).
// After each restart, every write the server acknowledged (its 302) must be there, and no restart may
// be refused. At the end the server is stopped and the data folder opened directly: every article
// must have its tags and a revision, and every article's content must be its latest revision's (a
// save is one transaction, so a crash never leaves half of one).
// Usage: npm run build && npm run test:crash [-- --rounds 20] [-- --writers 4]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openEmbeddedDatabase } from "#app/server/db/database.server";
import { selectRows } from "#app/server/db/types.server";
import { sql } from "drizzle-orm";
import { freePort } from "#tests/helpers/processes";
import { CookieJar } from "#tests/helpers/cookie-jar";
import { runBenchmark } from "./bench/cleanup";
import { startChild, type Child } from "./bench/processes";
import { assertBuilt, temporaryDataDir } from "./bench/served-app";

const root = path.resolve(import.meta.dirname, "..");

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

const rounds = option("--rounds", 20);
const writers = option("--writers", 4);
const owner = { email: "crash-owner@example.com", password: "crash-test-owner-password" };
const lockedText = "is in use by another process";
// A PID namespace needs root (or CAP_SYS_ADMIN); without one, every round runs as an ordinary process.
const canUnshare = spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"]).status === 0;

interface Server {
  base: string;
  child: Child;
  /** The node process itself (under unshare, the child of `unshare`). */
  pid: number;
  /** Its pid inside its own PID namespace (1 under unshare). */
  innerPid: number;
}

interface Figures {
  acknowledgedCreates: number;
  acknowledgedEdits: number;
  lost: string[];
  refusedRestarts: number;
  pid1Rounds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function childPidOf(pid: number): number | undefined {
  try {
    const [first] = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/);
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}

function namespacePid(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("NSpid:"));
  return Number(line?.trim().split(/\s+/).at(-1));
}

/** Starts the built server on `dataDir`; the line it printed when it refused to start because the folder is locked. */
async function startServer(dataDir: string, asPid1: boolean): Promise<Server | string> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    OWNER_EMAIL: owner.email,
    OWNER_PASSWORD: owner.password,
  };
  const node = [process.execPath, "build/node/index.js"];
  const child = asPid1
    ? startChild("unshare", ["--pid", "--fork", "--mount-proc", ...node], { cwd: root, env })
    : startChild(node[0]!, node.slice(1), { cwd: root, env });
  let exited = false;
  void child.exited.then(() => (exited = true));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) {
      const refusal = child
        .output()
        .split("\n")
        .find((line) => line.includes(lockedText));
      if (refusal) return refusal;
      throw new Error(`the server exited while starting; it printed:\n${child.output()}`);
    }
    try {
      if ((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start in 90 s; it printed:\n${child.output()}`);
    await sleep(100);
  }
  const pid = asPid1 ? childPidOf(child.process.pid!) : child.process.pid;
  if (!pid) throw new Error("could not find the server's process under unshare");
  return { base, child, pid, innerPid: namespacePid(pid) };
}

async function post(server: Server, jar: CookieJar, pathname: string, fields: Record<string, string>) {
  const response = await fetch(`${server.base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.base, "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams(fields),
  });
  jar.store(response);
  await response.arrayBuffer();
  return response;
}

async function getPage(server: Server, jar: CookieJar, pathname: string): Promise<string> {
  const response = await fetch(`${server.base}${pathname}`, { headers: { Cookie: jar.header() } });
  if (!response.ok) throw new Error(`GET ${pathname} answered ${response.status}`);
  return response.text();
}

const decode = (html: string) =>
  html.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");

/** Title → id of every article the admin list shows, newest first, until `enough` says stop. */
async function listArticles(server: Server, jar: CookieJar, enough: (seen: Map<string, string>) => boolean) {
  const seen = new Map<string, string>();
  let pathname: string | null = "/admin/articles";
  while (pathname && !enough(seen)) {
    const html = await getPage(server, jar, pathname);
    // Each row's id (shortened on screen, whole in data-full-id) and its copy button, named after the title.
    for (const [, id, title] of html.matchAll(/data-full-id="([0-9a-f-]{36})"[^]*?aria-label="Copy ID of ([^"]*)"/g)) seen.set(decode(title!), id!);
    const next = /href="([^"]*[?&](?:amp;)?after=[^"]*)"/.exec(html);
    pathname = next ? decode(next[1]!) : null;
  }
  return seen;
}

function articleFields(categoryId: string, title: string, content: string, tags: string) {
  return { title, content, categoryId, tags, status: "published", excerpt: "", featuredImageUrl: "", featuredImageAlt: "", scheduledAt: "" };
}

interface Setup {
  jar: CookieJar;
  categoryId: string;
  /** The article each writer edits, by writer. */
  counters: string[];
}

async function setUp(server: Server): Promise<Setup> {
  const jar = new CookieJar();
  const signIn = await post(server, jar, "/auth", { intent: "sign-in", email: owner.email, password: owner.password });
  if (signIn.status !== 302) throw new Error(`sign-in answered ${signIn.status}`);
  const category = await post(server, jar, "/admin/categories", { intent: "save", name: "Crash test", slug: "crash-test" });
  if (category.status >= 400) throw new Error(`creating the category answered ${category.status}`);
  const form = await getPage(server, jar, "/admin/articles/new");
  const categoryId = /<option value="([0-9a-f-]{36})"[^>]*>Crash test<\/option>/.exec(form)?.[1];
  if (!categoryId) throw new Error("the new category is not offered on the article form");
  for (let writer = 0; writer < writers; writer++) {
    const created = await post(server, jar, "/admin/articles/new", articleFields(categoryId, `Counter w${writer}`, `Counter w${writer} version 0`, "crash"));
    if (created.status !== 302) throw new Error(`creating a counter article answered ${created.status}`);
  }
  const listed = await listArticles(server, jar, (seen) => seen.size >= writers);
  const counters = Array.from({ length: writers }, (_, writer) => listed.get(`Counter w${writer}`)!);
  if (counters.some((id) => !id)) throw new Error("the counter articles are not on the admin list");
  return { jar, categoryId, counters };
}

interface RoundWrites {
  round: number;
  created: string[];
  /** The last acknowledged version of each writer's counter article. */
  edited: number[];
  edits: number;
}

/** Writes until the server is killed: each writer alternates a new article and an edit of its own counter article. */
async function writeAndKill(server: Server, setup: Setup, round: number, versions: number[]): Promise<RoundWrites> {
  const writes: RoundWrites = { round, created: [], edited: [...versions], edits: 0 };
  let killed = false;
  const writer = async (index: number) => {
    for (let n = 0; !killed; n++) {
      try {
        const title = `Crash r${round} w${index} n${n}`;
        const created = await post(
          server,
          setup.jar,
          "/admin/articles/new",
          articleFields(setup.categoryId, title, `${title}\n\nBody.`, `crash, round-${round}`),
        );
        if (created.status === 302) writes.created.push(title);
        else throw new Error(`a new article answered ${created.status}`);
        const version = writes.edited[index]! + 1;
        const content = `Counter w${index} version ${version}`;
        const edited = await post(
          server,
          setup.jar,
          `/admin/articles/${setup.counters[index]}`,
          articleFields(setup.categoryId, `Counter w${index}`, content, `crash, w${index}-v${version}`),
        );
        if (edited.status === 302) {
          writes.edited[index] = version;
          writes.edits++;
        } else throw new Error(`an edit answered ${edited.status}`);
      } catch (error) {
        if (!killed) throw error;
      }
    }
  };
  const running = Array.from({ length: writers }, (_, index) => writer(index));
  const failed = Promise.race(running).then(() => undefined);
  while (writes.created.length < 5) await Promise.race([sleep(10), failed]);
  await sleep(Math.random() * 1000);
  killed = true;
  process.kill(server.pid, "SIGKILL");
  await Promise.all(running);
  await server.child.exited;
  return writes;
}

/** What of the round's acknowledged writes the restarted server does not have. */
async function missingAfterRestart(server: Server, setup: Setup, writes: RoundWrites): Promise<string[]> {
  const wanted = new Set(writes.created);
  const listed = await listArticles(server, setup.jar, (seen) => [...wanted].every((title) => seen.has(title)));
  const missing = writes.created.filter((title) => !listed.has(title));
  for (const [index, id] of setup.counters.entries()) {
    const html = await getPage(server, setup.jar, `/admin/articles/${id}`);
    const stored = Number(/name="content"[^>]*>Counter w\d+ version (\d+)</.exec(html)?.[1] ?? -1);
    if (stored < writes.edited[index]!)
      missing.push(`round ${writes.round}: Counter w${index} is at version ${stored}, ${writes.edited[index]} was acknowledged`);
  }
  return missing;
}

/** Saves left half-made, read from the data folder directly (the server stopped): articles without a revision or without their tags, content not its latest revision's. */
async function halfWrittenSaves(dataDir: string): Promise<string[]> {
  const database = await openEmbeddedDatabase({ dataDir: path.join(dataDir, "pgdata") });
  try {
    const rows = await selectRows<{ title: string; problem: string }>(
      database.db,
      sql`select a.title, case
            when not exists (select 1 from article_revisions r where r.article_id = a.id) then 'no revision'
            when not exists (select 1 from article_tags t join tags g on g.id = t.tag_id where t.article_id = a.id and g.slug = 'crash') then 'no tags'
            else 'content is not its latest revision''s' end as problem
          from articles a
          where not exists (select 1 from article_revisions r where r.article_id = a.id)
             or not exists (select 1 from article_tags t join tags g on g.id = t.tag_id where t.article_id = a.id and g.slug = 'crash')
             or a.content is distinct from (select r.content from article_revisions r where r.article_id = a.id order by r.created_at desc, r.id desc limit 1)`,
    );
    return rows.map((row) => `${row.title}: ${row.problem}`);
  } finally {
    await database.close();
  }
}

/** Starts the server after a kill; a refusal is counted and tried again after a second, five times at most (then null). */
async function restart(dataDir: string, asPid1: boolean, figures: Figures): Promise<Server | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const server = await startServer(dataDir, asPid1);
    if (typeof server !== "string") return server;
    figures.refusedRestarts++;
    console.log(`  restart refused: ${server}`);
    await sleep(1000);
  }
  return null;
}

async function main() {
  assertBuilt();
  if (!canUnshare) console.log("No PID namespace here (unshare needs root): every round runs as an ordinary process.");
  const dataDir = temporaryDataDir();
  const figures: Figures = { acknowledgedCreates: 0, acknowledgedEdits: 0, lost: [], refusedRestarts: 0, pid1Rounds: 0 };
  let server = await restart(dataDir, false, figures);
  if (!server) throw new Error("the first start was refused");
  const setup = await setUp(server);
  let versions: number[] = new Array(writers).fill(0);
  let round = 1;
  for (; round <= rounds; round++) {
    const killed = server.innerPid === 1 ? "PID 1 of its own namespace" : "an ordinary process";
    if (server.innerPid === 1) figures.pid1Rounds++;
    const writes = await writeAndKill(server, setup, round, versions);
    versions = writes.edited;
    figures.acknowledgedCreates += writes.created.length;
    figures.acknowledgedEdits += writes.edits;
    const restarted = await restart(dataDir, canUnshare && round % 2 === 1 && round < rounds, figures); // rounds 2, 4, … run as PID 1
    if (!restarted) {
      console.log(`round ${String(round).padStart(2)}: the server could not be started again; stopping here.`);
      break;
    }
    server = restarted;
    const missing = await missingAfterRestart(server, setup, writes);
    figures.lost.push(...missing);
    console.log(
      `round ${String(round).padStart(2)}: killed ${killed} after ${writes.created.length} new articles and ${writes.edits} edits acknowledged; restarted, ${missing.length} lost`,
    );
  }
  const finished = round > rounds;
  await server.child.stop();
  // Still locked when the server could not start again: what is in the folder cannot be read either.
  const halfWritten = finished ? await halfWrittenSaves(dataDir) : [];

  console.log("");
  console.log(`rounds: ${Math.min(round, rounds)} of ${rounds} (${figures.pid1Rounds} as PID 1 in its own PID namespace)`);
  console.log(
    `acknowledged writes: ${figures.acknowledgedCreates + figures.acknowledgedEdits} (${figures.acknowledgedCreates} new articles, ${figures.acknowledgedEdits} edits)`,
  );
  console.log(`lost: ${figures.lost.length}`);
  console.log(`refused restarts: ${figures.refusedRestarts}`);
  console.log(`half-written saves: ${finished ? halfWritten.length : "not checked"}`);
  for (const problem of [...figures.lost, ...halfWritten].slice(0, 20)) console.log(`  ${problem}`);
  if (!finished || figures.lost.length + figures.refusedRestarts + halfWritten.length > 0) process.exitCode = 1;
}

await runBenchmark(main);
