import { strToU8, zipSync } from "fflate";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { demoResources, type DemoResource } from "#database/seed/demo-resources";
import type { AppDb } from "#app/server/db/types.server";
import type { Storage } from "#app/server/core/storage.server";
import { addArticleResource } from "#app/server/resources/resources.server";

const pageSize: [number, number] = [595, 842]; // A4 in points
const margin = 56;

/** Lines of at most `width` points in `font` at `size`, broken between words. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const longer = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(longer, size) > width) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  if (line) lines.push(line);
  return lines;
}

/** A plain A4 PDF: the title on a coloured band, then each section's heading and lines. */
async function demoPdf(resource: DemoResource): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(resource.title);
  pdf.setProducer("The Educator demo magazine");
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const width = pageSize[0] - 2 * margin;
  let page: PDFPage = pdf.addPage(pageSize);
  let y = pageSize[1] - margin;
  const write = (text: string, font: PDFFont, size: number, indent = 0) => {
    for (const line of wrap(text, font, size, width - indent)) {
      if (y < margin + size) {
        page = pdf.addPage(pageSize);
        y = pageSize[1] - margin;
      }
      page.drawText(line, { x: margin + indent, y: y - size, size, font, color: rgb(0.1, 0.1, 0.15) });
      y -= size * 1.45;
    }
  };
  page.drawRectangle({ x: 0, y: pageSize[1] - 120, width: pageSize[0], height: 120, color: rgb(0.05, 0.36, 0.42) });
  page.drawText("The Educator", { x: margin, y: pageSize[1] - 50, size: 12, font: bold, color: rgb(1, 1, 1) });
  y = pageSize[1] - 80;
  for (const line of wrap(resource.title, bold, 18, width)) {
    page.drawText(line, { x: margin, y: y - 18, size: 18, font: bold, color: rgb(1, 1, 1) });
    y -= 24;
  }
  y = pageSize[1] - 150;
  for (const section of resource.sections) {
    write(section.heading, bold, 13);
    y -= 2;
    for (const line of section.lines) {
      if (line.startsWith("- ")) write(`\u2022 ${line.slice(2)}`, regular, 11, 12);
      else write(line, regular, 11);
    }
    y -= 10;
  }
  return pdf.save();
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A minimal OpenDocument text: mimetype first and stored uncompressed, as ODF requires. */
function demoOdt(resource: DemoResource): Uint8Array {
  const body = resource.sections
    .map((section) => {
      const items = section.lines.filter((line) => line.startsWith("- "));
      const paragraphs = section.lines.filter((line) => !line.startsWith("- "));
      return [
        `<text:h text:outline-level="2">${escapeXml(section.heading)}</text:h>`,
        ...paragraphs.map((line) => `<text:p>${escapeXml(line)}</text:p>`),
        items.length > 0
          ? `<text:list>${items.map((item) => `<text:list-item><text:p>${escapeXml(item.slice(2))}</text:p></text:list-item>`).join("")}</text:list>`
          : "",
      ].join("");
    })
    .join("");
  const office =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"';
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${office}><office:body><office:text><text:h text:outline-level="1">${escapeXml(resource.title)}</text:h>${body}</office:text></office:body></office:document-content>`;
  const meta = `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${office} xmlns:dc="http://purl.org/dc/elements/1.1/"><office:meta><dc:title>${escapeXml(resource.title)}</dc:title></office:meta></office:document-meta>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
  return zipSync({
    mimetype: [strToU8("application/vnd.oasis.opendocument.text"), { level: 0 }],
    "META-INF/manifest.xml": strToU8(manifest),
    "content.xml": strToU8(content),
    "meta.xml": strToU8(meta),
  });
}

/**
 * Writes the demo resources as real files and attaches them to their articles the way an editor's
 * upload does (the same checks, storage and page counts).
 */
export async function storeDemoResources(db: AppDb, storage: Storage, articleIds: ReadonlyMap<string, string>, uploaderOf: (articleKey: string) => string) {
  for (const resource of demoResources) {
    const articleId = articleIds.get(resource.articleKey);
    if (!articleId) continue;
    const bytes = resource.format === "pdf" ? await demoPdf(resource) : demoOdt(resource);
    await addArticleResource(db, storage, {
      articleId,
      title: resource.title,
      resourceType: resource.resourceType,
      file: new File([Buffer.from(bytes)], resource.fileName),
      uploadedBy: uploaderOf(resource.articleKey),
    });
  }
}
