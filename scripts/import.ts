// Imports a WordPress (WXR .xml) or Ghost (.json) export: `npm run import -- <file> [--site-url URL] [--dry-run]`.
// Prints what the file holds and what will be created or skipped, then one line with what was done.
import { startCommandServices } from "./lib/cli";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DatabaseLockedError } from "#app/server/db/database.server";
import {
  ImportFileError,
  inspectImport,
  maxImportFileBytes,
  runImport,
  tooLargeError,
  type ImportPreview,
  type ImportResult,
} from "#app/server/import/import.server";

const usage = `Usage: npm run import -- <file> [--site-url URL] [--dry-run]
  <file>          a WordPress export (.xml, Tools → Export) or a Ghost export (.json, Settings → Migration → Export)
  --site-url URL  the old site's address: resolves Ghost's __GHOST_URL__ and site-relative image addresses
  --dry-run       show what would be imported, import nothing`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readOptions() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { "site-url": { type: "string" }, "dry-run": { type: "boolean" }, help: { type: "boolean" } },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if (positionals.length !== 1) throw new Error("Name one export file to import.");
    // npm runs scripts in the project folder; the file is named from where the command was typed.
    return {
      file: path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!),
      siteUrl: values["site-url"] ?? null,
      dryRun: values["dry-run"] ?? false,
    };
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${usage}`);
  }
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function printPreview(preview: ImportPreview) {
  const { create } = preview;
  console.log(`${preview.format === "wordpress" ? "WordPress" : "Ghost"} export of "${preview.siteTitle}" (${preview.source})`);
  console.log(
    `To create: ${plural(create.articles, "article")} (${plural(create.pages, "page")}), ${plural(create.categories, "category", "categories")}, ${plural(create.tags, "tag")}, ${plural(create.authors, "author")}, ${plural(create.comments, "comment")}, ${plural(create.images, "image")} to download`,
  );
  for (const group of preview.skipped)
    console.log(
      `Skipped: ${plural(group.count, group.kind, group.kind === "category" ? "categories" : undefined)}: ${group.reason}${group.examples.length ? ` (e.g. ${group.examples.map((title) => JSON.stringify(title)).join(", ")})` : ""}`,
    );
  for (const notice of preview.notices) console.log(`Note: ${notice}`);
}

function resultLine(result: ImportResult) {
  const { created } = result;
  const left = result.imagesLeftAsLinks > 0 ? `; ${plural(result.imagesLeftAsLinks, "image")} left as links` : "";
  return `Imported ${plural(created.articles, "article")}, ${plural(created.categories, "category", "categories")}, ${plural(created.tags, "tag")}, ${plural(created.authors, "author")}, ${plural(created.comments, "comment")}, ${plural(created.images, "image")}${left}.`;
}

const options = readOptions();
let bytes: Buffer;
try {
  const size = (await fs.promises.stat(options.file)).size;
  if (size > maxImportFileBytes) throw tooLargeError(path.basename(options.file), size);
  bytes = await fs.promises.readFile(options.file);
} catch (error) {
  fail(error instanceof ImportFileError ? error.message : `Cannot read ${options.file}: ${(error as Error).message}`);
}

try {
  const started = await startCommandServices();
  try {
    const input = { fileName: path.basename(options.file), bytes, siteUrl: options.siteUrl };
    printPreview(await inspectImport(started.services.db, input));
    if (!options.dryRun) {
      let shown = "";
      const result = await runImport(started.services, {
        ...input,
        onProgress: (step) => {
          if (step !== shown && process.stderr.isTTY) process.stderr.write(`\r${step.padEnd(60)}`);
          shown = step;
        },
      });
      if (process.stderr.isTTY) process.stderr.write(`\r${"".padEnd(60)}\r`);
      console.log(resultLine(result));
    } else {
      console.log("Dry run: nothing imported.");
    }
  } finally {
    await started.stop();
  }
} catch (error) {
  fail(
    error instanceof ImportFileError
      ? error.message
      : error instanceof DatabaseLockedError
        ? "The server is running on this DATA_DIR: stop it first, then run this again (or use PostgreSQL)."
        : `Import failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}
process.exit(0);
