import crypto from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { slugify } from "#app/lib/slug";
import { packName } from "./pack-paths.server";
import type { Services } from "#app/server/core/services.server";
import { services as startedServices } from "#app/server/core/services.server";
import { buildStaticSite, type PackProgress } from "./build-static-site.server";
import type { PageSource } from "./page-source.server";
import { writeIllustration, writeZim, zimLanguageCode } from "./zim.server";
import { chosenArticlesCondition, packContentsLabel } from "./pack-selection.server";
import { withChosenArticles } from "#app/server/articles/published.server";
import { orderedSelection, selectionSlug, wholeMagazine, type PackSelection } from "#app/lib/school-pack-selection";
import { siteSettings } from "#app/server/core/site-settings.server";

// The school pack: the whole published magazine as one file a school without a connection can
// read: a ZIM file for Kiwix (kiwix-serve, the Android and desktop apps), or a zip of a plain static
// site that opens from a USB stick in any browser. Both are made from the same folder of pages.

export const schoolPackFormats = ["zim", "static"] as const;
export type SchoolPackFormat = (typeof schoolPackFormats)[number];

/** The operator's default for `--max-resource-mb`: larger resources are linked online, not packed. */
export const defaultMaxResourceMb = 5;

export interface SchoolPackOptions {
  format: SchoolPackFormat;
  /** Resources larger than this are left out (their page links to them online). */
  maxResourceBytes: number;
  /** The site's pages (page-source.server.ts: the built app, rendered in-process). */
  pages: PageSource;
  /** The built client (build/client): stylesheet, favicon, the site's own images. */
  clientDir: string;
  /** Folder the pack file is written to (made if missing). */
  outDir: string;
  /** Database, storage and configuration; the started services by default. */
  services?: Pick<Services, "db" | "storage" | "config">;
  madeAt?: Date;
  /** The zimwriterfs command (for tests); "zimwriterfs" from PATH by default. */
  zimwriterfs?: string;
  /** Told after each page rendered (the pages are most of the work; the ZIM or zip is written after). */
  onProgress?: (progress: PackProgress) => void;
  /** The grades, subjects and languages it holds; the whole magazine by default. */
  selection?: PackSelection;
}

export interface SchoolPack {
  format: SchoolPackFormat;
  /** Where the pack was written. */
  file: string;
  bytes: number;
  /** The file's SHA-256 (hex), for a school to check its copy. */
  sha256: string;
  articleCount: number;
  questionCount: number;
  resourceCount: number;
  /** The languages its articles are written in (BCP 47), the most used first. */
  languages: string[];
  selection: PackSelection;
  /** The selection in words: "The whole magazine", "Grade 4 · Chinyanja". */
  contents: string;
  madeAt: Date;
}

// ZIM metadata limits (zimcheck): title 30 characters, description 80.
const zimDescription = "Online education magazine for teachers, with a Zambian focus";

/** "26 November 2026" in the site's time zone. */
export function madeOnText(madeAt: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone }).format(madeAt);
}

/** "2026-11-26T10-00-00Z": a pack's time as a file name part (storage keys allow no colon). */
export function packStamp(madeAt: Date): string {
  return madeAt
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
}

export const packExtension: Record<SchoolPackFormat, string> = { zim: "zim", static: "zip" };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

// Images and documents are compressed already: stored as they are, the zip is made faster and no larger.
const storedAsIs = /\.(webp|jpe?g|png|gif|pdf|docx|pptx|xlsx|odt|odp|ods)$/i;

/** The site's folder as a zip that unpacks into one folder, `folder`. */
async function writeZip(siteDir: string, zipFile: string, folder: string) {
  const zip = new yazl.ZipFile();
  for (const file of await filesUnder(siteDir)) zip.addFile(path.join(siteDir, file), `${folder}/${file}`, { compress: !storedAsIs.test(file) });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(zipFile));
}

/** A file's SHA-256 in hex, read as a stream (a pack may be large). */
async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Makes a school pack of everything published now (or of the chosen part of it), into `outDir`. */
export async function makeSchoolPack(options: SchoolPackOptions): Promise<SchoolPack> {
  const { db, storage, config } = options.services ?? startedServices();
  const madeAt = options.madeAt ?? new Date();
  const selection = orderedSelection(options.selection ?? wholeMagazine);
  const chosen = chosenArticlesCondition(db, selection);
  const name = packName(madeAt, selectionSlug(selection));
  const siteDir = await fs.mkdtemp(path.join(os.tmpdir(), "school-pack-"));
  try {
    const buildSite = () =>
      buildStaticSite({
        dir: siteDir,
        pages: options.pages,
        storage,
        db,
        publicUrl: config.PUBLIC_URL,
        clientDir: options.clientDir,
        madeOn: madeOnText(madeAt, config.SITE_TIMEZONE),
        maxResourceBytes: options.maxResourceBytes,
        onProgress: options.onProgress,
      });
    // Every page, list and count of a chosen pack sees only the chosen articles (published.server.ts).
    const site = await (chosen ? withChosenArticles(chosen, buildSite) : buildSite());
    await fs.mkdir(options.outDir, { recursive: true });
    const file = path.resolve(options.outDir, `${name}.${packExtension[options.format]}`);
    if (options.format === "static") {
      await writeZip(siteDir, file, name);
    } else {
      const illustration = "illustration-48x48.png";
      // Every language its pages are written in, the most used first (English when none is known).
      const zimLanguages = site.languages.map(zimLanguageCode).filter((code) => code !== null);
      if (zimLanguages.length === 0) zimLanguages.push("eng");
      await writeIllustration(await fs.readFile(path.join(options.clientDir, "favicon.svg")), path.join(siteDir, illustration));
      await writeZim(
        siteDir,
        file,
        {
          title: siteSettings().name,
          description: zimDescription,
          language: zimLanguages.join(","),
          creator: siteSettings().name,
          publisher: siteSettings().name,
          name: `${slugify(siteSettings().name)}_${site.languages.length === 1 ? site.languages[0] : "mul"}_${selectionSlug(selection) || "all"}`,
          source: config.PUBLIC_URL,
        },
        { illustration, command: options.zimwriterfs },
      );
    }
    const { size } = await fs.stat(file);
    return {
      format: options.format,
      file,
      bytes: size,
      sha256: await sha256Of(file),
      articleCount: site.articleCount,
      questionCount: site.questionCount,
      resourceCount: site.resourceCount,
      languages: site.languages,
      selection,
      contents: await packContentsLabel(db, selection),
      madeAt,
    };
  } finally {
    await fs.rm(siteDir, { recursive: true, force: true });
  }
}
