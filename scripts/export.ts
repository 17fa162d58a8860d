// The school pack of the whole published magazine, or of chosen grades, subjects and languages:
// `npm run export -- --zim | --static [--out DIR] [--max-resource-mb N] [--grade G]… [--subject S]… [--language L]…`.
// Writes the pack into DIR (default ./exports) and prints one line: the file, its size and its article count.
// Or the whole magazine (every article, drafts too) as a Ghost 5 export: `npm run export -- --ghost [--out FILE]`.
import { startCommandServices } from "./lib/cli";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { ServerBuild } from "react-router";
import { formatFileSize } from "#app/lib/resource-files";
import { DatabaseLockedError } from "#app/server/db/database.server";
import { pageSourceOf } from "#app/server/school-pack/page-source.server";
import { defaultMaxResourceMb, makeSchoolPack, type SchoolPackFormat } from "#app/server/school-pack/school-pack.server";
import { hasZimwriterfs, zimToolsMissing } from "#app/server/school-pack/zim.server";
import { checkPackSelection, packChoices } from "#app/server/school-pack/pack-selection.server";
import type { PackSelection } from "#app/lib/school-pack-selection";
import { ghostExportFilename, ghostExportJson, type GhostExportCounts } from "#app/server/export/ghost-export.server";
import { projectRoot } from "#database/paths";

const usage = `Usage: npm run export -- --zim | --static [--out DIR] [--max-resource-mb N] [--grade G]… [--subject S]… [--language L]…
       npm run export -- --ghost [--out FILE]
  --zim               a ZIM file for Kiwix (needs zimwriterfs: apt-get install zim-tools)
  --static            a zip of a static site that opens from disk in any browser
  --ghost             every article, category, tag and author as a Ghost 5 JSON export (it holds staff emails)
  --out DIR           where the pack is written (default: ./exports); with --ghost, the file (default: ./exports/${ghostExportFilename()})
  --max-resource-mb N resources larger than N MB are linked online instead (default: ${defaultMaxResourceMb})
  --grade G           only articles for this grade (grade-4, form-1, ece…) and those for every grade; repeat for more
  --subject S         only articles of this subject (its slug) and those of none; repeat for more
  --language L        only articles in this language (en, ny, bem…); repeat for more`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        zim: { type: "boolean" },
        static: { type: "boolean" },
        ghost: { type: "boolean" },
        out: { type: "string" },
        "max-resource-mb": { type: "string" },
        grade: { type: "string", multiple: true },
        subject: { type: "string", multiple: true },
        language: { type: "string", multiple: true },
      },
    });
    if (values.ghost) {
      if (values.zim || values.static) throw new Error("--ghost is made on its own: run the command again for the pack.");
      return { kind: "ghost", file: path.resolve(values.out ?? path.join("exports", ghostExportFilename())) } as const;
    }
    const formats: SchoolPackFormat[] = [...(values.zim ? (["zim"] as const) : []), ...(values.static ? (["static"] as const) : [])];
    if (formats.length === 0) throw new Error("Say which export to make: --zim, --static or --ghost.");
    const maxMb = Number(values["max-resource-mb"] ?? defaultMaxResourceMb);
    if (!Number.isFinite(maxMb) || maxMb < 0) throw new Error("--max-resource-mb must be a number of megabytes, 0 or more.");
    const asked: PackSelection = { levels: values.grade ?? [], subjects: values.subject ?? [], languages: values.language ?? [] };
    return { kind: "pack", formats, outDir: path.resolve(values.out ?? "exports"), maxResourceBytes: Math.floor(maxMb * 1024 * 1024), asked } as const;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${usage}`);
  }
}

const options = readOptions();
const shownPath = (file: string) => (file.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), file) : file);

/** Everything exported, read in pages, streamed to the file; one line printed: the file, its size and what it holds. */
async function exportGhost(file: string) {
  const { config, ...started } = await startCommandServices();
  try {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const counts: GhostExportCounts = {};
    await pipeline(Readable.from(ghostExportJson(started.services.db, { publicUrl: config.PUBLIC_URL, counts })), fs.createWriteStream(file));
    const counted = `${counts.posts ?? 0} articles, ${counts.tags ?? 0} tags, ${counts.users ?? 0} authors`;
    console.log(`${shownPath(file)}  ${formatFileSize((await fs.promises.stat(file)).size)}  ${counted}`);
  } finally {
    await started.stop();
  }
}

if (options.kind === "ghost") {
  try {
    await exportGhost(options.file);
  } catch (error) {
    fail(
      error instanceof DatabaseLockedError
        ? "The server is running on this DATA_DIR: stop it first, then run this again (or use PostgreSQL)."
        : `Export failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exit(0);
}

if (options.formats.includes("zim") && !(await hasZimwriterfs())) fail(zimToolsMissing);

// The pages are the built app's (rendered in-process): build it first if the sources changed, quietly unless that fails.
const built = spawnSync(process.execPath, ["scripts/build-if-changed.mjs"], { cwd: projectRoot, encoding: "utf8" });
if (built.status !== 0) fail(`The app could not be built:\n${built.stdout}${built.stderr}`);

try {
  const { config, ...started } = await startCommandServices();
  try {
    const build = (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild;
    const pages = pageSourceOf(build, config.PUBLIC_URL);
    const selection = checkPackSelection(options.asked, await packChoices(started.services.db));
    if (typeof selection === "string") throw new Error(selection);
    for (const format of options.formats) {
      const pack = await makeSchoolPack({
        format,
        maxResourceBytes: options.maxResourceBytes,
        pages,
        clientDir: path.join(projectRoot, "build/client"),
        outDir: options.outDir,
        selection,
      });
      console.log(`${shownPath(pack.file)}  ${formatFileSize(pack.bytes)}  ${pack.articleCount} articles  ${pack.contents}`);
    }
  } finally {
    await started.stop();
  }
} catch (error) {
  fail(
    error instanceof DatabaseLockedError
      ? "The server is running on this DATA_DIR: stop it first, then run this again (or use PostgreSQL)."
      : `Export failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}
