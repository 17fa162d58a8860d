// Writes the whole site (every table and the uploaded files) to one .tar.gz: `npm run backup -- [--out FILE]`.
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup, defaultBackupFile } from "./lib/backup";
import { runWithDatabase } from "./lib/cli";

const usage = `Usage: npm run backup -- [--out FILE]   (default: ./backups/educator-<UTC time>.tar.gz)`;

function run(outFile: string) {
  return runWithDatabase("Backup failed", async (database, config) => {
    const backup = await createBackup(database.db, {
      databaseKind: database.kind,
      uploadsDir: path.resolve(config.DATA_DIR, "uploads"),
      outFile,
    });
    console.log(`Backup written to ${backup.file}`);
    for (const [table, rows] of Object.entries(backup.manifest.tables)) console.log(`  ${table}: ${rows} rows`);
    console.log(`  uploads: ${backup.uploadFiles} files`);
  });
}

let outFile: string;
try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  outFile = values.out ?? defaultBackupFile();
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(1);
}

await run(outFile);
