import { eq } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleResources, articles } from "#database/schema";
import { listArticleResources, removeOrphanedResourceFiles, resourceBucket } from "#app/server/resources/resources.server";
import { settleDownloadCounts } from "#app/server/resources/download-counts.server";
import { resourceDownloadPath, type ResourceFormat } from "#app/lib/resource-files";
import { aCategory, anAccount, anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { rawRequest } from "#tests/helpers/pages";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// Files attached to articles: their type decided from their bytes, refused lookalikes leaving
// nothing behind, PDFs stripped of who made them, downloads served as attachments to those who
// may see them, and counted exactly.

let server: TestServer;
let categoryId: string;
const staff = {} as Record<"editor" | "contributor", { id: string; jar: CookieJar }>;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  const { db } = server.services;
  categoryId = (await aCategory(db, { name: "Lesson plans" })).id;
  for (const role of ["editor", "contributor"] as const) {
    const account = await anAccount(db, { role, displayName: `A ${role}` });
    staff[role] = { id: account.id, jar: await signInOverHttp(server.url, account.email, account.password) };
  }
});
afterAll(() => server.close());

const unsupported = "Unsupported file: Please upload PDF, DOCX, PPTX, XLSX, ODT, ODP or ODS files (no macros).";
const tooLarge = "File too large: Maximum size is 25MB.";

async function aPdf(options: { author?: string; pages?: number; xmp?: string } = {}) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < (options.pages ?? 1); page++) pdf.addPage([200, 200]).drawText(`Page ${page + 1}`, { x: 20, y: 100, font, size: 12 });
  if (options.author) {
    pdf.setAuthor(options.author);
    pdf.setCreator(`${options.author}'s word processor`);
    pdf.setProducer(`Made by ${options.author}`);
  }
  if (options.xmp) {
    const stream = pdf.context.stream(options.xmp, { Type: "Metadata", Subtype: "XML" });
    pdf.catalog.set(PDFName.of("Metadata"), pdf.context.register(stream));
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

const ooxml = {
  docx: ["word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"],
  pptx: ["ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"],
  xlsx: ["xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"],
  docm: ["word/document.xml", "application/vnd.ms-word.document.macroEnabled.main+xml"],
} as const;

/** A minimal OOXML package: [Content_Types].xml naming its main part, and the part. */
function anOoxml(kind: keyof typeof ooxml, extra: Zippable = {}) {
  const [part, type] = ooxml[kind];
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${type}"/></Types>`;
  return Buffer.from(zipSync({ "[Content_Types].xml": strToU8(types), [part]: strToU8("<root>Lesson</root>"), ...extra }));
}

/** A minimal ODF package: the `mimetype` entry first and stored, then its content. */
function anOdf(type: string, extra: Zippable = {}) {
  return Buffer.from(zipSync({ mimetype: [strToU8(type), { level: 0 }], "content.xml": strToU8("<office:document-content/>"), ...extra }));
}

function uploadForm(file: Buffer, name: string, title: string, resourceType = "lesson-plan") {
  const form = new FormData();
  form.set("intent", "resource-add");
  form.set("title", title);
  form.set("resourceType", resourceType);
  form.set("file", new File([new Uint8Array(file)], name));
  return form;
}

function upload(articleId: string, form: FormData, jar = staff.editor.jar) {
  return fetch(`${server.url}/admin/articles/${articleId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Cookie: jar.header() },
    body: form,
  });
}

const rowsOf = (articleId: string) =>
  server.services.db
    .select({
      id: articleResources.id,
      title: articleResources.title,
      format: articleResources.format,
      storageKey: articleResources.storageKey,
      pageCount: articleResources.pageCount,
      sizeBytes: articleResources.sizeBytes,
    })
    .from(articleResources)
    .where(eq(articleResources.articleId, articleId));
const storedFiles = async () => (await server.services.storage.list(resourceBucket, { limit: 1000 })).map((file) => file.name);

describe(`article resources (${testDatabaseKind})`, () => {
  it("stores each allowed type, decided from its bytes, with the detected format", async () => {
    const article = await anArticle(server.services.db, { categoryId, status: "draft" });
    const files: Array<[Buffer, string, ResourceFormat]> = [
      [await aPdf({ pages: 3 }), "plan.pdf", "pdf"],
      [anOoxml("docx"), "plan.docx", "docx"],
      [anOoxml("pptx"), "slides.pptx", "pptx"],
      [anOoxml("xlsx"), "marks.xlsx", "xlsx"],
      [anOdf("application/vnd.oasis.opendocument.text"), "plan.odt", "odt"],
      [anOdf("application/vnd.oasis.opendocument.presentation"), "slides.odp", "odp"],
      [anOdf("application/vnd.oasis.opendocument.spreadsheet"), "marks.ods", "ods"],
    ];
    for (const [bytes, name, format] of files) {
      const response = await upload(article.id, uploadForm(bytes, name, `Resource ${format}`));
      expect(response.status, name).toBe(302);
    }
    const rows = await rowsOf(article.id);
    expect(rows.map((row) => row.format).sort()).toEqual(files.map(([, , format]) => format).sort());
    expect(rows.find((row) => row.format === "pdf")!.pageCount).toBe(3);
    expect(rows.filter((row) => row.format !== "pdf").every((row) => row.pageCount === null)).toBe(true);
    const stored = await storedFiles();
    for (const row of rows) expect(stored).toContain(row.storageKey);
    expect((await listArticleResources(server.services.db, article.id)).map((resource) => resource.title)).toEqual(
      files.map(([, , format]) => `Resource ${format}`),
    );
  });

  it("refuses lookalikes with the upload's messages and stores nothing", async () => {
    const article = await anArticle(server.services.db, { categoryId, status: "draft" });
    const before = await storedFiles();
    const bomb = anOoxml("docx", { "word/media/filler.bin": [new Uint8Array(120 * 1024 * 1024), { level: 9 }] });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused: Array<[Buffer, string, number, string]> = [
      [await aPdf(), "plan.docx", 400, unsupported], // a PDF renamed .docx: the name must agree with the bytes
      [anOoxml("docx"), "plan.pdf", 400, unsupported],
      [anOoxml("docm"), "plan.docm", 400, unsupported],
      [anOoxml("docx", { "word/vbaProject.bin": strToU8("macro") }), "plan.docx", 400, unsupported],
      [anOdf("application/vnd.oasis.opendocument.text", { "Basic/Standard/Module1.xml": strToU8("macro") }), "plan.odt", 400, unsupported],
      [Buffer.from("<!doctype html><script>alert(1)</script>"), "plan.pdf", 400, unsupported],
      [Buffer.from("%PDF-1.7 not really a pdf"), "plan.pdf", 400, unsupported],
      [Buffer.from(zipSync({ "readme.txt": strToU8("hello") })), "plan.docx", 400, unsupported],
      [bomb, "bomb.docx", 400, unsupported],
      [Buffer.concat([await aPdf(), Buffer.alloc(25 * 1024 * 1024)]), "huge.pdf", 413, tooLarge],
    ];
    for (const [bytes, name, status, message] of refused) {
      const response = await upload(article.id, uploadForm(bytes, name, `Refused ${name}`));
      expect(response.status, name).toBe(status);
      const html = await response.text();
      expect(html, name).toContain(message.replace(/'/g, "&#x27;"));
      // The typed title is kept in the form.
      expect(html, name).toContain(`value="Refused ${name}"`);
    }
    expect(await rowsOf(article.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it("strips who made a PDF from its metadata and counts its pages", async () => {
    const article = await anArticle(server.services.db, { categoryId, status: "draft" });
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>Mwila Tembo XMP</dc:creator></x:xmpmeta>';
    const original = await aPdf({ author: "Mwila Tembo", pages: 2, xmp });
    expect(original.toString("latin1")).toContain("Mwila Tembo XMP");
    expect((await upload(article.id, uploadForm(original, "plan.pdf", "Fractions"))).status).toBe(302);
    const [row] = await rowsOf(article.id);
    expect(row!.pageCount).toBe(2);
    const response = await fetch(server.url + resourceDownloadPath({ id: row!.id, title: row!.title, format: "pdf" }), {
      headers: { Cookie: staff.editor.jar.header() },
    });
    const stored = Buffer.from(await response.arrayBuffer());
    expect(stored.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(stored.toString("latin1")).not.toContain("Mwila Tembo XMP");
    const cleaned = await PDFDocument.load(stored, { updateMetadata: false });
    expect(cleaned.getPageCount()).toBe(2);
    expect([cleaned.getAuthor() ?? "", cleaned.getCreator() ?? "", cleaned.getProducer() ?? ""].join("")).toBe("");
    expect(cleaned.catalog.get(PDFName.of("Metadata"))).toBeUndefined();
  });

  it("serves a published article's resource as a sandboxed attachment; a draft's only to its editors", async () => {
    const { db } = server.services;
    const article = await anArticle(db, { categoryId, status: "draft", authorId: staff.contributor.id });
    const pdf = await aPdf({ pages: 1 });
    expect((await upload(article.id, uploadForm(pdf, "x.pdf", 'Plan de leçon: Ŵ "quoted"'), staff.contributor.jar)).status).toBe(302);
    const [row] = await rowsOf(article.id);
    const path = resourceDownloadPath({ id: row!.id, title: row!.title, format: "pdf" });

    expect((await fetch(server.url + path)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/${resourceBucket}/${row!.storageKey}`)).status).toBe(404);
    const asWriter = await fetch(server.url + path, { headers: { Cookie: staff.contributor.jar.header() } });
    expect(asWriter.status).toBe(200);
    expect(asWriter.headers.get("cache-control")).toBe("private, no-store");
    await asWriter.arrayBuffer();

    await db.update(articles).set({ status: "published", publishedAt: new Date() }).where(eq(articles.id, article.id));
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-length")).toBe(String(row!.sizeBytes));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(response.headers.get("content-disposition")).toBe(
      // The name leaves out what a file name cannot hold (":", quotes); the ASCII fallback replaces the rest.
      `attachment; filename="Plan de le_on _ quoted.pdf"; filename*=UTF-8''Plan%20de%20le%C3%A7on%20%C5%B4%20quoted.pdf`,
    );
    expect(Buffer.from(await response.arrayBuffer()).length).toBe(row!.sizeBytes);
    expect((await fetch(`${server.url}/downloads/00000000-0000-4000-8000-000000000000/x.pdf`)).status).toBe(404);
  });

  it("counts 20 concurrent downloads by 20 readers exactly", async () => {
    const { db } = server.services;
    const article = await anArticle(db, { categoryId, status: "published" });
    expect((await upload(article.id, uploadForm(anOoxml("docx"), "w.docx", "Worksheet", "worksheet"))).status).toBe(302);
    const [row] = await rowsOf(article.id);
    const path = resourceDownloadPath({ id: row!.id, title: row!.title, format: "docx" });
    // Readers told apart by their browsers (all from one address); a reader counts once a day (download-counts.test.ts).
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => rawRequest(server.url + path, { headers: { "User-Agent": `Reader ${index}` } })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    await settleDownloadCounts();
    const [counted] = await db.select({ downloads: articleResources.downloads }).from(articleResources).where(eq(articleResources.id, row!.id));
    expect(counted!.downloads).toBe(20);
  });

  it("lists uploaded resources under the media library's Resources filter, not among images", async () => {
    const { db } = server.services;
    const article = await anArticle(db, { categoryId, status: "draft", title: "Shapes around the school" });
    expect((await upload(article.id, uploadForm(anOdf("application/vnd.oasis.opendocument.text"), "s.odt", "Shapes worksheet", "worksheet"))).status).toBe(302);
    const library = async (kind: string) => {
      const response = await fetch(`${server.url}/admin/media?kind=${kind}`, { headers: { Cookie: staff.editor.jar.header() } });
      expect(response.status).toBe(200);
      return response.text();
    };
    const resources = await library("resources");
    expect(resources).toContain("Shapes worksheet");
    expect(resources).toContain("Worksheet · ODT · ");
    expect(resources).toContain("Shapes around the school");
    expect(await library("storage")).not.toContain(`/uploads/${resourceBucket}/`);
  });

  it("renames, reorders and removes a resource, and its file goes with it", async () => {
    const { db } = server.services;
    const article = await anArticle(db, { categoryId, status: "draft" });
    for (const title of ["First", "Second"]) expect((await upload(article.id, uploadForm(anOoxml("xlsx"), "m.xlsx", title))).status).toBe(302);
    const [first, second] = await listArticleResources(db, article.id);
    const step = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/articles/${article.id}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: staff.editor.jar.header() },
        body: new URLSearchParams(fields),
      });
    expect((await step({ intent: "resource-rename", resourceId: first!.id, title: "Marks sheet", resourceType: "assessment" })).status).toBe(302);
    expect((await step({ intent: "resource-move", resourceId: second!.id, direction: "up" })).status).toBe(302);
    expect((await listArticleResources(db, article.id)).map((resource) => [resource.title, resource.resourceType])).toEqual([
      ["Second", "lesson-plan"],
      ["Marks sheet", "assessment"],
    ]);
    const [stored] = await db.select({ key: articleResources.storageKey }).from(articleResources).where(eq(articleResources.id, second!.id));
    expect(await storedFiles()).toContain(stored!.key);
    expect((await step({ intent: "resource-remove", resourceId: second!.id })).status).toBe(302);
    expect((await listArticleResources(db, article.id)).map((resource) => resource.title)).toEqual(["Marks sheet"]);
    expect(await storedFiles()).not.toContain(stored!.key);
    // The article deleted, its resources' rows go with it; the maintenance sweep removes their files.
    const [kept] = await db.select({ key: articleResources.storageKey }).from(articleResources).where(eq(articleResources.articleId, article.id));
    await db.delete(articles).where(eq(articles.id, article.id));
    expect(await removeOrphanedResourceFiles(db, server.services.storage, { graceMs: 60 * 60 * 1000 })).toBe(0); // too young yet
    expect(await removeOrphanedResourceFiles(db, server.services.storage, { graceMs: 0, now: Date.now() + 1000 })).toBeGreaterThanOrEqual(1);
    expect(await storedFiles()).not.toContain(kept!.key);
    expect((await storedFiles()).length).toBeGreaterThan(0); // other articles' files stay
    // Someone who may not edit the article cannot change its resources.
    const other = await anArticle(db, { categoryId, status: "draft", authorId: staff.editor.id });
    const refused = await upload(other.id, uploadForm(await aPdf(), "p.pdf", "Not mine"), staff.contributor.jar);
    expect(refused.status).toBe(403);
    expect(await rowsOf(other.id)).toEqual([]);
  });
});
