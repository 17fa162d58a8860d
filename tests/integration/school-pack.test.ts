import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { eq, inArray } from "drizzle-orm";
import { unzipSync } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleResources, articles, communityAnswers, communityQuestions } from "#database/schema";
import { questionPath, questionSlug } from "#app/lib/community";
import { storeImageWithVariants } from "#app/server/media/images.server";
import { addArticleResource } from "#app/server/resources/resources.server";
import type { PackProgress } from "#app/server/school-pack/build-static-site.server";
import { pageSourceOf, type PageSource } from "#app/server/school-pack/page-source.server";
import { keptChosenPacksPerFormat, keptPacksPerFormat, listSchoolPacks, schoolPackBucket, storeSchoolPack } from "#app/server/school-pack/pack-store.server";
import { makeSchoolPack, type SchoolPack } from "#app/server/school-pack/school-pack.server";
import { hasZimwriterfs } from "#app/server/school-pack/zim.server";
import type { PackSelection } from "#app/lib/school-pack-selection";
import { aCategory, anAccount, anArticle, aCommunityQuestion, standInPackContents } from "#tests/factories";
import { freePort, projectRoot } from "#tests/helpers/processes";
import { startTestServices, type TestServices } from "#tests/helpers/services";

// The school pack: the published magazine as a zip of a static site that works from disk, and as
// a ZIM file that zimcheck passes and kiwix-serve serves (pages, images, full-text search).

const run = promisify(execFile);
const publicUrl = "https://educator.example.org";
const clientDir = path.join(projectRoot, "build/client");
const zimToolsHere = await hasZimwriterfs();
const kiwixServeHere = await run("kiwix-serve", ["--version"]).then(
  () => true,
  () => false,
);
if (!zimToolsHere || !kiwixServeHere) {
  console.warn("School pack ZIM tests skipped: install Debian's zim-tools and kiwix-tools (apt-get install zim-tools kiwix-tools) to run them.");
}

const loadBuild = async () => (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild;
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "school-pack-test-"));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

async function aPdf(words: string) {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText(words, { x: 20, y: 100, font: await pdf.embedFont(StandardFonts.Helvetica), size: 12 });
  return Buffer.from(await pdf.save());
}

const aPicture = (color: string) =>
  sharp({ create: { width: 1200, height: 675, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** Every file of a zip by name within its one folder (checked: named after the magazine and the day), HTML as text. */
function unzipped(file: string) {
  const folder = path.basename(file, ".zip");
  expect(folder).toMatch(/^the-educator-school-pack-\d{4}-\d{2}-\d{2}(-[a-z0-9-]+)?$/);
  const all = Object.entries(unzipSync(fs.readFileSync(file)));
  expect(all.filter(([name]) => !name.startsWith(`${folder}/`)).map(([name]) => name)).toEqual([]);
  const entries = Object.fromEntries(all.map(([name, bytes]) => [name.slice(folder.length + 1), bytes]));
  const html = new Map(
    Object.entries(entries)
      .filter(([name]) => name.endsWith(".html"))
      .map(([name, bytes]) => [name, Buffer.from(bytes).toString("utf8")]),
  );
  return { names: new Set(Object.keys(entries)), entries, html };
}

/** The pack-internal links and sources of a page, resolved to the file they name in the pack. */
function internalTargets(page: string, html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)]
    .map(([, url]) => url!)
    .filter((url) => !/^[a-z]+:/i.test(url) && !url.startsWith("#"))
    .map((url) => path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURIComponent(url.split("#")[0]!))));
}

/**
 * A reader following links from index.html reaches every page of the pack; the only link out is
 * each page's "Read this page online".
 */
function expectEveryPageReachedAndNothingOut(html: Map<string, string>) {
  const reached = new Set<string>();
  for (const queue = ["index.html"]; queue.length > 0;) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    const page = html.get(file)!;
    expect(page, `${file} is linked but not in the pack`).toBeDefined();
    const note = /<div data-school-pack-note[\s\S]*?<\/nav><\/div>/.exec(page)![0];
    expect([...note.matchAll(/href="(https?:[^"]*)"/g)].length, file).toBe(1);
    const outside = [...page.replace(note, "").matchAll(/\s(?:href|src)="([a-z]+:[^"]*)"/gi)].map(([, url]) => url!);
    expect(
      outside.filter((url) => !/^(mailto|tel):/.test(url)),
      file,
    ).toEqual([]);
    for (const target of internalTargets(file, page)) if (target.endsWith(".html")) queue.push(target);
  }
  expect([...html.keys()].filter((file) => !reached.has(file))).toEqual([]);
}

describe("a small magazine's pack", () => {
  let started: TestServices;
  let pages: PageSource;
  const magazine = {} as {
    first: { id: string; title: string };
    second: { id: string; title: string };
    draftId: string;
    categorySlug: string;
    question: { id: string; slug: string; title: string };
    smallResourceId: string;
    largeResourceTitle: string;
  };

  beforeAll(async () => {
    started = await startTestServices({ PUBLIC_URL: publicUrl });
    pages = pageSourceOf(await loadBuild(), publicUrl);
    const { db, storage } = started.services;
    const category = await aCategory(db, { name: "Health" });
    magazine.categorySlug = category.slug;
    const images = await Promise.all(
      ["first", "second"].map(async (name, index) => {
        const key = `articles/school-pack-${name}.jpg`;
        return storeImageWithVariants(storage, "media", key, await aPicture(index ? "#0a6" : "#d60"));
      }),
    );
    const first = await anArticle(db, {
      title: "Fractions with bottle tops",
      categoryId: category.id,
      featuredImageUrl: images[0],
      content: "Count **xylophonic** bottle tops in groups of four.",
      publishedAt: new Date(Date.now() - 60_000),
    });
    const second = await anArticle(db, { title: "Reading corners on no budget", categoryId: category.id, featuredImageUrl: images[1] });
    magazine.first = first;
    magazine.second = second;
    magazine.draftId = (await anArticle(db, { title: "Unfinished draft about chalk", categoryId: category.id, status: "draft" })).id;
    const writer = await anAccount(db, { role: "editor" });
    const resource = (title: string) =>
      aPdf(title).then((bytes) =>
        addArticleResource(db, storage, {
          articleId: first.id,
          title,
          resourceType: "lesson-plan",
          file: new File([new Uint8Array(bytes)], "plan.pdf"),
          uploadedBy: writer.id,
        }),
      );
    magazine.smallResourceId = await resource("Fractions worksheet");
    magazine.largeResourceTitle = "Fractions poster set";
    const largeId = await resource(magazine.largeResourceTitle);
    await db
      .update(articleResources)
      .set({ sizeBytes: 40 * 1024 * 1024 })
      .where(eq(articleResources.id, largeId)); // as if 40 MB: over the pack's limit
    const title = "How do I teach fractions to a large class?";
    const question = await aCommunityQuestion(db, { title, slug: questionSlug(title), status: "published", publishedAt: new Date(), answerCount: 1 });
    await db.insert(communityAnswers).values({
      questionId: question.id,
      byStaff: true,
      authorName: "Kafundisha",
      body: "Start with groups of four bottle tops.",
      bodyHtml: "<p>Start with groups of four bottle tops.</p>",
      status: "published",
      publishedAt: new Date(),
    });
    await db.update(communityQuestions).set({ answerCount: 1 }).where(eq(communityQuestions.id, question.id));
    magazine.question = { id: question.id, slug: question.slug!, title };
  });
  afterAll(() => started.stop());

  const make = (
    format: "static" | "zim",
    options: { maxResourceBytes?: number; madeAt?: Date; onProgress?: (progress: PackProgress) => void; selection?: PackSelection } = {},
  ) =>
    makeSchoolPack({
      selection: options.selection,
      onProgress: options.onProgress,
      format,
      pages,
      clientDir,
      outDir,
      maxResourceBytes: options.maxResourceBytes ?? 5 * 1024 * 1024,
      madeAt: options.madeAt ?? new Date("2026-11-26T10:00:00Z"),
    });

  it("a static pack holds the published pages and their files, linked inside the zip, with no script and the date it was made", async () => {
    const progress: PackProgress[] = [];
    const pack = await make("static", { onProgress: (step) => progress.push(step) });
    expect(pack.articleCount).toBe(2);
    expect(progress.at(-1)!.pagesDone).toBe(progress.at(-1)!.pagesFound);
    expect(progress.at(-1)!.pagesDone).toBeGreaterThan(6);
    expect(pack.bytes).toBe(fs.statSync(pack.file).size);
    const { names, html, entries } = unzipped(pack.file);
    const home = html.get("index.html")!;
    expect(home).toContain("Fractions with bottle tops");
    expect(home).toContain(`href="category/${magazine.categorySlug}.html"`);
    const articleFile = `articles/${magazine.first.id}.html`;
    const article = html.get(articleFile)!;
    expect(article).toContain("xylophonic");
    expect(names.has(`articles/${magazine.second.id}.html`)).toBe(true);
    expect(names.has(`category/${magazine.categorySlug}.html`)).toBe(true);
    expect(names.has("about.html")).toBe(true);
    expect(names.has("ask-kafundisha.html")).toBe(true);

    // The question and its answer.
    const questionFile = `${questionPath(magazine.question).slice(1)}.html`;
    expect(html.get(questionFile)).toContain("Start with groups of four bottle tops.");

    // Images at their smallest copy (480 px wide WebP), inside the pack.
    const image = /<img\b[^>]*\ssrc="(\.\.\/files\/media\/articles\/school-pack-first\.[^"]+)"/.exec(article)?.[1];
    expect(image).toMatch(/\.w480\.webp$/);
    const imageBytes = entries[path.posix.join("articles", image!)]!;
    expect((await sharp(Buffer.from(imageBytes)).metadata()).width).toBe(480);
    expect(article).not.toMatch(/srcset=/i);

    // The small resource is packed; the large one is linked online.
    const resourceLink = new RegExp(`href="(\\.\\./downloads/${magazine.smallResourceId}/[^"]+\\.pdf)"`).exec(article)?.[1];
    expect(resourceLink).toBeDefined();
    expect(
      Buffer.from(entries[path.posix.join("articles", decodeURIComponent(resourceLink!))]!)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(article).toMatch(
      new RegExp(`<span[^>]*>Not in this pack: ${magazine.largeResourceTitle} \\(40\\.0 MB\\) — download it online at ${publicUrl}/downloads/[^<"]+</span>`),
    );

    // Every page: no script, no form, the date the pack was made and its live address; every link inside the pack resolves.
    expect(html.size).toBeGreaterThan(6);
    for (const [file, page] of html) {
      expect(page, file).not.toMatch(/<script|<form|<button/i);
      expect(page, file).toContain("School pack made on 26 November 2026");
      expect(page, file).not.toMatch(/href="[^"]*\/auth"/);
      for (const target of internalTargets(file, page)) expect(names.has(target), `${file} → ${target}`).toBe(true);
      // Nothing the page shows comes from elsewhere; links out (sharing, the live site) stay links.
      expect(page, file).not.toMatch(/\ssrc="(https?:)?\/\//);
    }
    expect(article).toContain(`<a href="${publicUrl}/articles/${magazine.first.id}"`);
    // The link from one article to the other, relative.
    expect(html.get(`articles/${magazine.second.id}.html`)).toContain(`href="${magazine.first.id}.html"`);

    // What is not published is not in the pack.
    expect(names.has(`articles/${magazine.draftId}.html`)).toBe(false);
    for (const page of html.values()) expect(page).not.toContain("Unfinished draft about chalk");
  });

  it("every page is reached from the home page; lists are paged and filtered inside the pack; nothing links out but the made-on line", async () => {
    const { db } = started.services;
    const category = await aCategory(db, { name: "Literacy corner" });
    // More than a page of lessons (12 a page): a Grade 4 reading lesson in Chinyanja among them.
    const lessons = await Promise.all(
      Array.from({ length: 13 }, (_, index) =>
        anArticle(db, {
          title: index === 0 ? "Kuwerenga: a Grade 4 reading lesson" : `Lesson number ${index}`,
          categoryId: category.id,
          level: index === 0 ? "grade-4" : "grade-5",
          language: index === 0 ? "ny" : "en",
          resourceType: "lesson-plan",
          content: index === 0 ? "Ana awerenga nkhani ya **kalulu**." : "A lesson.",
          publishedAt: new Date(Date.now() - (index + 2) * 60_000),
        }),
      ),
    );
    const longTitle = "How can I keep ninety learners reading together when only a third of them have a book and the rest share in groups of five?";
    const longQuestion = await aCommunityQuestion(db, { title: longTitle, slug: questionSlug(longTitle), status: "published", publishedAt: new Date() });
    try {
      const pack = await make("static", { madeAt: new Date("2026-11-26T10:30:00Z") });
      const { html } = unzipped(pack.file);

      expectEveryPageReachedAndNothingOut(html);

      // Every published article and question is in it, the long question's address too.
      for (const lesson of lessons) expect(html.has(`articles/${lesson.id}.html`), lesson.id).toBe(true);
      expect(html.has(`${questionPath({ id: longQuestion.id, slug: longQuestion.slug! }).slice(1)}.html`)).toBe(true);

      // All Articles continues on its next page, whose "Previous" goes back.
      expect(html.get("articles.html")).toMatch(/rel="next" href="articles\/page-2\.html"/);
      expect(html.get("articles/page-2.html")).toMatch(/rel="prev" href="\.\.\/articles\.html"/);
      expect(html.has("articles/page-3.html")).toBe(false);

      // Lesson Resources offers its filters as links; a Grade 4 lesson in Chinyanja is two taps away.
      const resources = html.get("resources.html")!;
      expect(resources).toContain("Find a lesson");
      expect(resources).toMatch(/href="resources\/level-grade-4\.html"[^>]*>Grade 4 \(1\)</);
      expect(html.get("resources/level-grade-4.html")).toMatch(/href="level-grade-4_lang-ny\.html"[^>]*>Chinyanja \(1\)</);
      const lesson = html.get("resources/level-grade-4_lang-ny.html")!;
      expect(lesson).toContain("Kuwerenga: a Grade 4 reading lesson");
      expect(lesson).toContain(`href="../articles/${lessons[0]!.id}.html"`);
      // Its words keep their language.
      expect(html.get(`articles/${lessons[0]!.id}.html`)).toMatch(/lang="ny"[^>]*>[\s\S]*kalulu/);

      // Read-only pages: no comment or newsletter blocks, no sharing; Ask Kafundisha says where to ask.
      const article = html.get(`articles/${magazine.first.id}.html`)!;
      for (const online of ["Be the first", "share your thoughts", "weekly digest", "WhatsApp"]) expect(article, online).not.toContain(online);
      for (const file of ["ask-kafundisha.html", `${questionPath(magazine.question).slice(1)}.html`])
        expect(html.get(file), file).toContain(`To ask a question or answer one, go online to ${publicUrl}/ask-kafundisha.`);
      expect(html.get("contact.html")).not.toContain("Send Us a Message");
    } finally {
      await db.delete(communityQuestions).where(eq(communityQuestions.id, longQuestion.id));
      await db.delete(articles).where(
        inArray(
          articles.id,
          lessons.map((lesson) => lesson.id),
        ),
      );
    }
  });

  it("a pack of chosen grades and languages holds their articles and those for every grade, all reachable, with nothing else linked", async () => {
    const { db } = started.services;
    const category = await aCategory(db, { name: "Chosen lessons" });
    const lesson = (title: string, level: string | null, language: string, minutesAgo: number) =>
      anArticle(db, { title, categoryId: category.id, level, language, resourceType: "lesson-plan", publishedAt: new Date(Date.now() - minutesAgo * 60_000) });
    const chosen = await lesson("Kuwerenga ndi ana a Grade 4", "grade-4", "ny", 30);
    const forEveryGrade = await lesson("Malangizo kwa aphunzitsi onse", null, "ny", 31);
    const otherGrade = await lesson("Kuwerenga ndi ana a Grade 5", "grade-5", "ny", 29);
    const otherLanguage = await lesson("Grade 4 reading in English", "grade-4", "en", 28);
    try {
      const pack = await make("static", { madeAt: new Date("2026-11-26T12:00:00Z"), selection: { levels: ["grade-4"], subjects: [], languages: ["ny"] } });
      expect(path.basename(pack.file)).toBe("the-educator-school-pack-2026-11-26-grade-4-ny.zip");
      expect(pack.contents).toBe("Grade 4 · Chinyanja");
      expect(pack.languages).toEqual(["ny"]);
      const { html } = unzipped(pack.file);
      expectEveryPageReachedAndNothingOut(html);

      const packedArticles = [...html.keys()].filter((file) => /^articles\/[0-9a-f-]{36}\.html$/.test(file));
      expect(packedArticles.sort()).toEqual([chosen.id, forEveryGrade.id].map((id) => `articles/${id}.html`).sort());
      expect(pack.articleCount).toBe(2);
      // The lists, counts and related cards know only the chosen articles.
      for (const file of ["index.html", "articles.html", "resources.html", `articles/${chosen.id}.html`]) {
        for (const left of [otherGrade.title, otherLanguage.title, magazine.first.title]) expect(html.get(file), `${left} on ${file}`).not.toContain(left);
      }
      expect(html.get(`articles/${chosen.id}.html`)).toContain(forEveryGrade.title);
      // Questions all stay in.
      expect(html.has(`${questionPath(magazine.question).slice(1)}.html`)).toBe(true);

      // The live site still shows every article: the pack's choice stayed with the pack.
      const live = await pages(`/articles/${chosen.id}`);
      expect(live.html).toContain(otherGrade.title);
      expect(live.html).toContain(otherLanguage.title);
    } finally {
      await db.delete(articles).where(inArray(articles.id, [chosen.id, forEveryGrade.id, otherGrade.id, otherLanguage.id]));
    }
  });

  it("a resource limit of 0 leaves every resource online", async () => {
    const pack = await make("static", { maxResourceBytes: 0, madeAt: new Date("2026-11-26T11:00:00Z") });
    const { names, html } = unzipped(pack.file);
    // Only the pictures of first pages (small) stay.
    expect([...names].filter((name) => name.startsWith("downloads/") && !name.endsWith("/preview.webp"))).toEqual([]);
    expect(html.get(`articles/${magazine.first.id}.html`)).toContain("Not in this pack: Fractions worksheet");
  });

  it("a reader's hostile links in an answer neither break the pack nor reach outside it", async () => {
    const { db } = started.services;
    const hostile = [
      "/downloads/not-a-uuid/x.pdf",
      `/downloads/${magazine.smallResourceId}/..%2F..%2F..%2F..%2Fpack-escape.pdf`,
      "/uploads/media/..%2F..%2F..%2Fetc%2Fpasswd",
      "/uploads/media/%E0%A4%A",
      "/uploads/school-packs/old.zip",
    ];
    const [answer] = await db
      .insert(communityAnswers)
      .values({
        questionId: magazine.question.id,
        authorName: "A reader",
        body: "links",
        bodyHtml: hostile.map((href) => `<p><a href="${href}">x</a></p>`).join(""),
        status: "published",
        publishedAt: new Date(),
      })
      .returning({ id: communityAnswers.id });
    try {
      const pack = await make("static", { madeAt: new Date("2026-11-26T11:30:00Z") });
      const { names, html } = unzipped(pack.file);
      expect([...names].filter((name) => name.includes("..") || name.includes("passwd") || name.startsWith("files/school-packs"))).toEqual([]);
      expect(fs.existsSync(path.join(os.tmpdir(), "pack-escape.pdf"))).toBe(false);
      const question = html.get(`${questionPath(magazine.question).slice(1)}.html`)!;
      // The resource link, whatever its name, is the resource's own file in the pack.
      expect(question).toContain(`href="../downloads/${magazine.smallResourceId}/Fractions%20worksheet.pdf"`);
      for (const href of hostile.filter((link) => !link.startsWith("/downloads/"))) expect(question).toContain(`href="${publicUrl}${href}"`);
    } finally {
      await db.delete(communityAnswers).where(eq(communityAnswers.id, answer!.id));
    }
  });

  it("a published answer's links to a draft's resource and its preview put neither in the pack; no file name holds a storage key", async () => {
    const { db, storage } = started.services;
    const writer = await anAccount(db, { role: "editor" });
    const draftResourceId = await addArticleResource(db, storage, {
      articleId: magazine.draftId,
      title: "Chalk answers key",
      resourceType: "lesson-plan",
      file: new File([new Uint8Array(await aPdf("Unpublished answers"))], "key.pdf"),
      uploadedBy: writer.id,
    });
    const rows = await db
      .select({ id: articleResources.id, storageKey: articleResources.storageKey, previewKey: articleResources.previewKey })
      .from(articleResources);
    expect(rows.find((row) => row.id === draftResourceId)?.previewKey).toBeTruthy();
    const links = [`/downloads/${draftResourceId}/chalk-answers-key.pdf`, `/downloads/${draftResourceId.toUpperCase()}/x.pdf`];
    const [answer] = await db
      .insert(communityAnswers)
      .values({
        questionId: magazine.question.id,
        authorName: "Kafundisha",
        byStaff: true,
        body: "See the key.",
        bodyHtml: `${links.map((href) => `<p><a href="${href}">the key</a></p>`).join("")}<p><img src="/downloads/${draftResourceId}/preview.webp" alt="key"></p>`,
        status: "published",
        publishedAt: new Date(),
      })
      .returning({ id: communityAnswers.id });
    try {
      const pack = await make("static", { madeAt: new Date("2026-11-26T12:00:00Z") });
      const { names, entries, html } = unzipped(pack.file);
      expect([...names].filter((name) => name.toLowerCase().includes(draftResourceId))).toEqual([]);
      for (const bytes of Object.values(entries)) expect(Buffer.from(bytes).toString("latin1")).not.toContain("Unpublished answers");
      const question = html.get(`${questionPath(magazine.question).slice(1)}.html`)!;
      expect(question).not.toMatch(/href="[^"]*downloads\/[^"]*"[^>]*>the key/i);
      // The published resource and the picture of its first page are there, named by the resource's id.
      expect(names.has(`downloads/${magazine.smallResourceId}/preview.webp`)).toBe(true);
      expect(names.has(`downloads/${magazine.smallResourceId}/Fractions worksheet.pdf`)).toBe(true);
      for (const row of rows) {
        for (const key of [row.storageKey, row.previewKey].filter((key) => key !== null)) {
          const stored = key
            .split("/")
            .pop()!
            .replace(/\.[a-z.]+$/, ""); // the random part of the stored name
          expect(
            [...names].filter((name) => name.includes(stored)),
            key,
          ).toEqual([]);
        }
      }
    } finally {
      await db.delete(communityAnswers).where(eq(communityAnswers.id, answer!.id));
    }
  });

  it.skipIf(!zimToolsHere || !kiwixServeHere)("a ZIM pack passes zimcheck, and kiwix-serve serves its pages, images and full-text search", async () => {
    const { db } = started.services;
    const inChinyanja = await anArticle(db, { title: "Nkhani ya kalulu", language: "ny", content: "Kalulu anali **wochenjera** kwambiri." });
    const pack = await make("zim").finally(() => db.delete(articles).where(eq(articles.id, inChinyanja.id)));
    expect(pack.file.endsWith(".zim")).toBe(true);
    expect(pack.articleCount).toBe(3);
    const check = await run("zimcheck", ["-A", pack.file]).catch((error: { stdout: string; stderr: string }) => error);
    expect(check.stdout).toContain("Overall Test Status: Pass");

    const port = await freePort();
    const kiwix: ChildProcess = spawn("kiwix-serve", ["--address=127.0.0.1", `--port=${port}`, pack.file], { stdio: "ignore" });
    try {
      const base = `http://127.0.0.1:${port}`;
      const catalog = await (async () => {
        for (let attempt = 0; attempt < 100; attempt++) {
          const answer = await fetch(`${base}/catalog/v2/entries`).catch(() => null);
          if (answer?.ok) return answer.text();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error("kiwix-serve did not answer");
      })();
      expect(catalog).toContain("<title>The Educator</title>");
      // The languages its pages are written in, the most used first.
      expect(catalog).toContain("<language>eng,nya</language>");
      const book = /<link type="text\/html" href="\/([^"/]+)"/.exec(catalog)?.[1];
      expect(book).toBeDefined();

      const article = await fetch(`${base}/${book}/articles/${magazine.first.id}.html`);
      expect(article.status).toBe(200);
      const articleHtml = await article.text();
      expect(articleHtml).toContain("xylophonic");
      expect(articleHtml).toContain("School pack made on 26 November 2026");
      const image = /<img\b[^>]*\ssrc="\.\.\/(files\/media\/articles\/school-pack-first\.[^"]+)"/.exec(articleHtml)?.[1];
      const imageAnswer = await fetch(`${base}/${book}/${image}`);
      expect(imageAnswer.status).toBe(200);
      expect(imageAnswer.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await imageAnswer.arrayBuffer())).metadata()).width).toBe(480);

      const search = await fetch(`${base}/search?content=${book}&pattern=xylophonic`);
      expect(search.status).toBe(200);
      expect(await search.text()).toContain(`/${book}/articles/${magazine.first.id}.html`);
      // A word of Chinyanja finds its page.
      const chinyanja = await fetch(`${base}/search?content=${book}&pattern=wochenjera`);
      expect(await chinyanja.text()).toContain(`/${book}/articles/${inChinyanja.id}.html`);
    } finally {
      kiwix.kill();
    }
  });

  it("stores packs in storage with a manifest, keeps the last three of each format, and lists them newest first", async () => {
    const { storage } = started.services;
    const file = path.join(outDir, "stand-in.bin");
    fs.writeFileSync(file, "pack bytes");
    const stored = [];
    for (const [hour, format] of [
      [1, "zim"],
      [2, "static"],
      [3, "zim"],
      [4, "zim"],
      [5, "zim"],
    ] as const) {
      const pack: SchoolPack = { ...standInPackContents, format, file, bytes: 10, articleCount: hour, madeAt: new Date(Date.UTC(2026, 10, 26, hour)) };
      stored.push(await storeSchoolPack(storage, pack));
    }
    // The time, then 128 random bits: the address is not worked out from the time.
    expect(stored[0]!.key).toMatch(/^2026-11-26T01-00-00Z-[0-9a-f]{32}\.zim$/);
    expect(stored[1]!.key).toMatch(/^2026-11-26T02-00-00Z-[0-9a-f]{32}\.zip$/);
    const listed = await listSchoolPacks(storage);
    expect(listed.map((pack) => [pack.key, pack.format, pack.articleCount, pack.url])).toEqual(
      [stored[4]!, stored[3]!, stored[2]!, stored[1]!].map((pack) => [pack.key, pack.format, pack.articleCount, `/school-packs/${pack.key}`]),
    );
    expect(listed.filter((pack) => pack.format === "zim")).toHaveLength(keptPacksPerFormat);
    const names = (await storage.list(schoolPackBucket)).map((entry) => entry.name);
    expect(names).not.toContain(stored[0]!.key);
    expect(names).not.toContain(`${stored[0]!.key}.json`);
    const read = await storage.read(schoolPackBucket, stored[4]!.key);
    expect(await new Response(read!.body).text()).toBe("pack bytes");

    // Packs of chosen grades are kept apart: however many are made, the whole magazine's stay.
    const chosen = [];
    for (let hour = 6; hour < 6 + keptChosenPacksPerFormat + 2; hour++) {
      const selection = { levels: ["grade-4"], subjects: [], languages: ["ny"] };
      const pack: SchoolPack = {
        ...standInPackContents,
        selection,
        contents: "Grade 4 · Chinyanja",
        format: "zim",
        file,
        bytes: 10,
        articleCount: 1,
        madeAt: new Date(Date.UTC(2026, 10, 26, hour)),
      };
      chosen.push(await storeSchoolPack(storage, pack));
    }
    expect(chosen[0]!.key).toMatch(/^2026-11-26T06-00-00Z-[0-9a-f]{32}-grade-4-ny\.zim$/);
    const afterChosen = await listSchoolPacks(storage);
    expect(afterChosen.filter((pack) => pack.contents === "Grade 4 · Chinyanja").map((pack) => pack.key)).toEqual(
      chosen
        .slice(-keptChosenPacksPerFormat)
        .reverse()
        .map((pack) => pack.key),
    );
    expect(afterChosen.filter((pack) => pack.contents === "The whole magazine").map((pack) => pack.key)).toEqual(listed.map((pack) => pack.key));
  });
});

describe("npm run export", () => {
  it("without zimwriterfs, --zim stops with one line naming the Debian package, and exit code 1", async () => {
    const emptyPath = fs.mkdtempSync(path.join(os.tmpdir(), "no-zim-tools-"));
    const failed = await run(process.execPath, ["--import", "tsx", "scripts/export.ts", "--zim"], {
      cwd: projectRoot,
      env: { ...process.env, PATH: emptyPath, DATA_DIR: path.join(emptyPath, "data") },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    fs.rmSync(emptyPath, { recursive: true, force: true });
    expect("code" in failed && failed.code).toBe(1);
    expect(failed.stdout).toBe("");
    expect(failed.stderr.trim().split("\n")).toEqual([
      "zimwriterfs was not found: install Debian's zim-tools (apt-get install zim-tools) to make a ZIM pack; --static works without it.",
    ]);
  });
});

// The demo magazine's pack stays small enough for a slow connection and a small SD card: the
// budget below is about four times what it measures (0.4 MB either way, November 2026).
const demoPackBudgetBytes = 2 * 1024 * 1024;

describe("the demo magazine's pack", () => {
  let started: TestServices;
  let pages: PageSource;
  beforeAll(async () => {
    started = await startTestServices({ PUBLIC_URL: publicUrl, SEED_DEMO: "true" });
    pages = pageSourceOf(await loadBuild(), publicUrl);
  });
  afterAll(() => started.stop());

  const formats = zimToolsHere ? (["static", "zim"] as const) : (["static"] as const);
  it.each(formats)("as %s stays within its size budget", async (format) => {
    const pack = await makeSchoolPack({ format, pages, clientDir, outDir, maxResourceBytes: 5 * 1024 * 1024 });
    expect(pack.articleCount).toBeGreaterThanOrEqual(15);
    expect(pack.bytes).toBeGreaterThan(100 * 1024);
    expect(pack.bytes).toBeLessThanOrEqual(demoPackBudgetBytes);
  });
});
