// Replaces the whole site with a backup made by `npm run backup`: `npm run restore -- FILE [--force]`.
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "./lib/backup";
import { runWithDatabase } from "./lib/cli";
import { plural } from "#app/lib/plural";

const usage = `Usage: npm run restore -- FILE [--force]   (--force replaces a database that already has content)`;

function run(file: string, force: boolean) {
  return runWithDatabase("Restore failed", async (database, config) => {
    const restored = await restoreBackup(database.db, { file, uploadsDir: path.resolve(config.DATA_DIR, "uploads"), force });
    const { createdAt, databaseKind, tables } = restored.manifest;
    console.log(`Restored the backup of ${createdAt} (from ${databaseKind}) into ${database.kind}`);
    for (const [table, rows] of Object.entries(tables)) console.log(`  ${table}: ${plural(rows, { one: "row", other: "rows" })}`);
    console.log(`  uploads: ${plural(restored.uploadFiles, { one: "file", other: "files" })}`);
  });
}

let file: string;
let force: boolean;
try {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
  if (positionals.length !== 1) throw new Error(positionals.length === 0 ? "Which backup file?" : "Give one backup file.");
  file = positionals[0]!;
  force = values.force;
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(1);
}

await run(file, force);
