import { once } from "node:events";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { PDFDocument, PDFName, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleResources, articles } from "#database/schema";
import { resourceBucket } from "#app/server/resources/resources.server";
import { renderPdfPreview } from "#app/server/resources/pdf-preview.server";
import { resourcePreviewPath, resourcePreviewSize } from "#app/lib/resource-previews";
import { createBackup } from "#scripts/lib/backup";
import { aCategory, anAccount, anArticle } from "#tests/factories";
import { temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { pageWhen, rawRequest } from "#tests/helpers/pages";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// A PDF resource gets a small WebP of its first page, drawn in a worker thread with limits; a PDF
// that cannot be drawn, or would cost too much, still uploads, with a type icon instead. Readers
// see the preview as a lazy image, which data saver turns into a tap-to-show link.

let server: TestServer;
let categoryId: string;
let editor: CookieJar;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  const { db } = server.services;
  categoryId = (await aCategory(db, { name: "Lesson plans" })).id;
  const account = await anAccount(db, { role: "editor", displayName: "An editor" });
  editor = await signInOverHttp(server.url, account.email, account.password);
});
afterAll(() => server.close());

/** An A4 page with a heading near its top and a blue rectangle in its upper half. */
async function aLessonPdf() {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText("Fractions with bottle tops", { x: 50, y: 780, size: 28, font: await pdf.embedFont(StandardFonts.HelveticaBold) });
  page.drawRectangle({ x: 50, y: 400, width: 300, height: 200, color: rgb(0.1, 0.3, 0.9) });
  return Buffer.from(await pdf.save());
}

/** A PDF of one empty page of this size (in PDF units). */
async function aPageOf(width: number, height: number) {
  const pdf = await PDFDocument.create();
  pdf.addPage([width, height]);
  return Buffer.from(await pdf.save());
}

/** A small PDF whose page's content stream inflates to `megabytes` of spaces. */
async function aFlateBomb(megabytes: number) {
  const deflate = zlib.createDeflate({ level: 9, strategy: zlib.constants.Z_RLE });
  const packed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => packed.push(chunk));
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let written = 0; written < megabytes; written++) if (!deflate.write(spaces)) await once(deflate, "drain");
  deflate.end();
  await once(deflate, "end");
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.node.set(PDFName.of("Contents"), pdf.context.register(pdf.context.stream(Buffer.concat(packed), { Filter: "FlateDecode" })));
  return Buffer.from(await pdf.save());
}

function upload(articleId: string, file: Buffer, name: string, title: string) {
  const form = new FormData();
  form.set("intent", "resource-add");
  form.set("title", title);
  form.set("resourceType", "lesson-plan");
  form.set("file", new File([new Uint8Array(file)], name));
  return fetch(`${server.url}/admin/articles/${articleId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Cookie: editor.header() },
    body: form,
  });
}

/** Uploads one file to a new article and answers the article, the upload's status and the row (if any). */
async function uploadedTo(status: "draft" | "published", file: Buffer, name: string, title = "Lesson plan") {
  const article = await anArticle(server.services.db, { categoryId, status, title: `${title} article` });
  const response = await upload(article.id, file, name, title);
  const [row] = await server.services.db
    .select({
      id: articleResources.id,
      storageKey: articleResources.storageKey,
      previewKey: articleResources.previewKey,
      previewBytes: articleResources.previewBytes,
    })
    .from(articleResources)
    .where(eq(articleResources.articleId, article.id));
  return { article, status: response.status, row };
}

async function storedBytes(key: string) {
  const file = await server.services.storage.read(resourceBucket, key);
  expect(file, key).not.toBeNull();
  return Buffer.from(await new Response(file!.body).arrayBuffer());
}

const storedNames = async () => (await server.services.storage.list(resourceBucket, { limit: 1000 })).map((file) => file.name);
/** The page without the images data saver keeps for a tap (in <template>s). */
const withoutTemplates = (html: string) => html.replace(/<template>[\s\S]*?<\/template>/g, "");

describe(`resource previews (${testDatabaseKind})`, () => {
  it("stores a WebP of a PDF's first page beside it, drawn as it looks", async () => {
    const { status, row } = await uploadedTo("published", await aLessonPdf(), "fractions.pdf");
    expect(status).toBe(302);
    expect(row!.previewKey).toBe(row!.storageKey.replace(/\.pdf$/, ".preview.webp"));
    const webp = await storedBytes(row!.previewKey!);
    const metadata = await sharp(webp).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", resourcePreviewSize.width, resourcePreviewSize.height]);
    expect(webp.length).toBeLessThan(20 * 1024);
    // Not a blank page: white paper, dark heading, and the blue rectangle where the PDF put it.
    const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const scale = resourcePreviewSize.width / 595;
    const [r, g, b] = pixel(Math.round(200 * scale), Math.round((842 - 500) * scale));
    expect(b! - Math.max(r!, g!)).toBeGreaterThan(80);
    expect(Math.min(...pixel(5, resourcePreviewSize.height - 5))).toBeGreaterThan(240);
    const { channels } = await sharp(webp).stats();
    expect(channels[0]!.min).toBeLessThan(60);
    expect(channels[0]!.max).toBeGreaterThan(240);
  });

  it("shows the preview on the article page and in the library, served like the download", async () => {
    const { article, row } = await uploadedTo("published", await aLessonPdf(), "shown.pdf", "Shown lesson plan");
    const path = resourcePreviewPath(row!.id);
    const page = await rawRequest(`${server.url}/articles/${article.id}`);
    expect(page.status).toBe(200);
    const image = new RegExp(`<img src="${path}" alt="" width="240" height="320" loading="lazy" decoding="async"`);
    expect(page.html).toMatch(image);
    const library = await pageWhen(`${server.url}/resources`, (answer) => answer.html.includes(path), "the library shows the new preview");
    expect(library.html).toMatch(image);

    const served = await fetch(server.url + path);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(await storedBytes(row!.previewKey!))).toBe(true);
    // Not a download: the count stays.
    const [counted] = await server.services.db.select({ downloads: articleResources.downloads }).from(articleResources).where(eq(articleResources.id, row!.id));
    expect(counted!.downloads).toBe(0);
    // Never straight from storage.
    expect((await fetch(`${server.url}/uploads/${resourceBucket}/${row!.previewKey}`)).status).toBe(404);
  });

  it("serves a draft's preview only to its editors", async () => {
    const { article, row } = await uploadedTo("draft", await aLessonPdf(), "draft.pdf");
    const path = resourcePreviewPath(row!.id);
    expect((await fetch(server.url + path)).status).toBe(404);
    const asEditor = await fetch(server.url + path, { headers: { Cookie: editor.header() } });
    expect(asEditor.status).toBe(200);
    expect(asEditor.headers.get("cache-control")).toBe("private, no-store");
    await server.services.db.update(articles).set({ status: "published", publishedAt: new Date() }).where(eq(articles.id, article.id));
    expect((await fetch(server.url + path)).status).toBe(200);
  });

  it("with data saver on, the page has a tap-to-show link instead of the preview image", async () => {
    const { article, row } = await uploadedTo("published", await aLessonPdf(), "saver.pdf", "Saver lesson plan");
    const path = resourcePreviewPath(row!.id);
    const page = await rawRequest(`${server.url}/articles/${article.id}`, { headers: { Cookie: "educator_data_saver=on" } });
    expect(page.status).toBe(200);
    const visible = withoutTemplates(page.html);
    expect(visible).not.toMatch(/<img\b/);
    // It says how large the picture is, from the size kept with the upload.
    const kilobytes = Math.max(1, Math.round(row!.previewBytes! / 1024));
    expect(visible).toMatch(new RegExp(`<a href="${path}" data-saver-image[^>]*><span>Show image \\(${kilobytes} KB\\)</span>`));
    // The usual page still has it.
    expect(withoutTemplates((await rawRequest(`${server.url}/articles/${article.id}`)).html)).toContain(`<img src="${path}"`);
  });

  it("uploads a PDF it cannot or should not draw without a preview, and shows its type icon", async () => {
    const hostile: Array<[string, Buffer]> = [
      ["a page past the format's size limit", await aPageOf(20_000, 20_000)],
      ["a page ten times taller than wide", await aPageOf(200, 2000)],
      ["a content stream inflating to 512 MB", await aFlateBomb(512)],
    ];
    for (const [what, bytes] of hostile) {
      const before = await storedNames();
      const { article, status, row } = await uploadedTo("published", bytes, "hostile.pdf", `Hostile: ${what}`);
      expect(status, what).toBe(302);
      expect(row!.previewKey, what).toBeNull();
      expect(
        (await storedNames()).filter((name) => !before.includes(name)),
        what,
      ).toEqual([row!.storageKey]);
      const page = await rawRequest(`${server.url}/articles/${article.id}`);
      expect(page.status, what).toBe(200);
      expect(page.html, what).not.toContain(resourcePreviewPath(row!.id));
      expect(page.html, what).toContain(`Hostile: ${what}`);
      expect((await fetch(server.url + resourcePreviewPath(row!.id))).status, what).toBe(404);
    }
    // Garbage behind a PDF header is refused as before, with nothing stored.
    const before = await storedNames();
    const refused = await uploadedTo("published", Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4096, 0x7b)]), "garbage.pdf");
    expect(refused.status).toBe(400);
    expect(refused.row).toBeUndefined();
    expect(await storedNames()).toEqual(before);
    // The server is still there.
    expect((await rawRequest(`${server.url}/healthz`)).status).toBe(200);
  });

  it("keeps previews in backups with the files they show", async () => {
    const { row } = await uploadedTo("published", await aLessonPdf(), "kept.pdf");
    const outFile = path.join(temporaryFolder(), "site.tar.gz");
    await createBackup(server.services.db, { databaseKind: testDatabaseKind, uploadsDir: server.services.storage.root!, outFile });
    const entries: string[] = [];
    await tar.list({ file: outFile, onReadEntry: (entry) => void entries.push(entry.path) });
    expect(entries).toEqual(expect.arrayContaining([`uploads/${resourceBucket}/${row!.storageKey}`, `uploads/${resourceBucket}/${row!.previewKey}`]));
  });

  it("gives up on a page that takes too long or too much memory, leaving the process alone", async () => {
    const pdf = await aLessonPdf();
    expect(await renderPdfPreview(pdf, { timeoutMs: 1 })).toEqual({ failed: "no page after 1 ms" });
    expect(await renderPdfPreview(pdf, { memoryMb: 4 })).toMatchObject({ failed: expect.stringMatching(/memory|exited/i) });
    expect(await renderPdfPreview(pdf)).toMatchObject({ webp: expect.any(Buffer) });
  });
});
