// Replaces the whole site with a backup made by `npm run backup`: `npm run restore -- FILE [--force]`.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../app/server/config.server";
import { DatabaseLockedError, openDatabase } from "../app/server/db.server";
import { restoreBackup } from "./lib/backup";

const usage = `Usage: npm run restore -- FILE [--force]   (--force replaces a database that already has content)`;

async function run(file: string, force: boolean) {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const restored = await restoreBackup(database.db, { file, uploadsDir: path.resolve(config.DATA_DIR, "uploads"), force });
    const { createdAt, databaseKind, tables } = restored.manifest;
    console.log(`Restored the backup of ${createdAt} (from ${databaseKind}) into ${database.kind}`);
    for (const [table, rows] of Object.entries(tables)) console.log(`  ${table}: ${rows} rows`);
    console.log(`  uploads: ${restored.uploadFiles} files`);
  } finally {
    await database.close();
  }
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

try {
  await run(file, force);
} catch (error) {
  console.error(
    error instanceof DatabaseLockedError
      ? "The server is running on this DATA_DIR: stop it first, then run the restore again."
      : `Restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
