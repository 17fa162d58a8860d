import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schoolPackRuns } from "#database/schema";
import { schoolPackSlots } from "#app/lib/school-pack-schedule";
import { pageSourceOf } from "#app/server/school-pack/page-source.server";
import { listSchoolPacks } from "#app/server/school-pack/pack-store.server";
import {
  requestSchoolPack,
  runScheduledSchoolPack,
  saveSchoolPackSchedule,
  settleAbandonedRuns,
  startSchoolPackWorker,
} from "#app/server/school-pack/pack-runs.server";
import { anAccount, anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { eventually, rawRequest } from "#tests/helpers/pages";
import { projectRoot } from "#tests/helpers/processes";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// School packs made on the server: asked for on the admin screen or by the monthly schedule, made
// once across instances, kept in storage and offered for download.

let server: TestServer;
let admin: CookieJar;
const clientDir = path.join(projectRoot, "build/client");
const pages = async () =>
  pageSourceOf((await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild, server.services.config.PUBLIC_URL);
/** Two instances' workers on one database; packs as static sites only (as on a server without zim-tools), for speed. */
const startWorker = () => startSchoolPackWorker({ services: server.services, pages, clientDir, idleMs: 100, zimwriterfs: "/no/zimwriterfs" });

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false" });
  await anArticle(server.services.db, { title: "Packed for Every School", status: "published" });
  const account = await anAccount(server.services.db, { role: "admin" });
  admin = await signInOverHttp(server.url, account.email, account.password);
});
afterAll(() => server?.close());

const screen = () => rawRequest(`${server.url}/admin/school-pack`, { headers: { Cookie: admin.header() } });
const post = (jar: CookieJar, fields: Record<string, string> | [string, string][]) =>
  fetch(`${server.url}/admin/school-pack`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams(fields),
  });
const runs = () => server.services.db.select().from(schoolPackRuns);

describe(`school packs made on the server (${testDatabaseKind})`, () => {
  it("the admin asks for a pack; one worker of two makes it; the screen offers it for download", { timeout: 90_000 }, async () => {
    expect((await screen()).html).toContain("No pack has been made yet.");
    const asked = await post(admin, { intent: "make" });
    expect(asked.status).toBe(200);
    // Asked twice (a double click, another admin): one run.
    const again = await post(admin, { intent: "make" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("A pack is being made now.");
    expect((await screen()).html).toContain("Making a new pack");

    const workers = [startWorker(), startWorker()];
    try {
      const finished = await eventually(async () => (await runs()).find((run) => run.status === "done" || run.status === "failed"), "the pack made", 60_000);
      expect(finished).toMatchObject({ status: "done", error: null, step: null });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    const packs = await listSchoolPacks(server.services.storage);
    expect(packs.map((pack) => pack.format)).toEqual(["static"]);
    expect(packs[0]!.articleCount).toBe(1);

    const { html } = await screen();
    expect(html).toContain("Static site (zip)");
    expect(html).toContain("1 article");
    const download = /href="([^"]+\.zip)"/.exec(html)![1]!;
    const zip = await fetch(server.url + download);
    expect(zip.status).toBe(200);
    // Saved under the magazine's name and the day; it unpacks into a folder of that name.
    const saveAs = /filename="(the-educator-school-pack-\d{4}-\d{2}-\d{2})\.zip"/.exec(zip.headers.get("content-disposition") ?? "")?.[1];
    expect(saveAs).toBeDefined();
    const zipBytes = new Uint8Array(await zip.arrayBuffer());
    const files = unzipSync(zipBytes);
    expect(Object.keys(files)).toContain(`${saveAs}/index.html`);
    expect(Buffer.from(files[`${saveAs}/index.html`]!).toString()).toContain("Packed for Every School");

    // The public page schools find it on (no account): its date, contents, size and a checksum that matches.
    const page = await fetch(`${server.url}/school-packs`);
    expect(page.status).toBe(200);
    const listed = await page.text();
    expect(listed).toContain(`href="${download}"`);
    expect(listed).toMatch(/Website in a zip, made \d{1,2} \w+ 20\d\d/);
    expect(listed).toContain("1 article · ");
    expect(listed).toContain(crypto.createHash("sha256").update(zipBytes).digest("hex"));
    expect(packs[0]!.sha256).toBe(crypto.createHash("sha256").update(zipBytes).digest("hex"));
  });

  it("the admin asks for a pack of chosen grades and languages; its name, the screen and the public page say what it holds", { timeout: 90_000 }, async () => {
    const { db, storage } = server.services;
    await db.delete(schoolPackRuns);
    await anArticle(db, { title: "Kuwerenga kwa Grade 4", status: "published", level: "grade-4", language: "ny" });
    await anArticle(db, { title: "Grade 5 fractions", status: "published", level: "grade-5", language: "en" });
    expect((await screen()).html).toContain("Choose grades, subjects and languages");

    // Only what the published magazine has may be chosen.
    const refused = await post(admin, [
      ["intent", "make"],
      ["level", "form-6"],
    ]);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/No published article has the grade, subject or language \\*"form-6\\*"\./);
    expect(await runs()).toEqual([]);

    const asked = await post(admin, [
      ["intent", "make"],
      ["language", "ny"],
      ["level", "grade-4"],
    ]);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Making a new pack: Grade 4 · Chinyanja");
    const [run] = await runs();
    expect(run!.selection).toEqual({ levels: ["grade-4"], subjects: [], languages: ["ny"] });

    const worker = startWorker();
    try {
      const finished = await eventually(async () => (await runs()).find((row) => row.status === "done" || row.status === "failed"), "the pack made", 60_000);
      expect(finished).toMatchObject({ status: "done", error: null });
    } finally {
      await worker.stop();
    }
    const [chosen] = await listSchoolPacks(storage);
    expect(chosen).toMatchObject({ contents: "Grade 4 · Chinyanja", articleCount: 1, languages: ["ny"] });
    expect(chosen!.key).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-[0-9a-f]{32}-grade-4-ny\.zip$/);

    const zip = await fetch(server.url + chosen!.url!);
    const saveAs = /filename="(the-educator-school-pack-\d{4}-\d{2}-\d{2}-grade-4-ny)\.zip"/.exec(zip.headers.get("content-disposition") ?? "")?.[1];
    expect(saveAs).toBeDefined();
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const home = Buffer.from(files[`${saveAs}/index.html`]!).toString();
    expect(home).toContain("Kuwerenga kwa Grade 4");
    expect(home).not.toContain("Grade 5 fractions");

    expect((await screen()).html).toContain("Grade 4 · Chinyanja");
    const listed = await (await fetch(`${server.url}/school-packs`)).text();
    expect(listed).toMatch(/<dt[^>]*>For<\/dt><dd>Grade 4 · Chinyanja<\/dd>/);
    // The whole magazine's pack made before is still kept beside it.
    expect(listed).toMatch(/<dt[^>]*>For<\/dt><dd>The whole magazine<\/dd>/);
  });

  it("makes the monthly pack once, however many instances check its slot", async () => {
    const { db, config } = server.services;
    await db.delete(schoolPackRuns);
    await saveSchoolPackSchedule(db, 3);
    // The schedule counts from when it was set: a month on, its slot has passed once.
    const monthOn = new Date(Date.now() + 32 * 24 * 60 * 60 * 1000);
    const slot = schoolPackSlots(3, monthOn, config.SITE_TIMEZONE).last!;
    const asked = await Promise.all(Array.from({ length: 4 }, () => runScheduledSchoolPack(db, config.SITE_TIMEZONE, monthOn)));
    expect(asked.filter(Boolean)).toHaveLength(1);
    expect(await runScheduledSchoolPack(db, config.SITE_TIMEZONE, monthOn)).toBe(false);
    const [run] = await runs();
    expect(run!.scheduledFor).toEqual(slot);
    // Before the schedule was set, nothing is caught up.
    await db.delete(schoolPackRuns);
    expect(await runScheduledSchoolPack(db, config.SITE_TIMEZONE, new Date(Date.now() - 40 * 24 * 60 * 60 * 1000))).toBe(false);
    await saveSchoolPackSchedule(db, null);
  });

  it("a run left by a stopped server is marked failed; the screen says so and another can be asked for", async () => {
    const { db } = server.services;
    await db.delete(schoolPackRuns);
    expect(await requestSchoolPack(db, null)).toBe(true);
    await db.update(schoolPackRuns).set({ status: "running", startedAt: new Date(Date.now() - 60_000), leaseUntil: new Date(Date.now() - 1000) });
    expect(await requestSchoolPack(db, null)).toBe(false);
    expect(await settleAbandonedRuns(db)).toBe(1);
    expect((await screen()).html).toContain("The last pack failed: The server stopped while making this pack.");
    expect(await requestSchoolPack(db, null)).toBe(true);
    await db.delete(schoolPackRuns);
  });

  it("only admins open the screen or ask for a pack; the schedule is saved", async () => {
    const editor = await anAccount(server.services.db, { role: "editor" });
    const editorJar = await signInOverHttp(server.url, editor.email, editor.password);
    expect((await post(editorJar, { intent: "make" })).status).toBe(403);
    expect((await rawRequest(`${server.url}/admin/school-pack`, { headers: { Cookie: editorJar.header() } })).status).toBe(403);
    expect(await runs()).toEqual([]);

    const saved = await post(admin, { intent: "schedule", enabled: "on", day: "15" });
    expect(saved.status).toBe(200);
    expect((await screen()).html).toMatch(/Next pack: <time dateTime="[^"]+">15 /);
    expect((await post(admin, { intent: "schedule", enabled: "on", day: "31" })).status).toBe(400);
    expect((await post(admin, { intent: "schedule", day: "15" })).status).toBe(200);
    expect((await screen()).html).toContain("Packs are made only when you ask.");
    expect(await server.services.db.select().from(schoolPackRuns).where(eq(schoolPackRuns.status, "queued"))).toEqual([]);
  });
});
