import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { maxImagePixels } from "#app/server/media/images.server";

// The ZIM file is made by openZIM's own zimwriterfs (Debian's zim-tools) from the static site's
// folder, never by an encoder of ours: it writes the format, the metadata and the full-text index
// (Xapian) the way every Kiwix reader expects.

const run = promisify(execFile);

export const zimToolsMissing =
  "zimwriterfs was not found: install Debian's zim-tools (apt-get install zim-tools) to make a ZIM pack; --static works without it.";

export class ZimToolsMissingError extends Error {
  constructor() {
    super(zimToolsMissing);
  }
}

/** Whether zimwriterfs can be run here. */
export async function hasZimwriterfs(command = "zimwriterfs"): Promise<boolean> {
  return run(command, ["--version"]).then(
    () => true,
    () => false,
  );
}

// ISO 639-1 → 639-3 for the languages the site offers and a few more a Zambian school may meet;
// Zambian languages without a two-letter code are written with their three-letter one already.
const threeLetterCodes: Record<string, string> = { en: "eng", ny: "nya", fr: "fra", pt: "por", sw: "swa", es: "spa", de: "deu", ar: "ara", zh: "zho" };

/** The ISO 639-3 code ZIM metadata wants for a BCP 47 tag ("ny" → "nya", "bem" → "bem"), or null when it is not known. */
export function zimLanguageCode(tag: string): string | null {
  const primary = tag.toLowerCase().split("-", 1)[0]!;
  if (/^[a-z]{3}$/.test(primary)) return primary;
  return threeLetterCodes[primary] ?? null;
}

export interface ZimMetadata {
  /** At most 30 characters (zimcheck). */
  title: string;
  /** At most 80 characters (zimcheck). */
  description: string;
  /** ISO 639-3 codes, comma-separated, the main one first ("eng,nya,bem"). */
  language: string;
  creator: string;
  publisher: string;
  /** Version-independent identifier, e.g. "the-educator_en_all". */
  name: string;
  /** The live site. */
  source: string;
}

/** Writes the 48×48 PNG illustration Kiwix shows for the pack, from the site's logo (SVG or any image sharp reads). */
export async function writeIllustration(logo: Buffer, file: string): Promise<void> {
  // The logo is ours today, but a site may set its own: decoded within the same bound as any uploaded image.
  await sharp(logo, { density: 300, limitInputPixels: maxImagePixels })
    .resize(48, 48, { fit: "contain", background: "#ffffff" })
    .flatten({ background: "#ffffff" })
    .png()
    .toFile(file);
}

/**
 * Packs the folder `siteDir` (its welcome page index.html, the illustration `illustration`, a path
 * inside it) into `zimFile`, with the full-text index. Throws ZimToolsMissingError without zimwriterfs.
 */
export async function writeZim(siteDir: string, zimFile: string, metadata: ZimMetadata, options: { illustration: string; command?: string }) {
  const command = options.command ?? "zimwriterfs";
  if (!(await hasZimwriterfs(command))) throw new ZimToolsMissingError();
  const args = [
    "--welcome=index.html",
    `--illustration=${options.illustration}`,
    `--language=${metadata.language}`,
    `--title=${metadata.title}`,
    `--description=${metadata.description}`,
    `--creator=${metadata.creator}`,
    `--publisher=${metadata.publisher}`,
    `--name=${metadata.name}`,
    `--source=${metadata.source}`,
    "--scraper=the-educator school pack",
    path.resolve(siteDir),
    path.resolve(zimFile),
  ];
  await run(command, args, { maxBuffer: 64 * 1024 * 1024 }).catch((error: Error & { stderr?: string }) => {
    throw new Error(`zimwriterfs failed: ${(error.stderr || error.message).trim().split("\n").slice(-3).join(" ")}`);
  });
}
