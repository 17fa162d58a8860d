import { formatFileSize } from "#app/lib/resource-files";
import { maxImportFileBytes } from "#app/lib/import-limits";
import type { ImportFormat } from "./import-source.server";

/**
 * A file that cannot be imported, with the sentence an admin reads on the Import screen (and the
 * command prints). Nothing has been written when it is thrown.
 */
export class ImportFileError extends Error {}

/** The refusal of a file over the limit, before it is read (the screen checks the upload's size, the command the file's). */
export function tooLargeError(fileName: string, size: number) {
  return new ImportFileError(`${fileName} is ${formatFileSize(size)}: the largest file that can be imported is ${formatFileSize(maxImportFileBytes)}.`);
}

/** The whole file as text: UTF-8 (or the ISO-8859-1/Windows-1252 an XML file may declare), refused when it is not. */
export function decodeImportFile(bytes: Uint8Array, fileName: string): string {
  if (bytes.byteLength === 0) throw new ImportFileError(`${fileName} is empty.`);
  if (bytes.byteLength > maxImportFileBytes) throw tooLargeError(fileName, bytes.byteLength);
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) {
    throw new ImportFileError(`${fileName} is written in UTF-16: export it again as UTF-8 (WordPress and Ghost write UTF-8).`);
  }
  const head = Buffer.from(bytes.subarray(0, 200)).toString("latin1");
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared && /^(iso-8859-1|latin1|windows-1252|cp1252|us-ascii)$/.test(declared)) {
    return new TextDecoder("windows-1252").decode(bytes);
  }
  if (declared && !/^utf-?8$/.test(declared)) {
    throw new ImportFileError(`${fileName} declares the ${declared} encoding, which is not read here: export it again as UTF-8.`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    const line = Buffer.from(bytes.subarray(0, at)).toString("latin1").split("\n").length;
    throw new ImportFileError(
      `${fileName} is not valid UTF-8 text: the bytes at line ${line} (byte ${at + 1}) are not UTF-8. Export the site again, or convert the file to UTF-8.`,
    );
  }
}

/** The offset of the first byte that is not part of a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index]!;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    if (length === 0 || index + length > bytes.length) return index;
    for (let next = 1; next < length; next++) if ((bytes[index + next]! & 0xc0) !== 0x80) return index;
    if (length === 3 && ((byte === 0xe0 && bytes[index + 1]! < 0xa0) || (byte === 0xed && bytes[index + 1]! >= 0xa0))) return index;
    if (length === 4 && ((byte === 0xf0 && bytes[index + 1]! < 0x90) || (byte === 0xf4 && bytes[index + 1]! >= 0x90))) return index;
    index += length;
  }
  return index;
}

/** Which platform wrote the file, from its first characters; refused when it is neither. */
export function detectImportFormat(text: string, fileName: string): ImportFormat {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (start.startsWith("<")) return "wordpress";
  if (start.startsWith("{") || start.startsWith("[")) return "ghost";
  throw new ImportFileError(
    `${fileName} is neither a WordPress export (an .xml file from Tools → Export) nor a Ghost export (a .json file from Settings → Migration → Export).`,
  );
}
