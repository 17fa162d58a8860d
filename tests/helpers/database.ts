import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from "#app/server/db/database.server";

/** "postgres" when TEST_DATABASE_URL is set (CI runs the suite once each way), else "pglite". */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

export interface TestDatabase {
  database: Database;
  /** Connection URL of the fresh PostgreSQL database (postgres mode only). */
  url?: string;
  drop(): Promise<void>;
}

/** A new, migrated, empty database for one test file: a copy of the PGlite template, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openEmbeddedDatabase({ loadFrom: inject("pgliteTemplate") });
    return { database, drop: () => database.close() };
  }
  const url = await createPostgresDatabase(adminUrl);
  const database = await openPostgresDatabase(url, { max: 4 });
  await database.migrate();
  return {
    database,
    url,
    async drop() {
      await database.close();
      await dropPostgresDatabase(adminUrl, url);
    },
  };
}

export async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `educator_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(adminUrl: string, url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export function temporaryFolder(prefix = "educator-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
