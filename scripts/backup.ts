// Writes the whole site (every table and the uploaded files) to one .tar.gz: `npm run backup -- [--out FILE]`.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../app/server/config.server";
import { DatabaseLockedError, openDatabase } from "../app/server/db.server";
import { createBackup, defaultBackupFile } from "./lib/backup";

const usage = `Usage: npm run backup -- [--out FILE]   (default: ./backups/educator-<UTC time>.tar.gz)`;

async function run(outFile: string) {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const backup = await createBackup(database.db, {
      databaseKind: database.kind,
      uploadsDir: path.resolve(config.DATA_DIR, "uploads"),
      outFile,
    });
    console.log(`Backup written to ${backup.file}`);
    for (const [table, rows] of Object.entries(backup.manifest.tables)) console.log(`  ${table}: ${rows} rows`);
    console.log(`  uploads: ${backup.uploadFiles} files`);
  } finally {
    await database.close();
  }
}

let outFile: string;
try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  outFile = values.out ?? defaultBackupFile();
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(1);
}

try {
  await run(outFile);
} catch (error) {
  console.error(
    error instanceof DatabaseLockedError
      ? "The server is running on this DATA_DIR: stop it first, then run the backup again."
      : `Backup failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
