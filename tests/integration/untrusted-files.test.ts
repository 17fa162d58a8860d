import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleResources } from "#database/schema";
import { resourceDownloadPath, resourceUploadFailures } from "#app/lib/resource-files";
import { mayEditArticle } from "#app/lib/article-access";
import { checkArticleAccess } from "#app/server/articles/article-access.server";
import { addArticleResource, resourceBucket } from "#app/server/resources/resources.server";
import { inspectUntrustedResource } from "#app/server/resources/resource-files.server";
import { ImportFileError, inspectImport } from "#app/server/import/import.server";
import { readImportFileApart } from "#app/server/import/import-read.server";
import { aCategory, anAccount, anArticle } from "#tests/factories";
import { temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { aLayeredPageTree, aPdfWithActions, pdfText } from "#tests/helpers/pdf-files";
import { startServerProcess, stopProcess } from "#tests/helpers/processes";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// No uploaded file can stop the server: files are read in a worker with limits, after the access
// check, and a PDF is stored without what would run when it is opened.

let server: TestServer;
let contributor: { id: string; jar: CookieJar };
let categoryId: string;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false" });
  categoryId = (await aCategory(server.services.db, { name: "Worksheets" })).id;
  const account = await anAccount(server.services.db, { role: "contributor" });
  contributor = { id: account.id, jar: await signInOverHttp(server.url, account.email, account.password) };
});
afterAll(() => server.close());

function uploadForm(file: Buffer, name: string) {
  const form = new FormData();
  form.set("intent", "resource-add");
  form.set("title", `Upload of ${name}`);
  form.set("file", new File([new Uint8Array(file)], name));
  return form;
}

function upload(url: string, articleId: string, file: Buffer, name: string, jar: CookieJar) {
  return fetch(`${url}/admin/articles/${articleId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, Cookie: jar.header() },
    body: uploadForm(file, name),
  });
}

/**
 * How long each /healthz took, asked one after another from before `work` starts until it
 * settles (work that holds this process's thread from its first call is measured too), and its answer.
 */
async function healthzWhile<T>(url: string, work: () => Promise<T>): Promise<{ answer: T; latencies: number[] }> {
  let settled = false;
  const latencies: number[] = [];
  const polling = (async () => {
    while (!settled) {
      const started = performance.now();
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const answer = await work().finally(() => (settled = true));
  await polling;
  return { answer, latencies };
}

const failureText = (failure: { title: string; description: string }) => `${failure.title}: ${failure.description}`.replace(/'/g, "&#x27;");
const rowsOf = (articleId: string) =>
  server.services.db.select({ id: articleResources.id }).from(articleResources).where(eq(articleResources.articleId, articleId));
const storedFiles = async () => (await server.services.storage.list(resourceBucket, { limit: 1000 })).map((file) => file.name);

describe(`untrusted uploads (${testDatabaseKind})`, () => {
  it("refuses a 4 KB PDF whose page tree doubles at each of 40 levels, with /healthz answering within 1 s throughout", async () => {
    const article = await anArticle(server.services.db, { categoryId, status: "draft", authorId: contributor.id });
    const before = await storedFiles();
    for (const levels of [40, 22]) {
      const pdf = aLayeredPageTree(levels);
      expect(pdf.length).toBeLessThan(4096);
      const { answer, latencies } = await healthzWhile(server.url, () => upload(server.url, article.id, pdf, "tree.pdf", contributor.jar));
      expect(answer.status, `${levels} levels`).toBe(400);
      expect(await answer.text()).toContain(failureText(resourceUploadFailures.brokenPageTree));
      expect(latencies.length).toBeGreaterThan(0);
      expect(Math.max(...latencies), `${levels} levels: /healthz took ${Math.round(Math.max(...latencies))} ms`).toBeLessThan(1000);
    }
    expect(await rowsOf(article.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a contributor's upload to an article it may not edit before the file is read", async () => {
    const { db, storage } = server.services;
    const someoneElses = await anArticle(db, { categoryId, status: "draft" });
    const response = await upload(server.url, someoneElses.id, aLayeredPageTree(40), "tree.pdf", contributor.jar);
    expect(response.status).toBe(403);
    // The same upload with the inspection passed in: the refused one never reaches it.
    const inspected: number[] = [];
    const inspect = (bytes: Buffer) => {
      inspected.push(bytes.length);
      return inspectUntrustedResource(bytes);
    };
    const file = new File([new Uint8Array(aPdfWithActions())], "worksheet.pdf");
    const add = (articleId: string) =>
      addArticleResource(
        db,
        storage,
        { articleId, title: "Worksheet", resourceType: null, file, uploadedBy: contributor.id },
        (tx) => checkArticleAccess(tx, { id: contributor.id, role: "contributor" }, articleId, mayEditArticle),
        inspect,
      );
    const refused = await add(someoneElses.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(inspected).toEqual([]);
    // Its own article: the same call reaches the inspection.
    const own = await anArticle(db, { categoryId, status: "draft", authorId: contributor.id });
    await add(own.id);
    expect(inspected).toEqual([file.size]);
  });

  it("stores a PDF without its scripts, launch actions and form posts", async () => {
    const article = await anArticle(server.services.db, { categoryId, status: "draft", authorId: contributor.id });
    expect((await upload(server.url, article.id, aPdfWithActions(), "actions.pdf", contributor.jar)).status).toBe(302);
    const [row] = await server.services.db
      .select({ id: articleResources.id, title: articleResources.title, pageCount: articleResources.pageCount })
      .from(articleResources)
      .where(eq(articleResources.articleId, article.id));
    expect(row!.pageCount).toBe(1);
    const download = await fetch(server.url + resourceDownloadPath({ ...row!, format: "pdf" }), { headers: { Cookie: contributor.jar.header() } });
    expect(download.status).toBe(200);
    const text = await pdfText(new Uint8Array(await download.arrayBuffer()));
    for (const gone of ["JavaScript", "app.alert", "Launch", "cmd.exe", "SubmitForm", "/AA", "OpenAction"]) expect(text, gone).not.toContain(gone);
    expect(text).toContain("https://example.org/lesson");
  });

  it("refuses a macro-enabled document whose content types are written with single quotes", async () => {
    const article = await anArticle(server.services.db, { categoryId, status: "draft", authorId: contributor.id });
    // The document type in double quotes would pass alone; the macro-enabled one is in single quotes.
    const types = `<?xml version='1.0'?><Types xmlns='http://schemas.openxmlformats.org/package/2006/content-types'><Default Extension="xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName='/word/document.xml' ContentType='application/vnd.ms-word.document.macroEnabled.main+xml'/></Types>`;
    const docm = Buffer.from(zipSync({ "[Content_Types].xml": strToU8(types), "word/document.xml": strToU8("<root/>") }));
    const response = await upload(server.url, article.id, docm, "plan.docx", contributor.jar);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(failureText(resourceUploadFailures.unsupported));
    expect(await rowsOf(article.id)).toEqual([]);
  });
});

/**
 * The theme unit test export with its items written `times` over, each copy with its own ids and
 * slugs: 600 KB a copy, as many posts as a large school's blog of ten years.
 */
function aLargeWordpressExport(times: number): Buffer {
  const xml = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/import/themeunittestdata.wordpress.xml"), "utf8");
  const start = xml.indexOf("<item>");
  const end = xml.lastIndexOf("</item>") + "</item>".length;
  const copies = Array.from({ length: times }, (_, copy) =>
    xml
      .slice(start, end)
      .replace(/<wp:post_id>(\d+)<\/wp:post_id>/g, (_, id: string) => `<wp:post_id>${Number(id) + 100_000 * copy}</wp:post_id>`)
      .replace(/<wp:post_name><!\[CDATA\[([^\]]*)\]\]>/g, (_, slug: string) => `<wp:post_name><![CDATA[${slug}-${copy}]]>`),
  );
  return Buffer.from(xml.slice(0, start) + copies.join("") + xml.slice(end));
}

describe(`untrusted imports (${testDatabaseKind})`, () => {
  it("reads a 15 MB WordPress export with /healthz answering within 1 s throughout", async () => {
    const bytes = aLargeWordpressExport(26);
    expect(bytes.length).toBeGreaterThan(14 * 1024 * 1024);
    const { answer, latencies } = await healthzWhile(server.url, () => inspectImport(server.services.db, { fileName: "large.xml", bytes }));
    expect(answer.create.articles).toBeGreaterThan(1000);
    expect(latencies.length).toBeGreaterThan(1);
    expect(Math.max(...latencies), `/healthz took ${Math.round(Math.max(...latencies))} ms`).toBeLessThan(1000);
  }, 60_000);

  it("refuses an export that takes longer or more memory to read than its limits, with a sentence", async () => {
    const bytes = aLargeWordpressExport(2);
    const refusal = "large.xml could not be read within 0.05 seconds and 2048 MB of memory: split the export";
    await expect(readImportFileApart({ fileName: "large.xml", bytes }, { timeoutMs: 50, memoryMb: 2048, growthMb: 3072 })).rejects.toThrow(refusal);
    await expect(readImportFileApart({ fileName: "large.xml", bytes }, { timeoutMs: 60_000, memoryMb: 16, growthMb: 3072 })).rejects.toBeInstanceOf(
      ImportFileError,
    );
    // Its own refusals pass through as they are.
    await expect(readImportFileApart({ fileName: "empty.xml", bytes: new Uint8Array() })).rejects.toThrow("empty.xml is empty.");
  }, 60_000);
});

// `npm start` as an operator runs it: the compiled server starts the worker from the source tree.
describe.skipIf(testDatabaseKind !== "pglite")("untrusted uploads to the compiled server", () => {
  it("inspects in its worker: a good PDF is stored, the 40-level one refused, /healthz answering within 1 s", async () => {
    const owner = { email: "owner@example.com", password: "owner-secret-words" };
    const running = await startServerProcess({ DATA_DIR: temporaryFolder(), OWNER_EMAIL: owner.email, OWNER_PASSWORD: owner.password });
    try {
      const jar = await signInOverHttp(running.url, owner.email, owner.password);
      const list = await (await fetch(`${running.url}/admin/articles`, { headers: { Cookie: jar.header() } })).text();
      const articleId = /\/admin\/articles\/([0-9a-f-]{36})/.exec(list)?.[1];
      expect(articleId, "a demo article").toBeDefined();
      const good = await PDFDocument.create();
      good.addPage([200, 200]);
      expect((await upload(running.url, articleId!, Buffer.from(await good.save()), "good.pdf", jar)).status).toBe(302);
      const { answer, latencies } = await healthzWhile(running.url, () => upload(running.url, articleId!, aLayeredPageTree(40), "tree.pdf", jar));
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain(failureText(resourceUploadFailures.brokenPageTree));
      expect(Math.max(...latencies)).toBeLessThan(1000);
    } finally {
      expect(await stopProcess(running)).toBe(0);
    }
  }, 120_000);
});
