import { strToU8, zipSync } from "fflate";
import { PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { resourceUploadFailures } from "#app/lib/resource-files";
import { aLayeredPageTree, aPdfWithActions, pdfText } from "#tests/helpers/pdf-files";
import { inspectResourceFile, inspectUntrustedResource, maxPageTreeDepth, ResourceUploadError } from "./resource-files.server";

const refusal = (bytes: Buffer) =>
  inspectResourceFile(bytes).then(
    () => null,
    (error: unknown) => (error instanceof ResourceUploadError ? error.failure : error),
  );

/** An OOXML package whose [Content_Types].xml is written as given. */
function aPackage(contentTypes: string) {
  return Buffer.from(zipSync({ "[Content_Types].xml": strToU8(contentTypes), "word/document.xml": strToU8("<root>Lesson</root>") }));
}
const types = (...entries: string[]) =>
  `<?xml version='1.0' encoding='UTF-8'?><Types xmlns='http://schemas.openxmlformats.org/package/2006/content-types'>${entries.join("")}</Types>`;
const documentType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const macroType = "application/vnd.ms-word.document.macroEnabled.main+xml";

describe("inspectResourceFile: PDF page trees", () => {
  it("refuses a page tree that reaches a node twice, at once, however many paths it has", async () => {
    for (const levels of [40, 22, 1]) {
      const started = performance.now();
      expect(await refusal(aLayeredPageTree(levels)), `${levels} levels`).toEqual(resourceUploadFailures.brokenPageTree);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it("refuses a tree deeper than any document's, and counts the pages of a real one", async () => {
    expect(await refusal(aLayeredPageTree(maxPageTreeDepth + 1, 1))).toEqual(resourceUploadFailures.brokenPageTree);
    expect((await inspectResourceFile(aLayeredPageTree(maxPageTreeDepth, 1))).pageCount).toBe(1);
    const pdf = await PDFDocument.create();
    for (let page = 0; page < 5; page++) pdf.addPage([200, 200]);
    expect((await inspectResourceFile(Buffer.from(await pdf.save()))).pageCount).toBe(5);
  });
});

describe("inspectResourceFile: PDF actions", () => {
  it("stores none of the scripts, launches and form posts, and keeps the page and its web link", async () => {
    const original = aPdfWithActions();
    expect(await pdfText(original)).toContain("app.alert(1)");
    const { bytes, pageCount } = await inspectResourceFile(original);
    expect(pageCount).toBe(1);
    const text = await pdfText(bytes);
    for (const gone of ["JavaScript", "app.alert", "Launch", "cmd.exe", "calc", "SubmitForm", "evil.example", "/AA", "OpenAction"]) {
      expect(text, gone).not.toContain(gone);
    }
    expect(text).toContain("https://example.org/lesson");
    const cleaned = await PDFDocument.load(bytes);
    expect(cleaned.catalog.get(PDFName.of("OpenAction"))).toBeUndefined();
    expect(cleaned.getPage(0).node.Annots()?.size()).toBe(2);
  });
});

describe("inspectResourceFile: OOXML content types", () => {
  it("reads macro-enabled types whatever the quotes, and character references in them", async () => {
    // Beside a document type in double quotes, which alone would pass.
    const documentDefault = `<Default Extension="xml" ContentType="${documentType}"/>`;
    for (const macro of [
      `<Override PartName='/word/document.xml' ContentType='${macroType}'/>`,
      `<Override PartName="/word/document.xml" ContentType = '${macroType}' />`,
      `<Override PartName="/word/document.xml" ContentType="${macroType.replace("E", "&#69;").replace("+", "&#x2B;")}"/>`,
    ]) {
      expect(await refusal(aPackage(types(documentDefault, macro))), macro).toEqual(resourceUploadFailures.unsupported);
    }
    expect((await inspectResourceFile(aPackage(types(documentDefault)))).format).toBe("docx");
    expect((await inspectResourceFile(aPackage(types(`<Override PartName='/word/document.xml' ContentType='${documentType}'/>`)))).format).toBe("docx");
  });
});

describe("inspectUntrustedResource", () => {
  it("answers as the inspection does, from a worker", async () => {
    const inspected = await inspectUntrustedResource(aPdfWithActions());
    expect(inspected.format).toBe("pdf");
    expect(inspected.pageCount).toBe(1);
    expect(Buffer.isBuffer(inspected.bytes)).toBe(true);
    expect(await pdfText(inspected.bytes)).not.toContain("app.alert");
    await expect(inspectUntrustedResource(aLayeredPageTree(40))).rejects.toMatchObject({ status: 400, failure: resourceUploadFailures.brokenPageTree });
  });

  it("refuses a file that takes longer or more memory than its limits", async () => {
    const pdf = aPdfWithActions();
    await expect(inspectUntrustedResource(pdf, { timeoutMs: 1, memoryMb: 256, growthMb: 1024 })).rejects.toMatchObject({
      status: 400,
      failure: resourceUploadFailures.tooComplex,
    });
    await expect(inspectUntrustedResource(pdf, { timeoutMs: 20_000, memoryMb: 8, growthMb: 1024 })).rejects.toMatchObject({
      failure: resourceUploadFailures.tooComplex,
    });
  });
});
