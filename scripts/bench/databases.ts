import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from "#app/server/db/database.server";
import { createPostgresDatabase, dropPostgresDatabase } from "#tests/helpers/database";

export interface BenchDatabase {
  /** A scratch folder for the server's data (uploads, lock). */
  dataDir: string;
  /** Opens (or opens again, after a run closed it) the benchmark's database. */
  open(): Promise<Database>;
  /** Closes what is open and removes the database and the folder. */
  cleanup(): Promise<void>;
}

/**
 * A new, empty database for one benchmark: embedded in a temporary folder, or a fresh
 * database on the PostgreSQL server at `adminUrl` (dropped by cleanup).
 */
export async function createBenchDatabase(adminUrl?: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-bench-"));
  const url = adminUrl ? await createPostgresDatabase(adminUrl) : undefined;
  const opened: Database[] = [];
  return {
    dataDir,
    async open() {
      const database = url ? await openPostgresDatabase(url) : await openEmbeddedDatabase({ dataDir: path.join(dataDir, "pgdata") });
      opened.push(database);
      return database;
    },
    async cleanup() {
      for (const database of opened) await database.close(); // closing twice is harmless
      if (adminUrl && url) await dropPostgresDatabase(adminUrl, url);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
