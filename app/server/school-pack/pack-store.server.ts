import crypto from "node:crypto";
import type { Storage, StoredFile } from "#app/server/core/storage.server";
import { packExtension, packStamp, schoolPackFormats, type SchoolPack, type SchoolPackFormat } from "./school-pack.server";
import { packName, schoolPackBucket } from "./pack-paths.server";
import { selectionSlug, wholeMagazineLabel, type PackSelection } from "#app/lib/school-pack-selection";

// Packs kept in storage (local or S3) for the admin screen's download link: each pack file
// ("2026-11-26T10-00-00Z-<32 hex>.zim", and for chosen grades, subjects and languages
// "…-<32 hex>-grade-4-ny.zim") beside a small manifest ("….zim.json"). The last three packs of the
// whole magazine of each format are kept, and the last six chosen ones; older ones are removed when
// a new one is stored. Anyone may download a pack
// (schools have no account) at /school-packs/<name>, so the name carries 128 random bits: a pack's
// address cannot be worked out from when it was made.

export { schoolPackBucket };
export const keptPacksPerFormat = 3;
export const keptChosenPacksPerFormat = 6;

/** What the manifest beside a stored pack says. */
export interface StoredSchoolPack {
  format: SchoolPackFormat;
  /** The pack file's key in the bucket. */
  key: string;
  madeAt: string;
  bytes: number;
  articleCount: number;
  /** What else it holds and its checksum: absent from a manifest stored before packs said so. */
  questionCount?: number;
  resourceCount?: number;
  languages?: string[];
  sha256?: string;
  /** What it holds in words ("The whole magazine", "Grade 4 · Chinyanja"): absent from a manifest stored before packs could be chosen. */
  contents?: string;
  selection?: PackSelection;
  /** Where anyone downloads it (/school-packs/…); null for a pack stored before names were unguessable, which is not served. */
  url: string | null;
}

/** The address a pack is downloaded at. */
const schoolPackDownloadPrefix = "/school-packs/";

// The time, then 128 random bits, then a chosen pack's selection: only such a name is ever served.
const servedName = new RegExp(
  `^(\\d{4}-\\d{2}-\\d{2})T\\d{2}-\\d{2}-\\d{2}Z-[0-9a-f]{32}(?:-([a-z0-9]+(?:-[a-z0-9]+)*))?\\.(${schoolPackFormats.map((format) => packExtension[format]).join("|")})$`,
);

/** Whether `name` is a pack's stored name that may be served (never a manifest, nor an old guessable name). */
export const isServedPackName = (name: string) => servedName.test(name);

/** What a school saves a stored pack as: its name (pack-paths.server.ts) and extension, as the zip's folder is named. */
export function downloadNameOf(storedName: string): string | null {
  const [, , selectionSlug = "", extension] = servedName.exec(storedName) ?? [];
  if (!extension) return null;
  return `${packName(new Date(`${storedName.slice(0, 10)}T00:00:00Z`), selectionSlug)}.${extension}`;
}

const downloadPathOf = (key: string) => (isServedPackName(key) ? schoolPackDownloadPrefix + key : null);

const manifestSuffix = ".json";
const isChosenPackName = (name: string) => servedName.exec(name)?.[2] !== undefined;
const formatOfKey = (key: string) => schoolPackFormats.find((format) => key.endsWith(`.${packExtension[format]}`)) ?? null;

async function allFiles(storage: Storage): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (let page = await storage.list(schoolPackBucket); page.length > 0; page = await storage.list(schoolPackBucket, { after: page.at(-1)!.name })) {
    files.push(...page);
  }
  return files;
}

/** Stores a pack made by makeSchoolPack with its manifest, then removes all but the newest three of its format. */
export async function storeSchoolPack(storage: Storage, pack: SchoolPack): Promise<StoredSchoolPack> {
  const chosenSlug = selectionSlug(pack.selection);
  const key = `${packStamp(pack.madeAt)}-${crypto.randomBytes(16).toString("hex")}${chosenSlug ? `-${chosenSlug}` : ""}.${packExtension[pack.format]}`;
  await storage.put(schoolPackBucket, key, { path: pack.file });
  const stored: StoredSchoolPack = {
    format: pack.format,
    key,
    madeAt: pack.madeAt.toISOString(),
    bytes: pack.bytes,
    articleCount: pack.articleCount,
    questionCount: pack.questionCount,
    resourceCount: pack.resourceCount,
    languages: pack.languages,
    sha256: pack.sha256,
    contents: pack.contents,
    selection: pack.selection,
    url: downloadPathOf(key),
  };
  // The manifest goes last: a listed pack always has its file.
  await storage.put(schoolPackBucket, key + manifestSuffix, Buffer.from(JSON.stringify(stored, null, 2)));
  // Whole and chosen packs are kept apart: a school's choices never push out the whole magazine.
  const sameKind = (await allFiles(storage))
    .map((file) => file.name)
    .filter((name) => formatOfKey(name) === pack.format && isChosenPackName(name) === (chosenSlug !== ""))
    .sort()
    .reverse();
  for (const old of sameKind.slice(chosenSlug ? keptChosenPacksPerFormat : keptPacksPerFormat)) {
    await storage.remove(schoolPackBucket, old + manifestSuffix); // the manifest first: never a listed pack without its file
    await storage.remove(schoolPackBucket, old);
  }
  return stored;
}

/** The stored packs, newest first, from their manifests. */
export async function listSchoolPacks(storage: Storage): Promise<(StoredSchoolPack & { contents: string })[]> {
  const manifests = (await allFiles(storage)).filter((file) => file.name.endsWith(manifestSuffix) && formatOfKey(file.name.slice(0, -manifestSuffix.length)));
  const packs = await Promise.all(
    manifests.map(async (file) => {
      const read = await storage.read(schoolPackBucket, file.name);
      if (!read) return null;
      const pack = JSON.parse(await new Response(read.body).text()) as StoredSchoolPack;
      // The address follows from the name, whatever an older manifest says (/uploads/… is not served).
      // A pack stored before packs could be chosen held the whole magazine.
      return { ...pack, contents: pack.contents ?? wholeMagazineLabel, url: downloadPathOf(pack.key) };
    }),
  );
  return packs.filter((pack) => pack !== null).sort((a, b) => (a.madeAt < b.madeAt ? 1 : a.madeAt > b.madeAt ? -1 : 0));
}
