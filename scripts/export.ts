// The school pack of the whole published magazine: `npm run export -- --zim | --static [--out DIR] [--max-resource-mb N]`.
// Writes the pack into DIR (default ./exports) and prints one line: the file, its size and its article count.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { ServerBuild } from "react-router";
import { formatFileSize } from "#app/lib/resource-files";
import { loadConfig } from "#app/server/core/config.server";
import { createLogger } from "#app/server/core/logger.server";
import { DatabaseLockedError } from "#app/server/db/database.server";
import { pageSourceOf } from "#app/server/school-pack/page-source.server";
import { defaultMaxResourceMb, makeSchoolPack, type SchoolPackFormat } from "#app/server/school-pack/school-pack.server";
import { hasZimwriterfs, zimToolsMissing } from "#app/server/school-pack/zim.server";
import { startServices } from "#app/server/start/start.server";
import { projectRoot } from "#database/paths";

const usage = `Usage: npm run export -- --zim | --static [--out DIR] [--max-resource-mb N]
  --zim               a ZIM file for Kiwix (needs zimwriterfs: apt-get install zim-tools)
  --static            a zip of a static site that opens from disk in any browser
  --out DIR           where the pack is written (default: ./exports)
  --max-resource-mb N resources larger than N MB are linked online instead (default: ${defaultMaxResourceMb})`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readOptions() {
  try {
    const { values } = parseArgs({
      options: { zim: { type: "boolean" }, static: { type: "boolean" }, out: { type: "string" }, "max-resource-mb": { type: "string" } },
    });
    const formats: SchoolPackFormat[] = [...(values.zim ? (["zim"] as const) : []), ...(values.static ? (["static"] as const) : [])];
    if (formats.length === 0) throw new Error("Say which pack to make: --zim or --static.");
    const maxMb = Number(values["max-resource-mb"] ?? defaultMaxResourceMb);
    if (!Number.isFinite(maxMb) || maxMb < 0) throw new Error("--max-resource-mb must be a number of megabytes, 0 or more.");
    return { formats, outDir: path.resolve(values.out ?? "exports"), maxResourceBytes: Math.floor(maxMb * 1024 * 1024) };
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${usage}`);
  }
}

const options = readOptions();
if (options.formats.includes("zim") && !(await hasZimwriterfs())) fail(zimToolsMissing);

// The pages are the built app's (rendered in-process): build it first if the sources changed, quietly unless that fails.
const built = spawnSync(process.execPath, ["scripts/build-if-changed.mjs"], { cwd: projectRoot, encoding: "utf8" });
if (built.status !== 0) fail(`The app could not be built:\n${built.stdout}${built.stderr}`);

try {
  const config = loadConfig();
  const log = createLogger("warn");
  // A command, not a server: no newsletter is sent from here.
  const started = await startServices(
    { ...config, NEWSLETTER_WORKER: false },
    { log, announceOwner: ({ email, password }) => console.error(`Admin account created: ${email} / ${password} (shown once, keep it safe)`) },
  );
  try {
    const build = (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild;
    const pages = pageSourceOf(build, config.PUBLIC_URL);
    for (const format of options.formats) {
      const pack = await makeSchoolPack({
        format,
        maxResourceBytes: options.maxResourceBytes,
        pages,
        clientDir: path.join(projectRoot, "build/client"),
        outDir: options.outDir,
      });
      const shown = pack.file.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), pack.file) : pack.file;
      console.log(`${shown}  ${formatFileSize(pack.bytes)}  ${pack.articleCount} articles`);
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
