import fs from "node:fs";
import path from "node:path";
import { getTableName, sql } from "drizzle-orm";
import { type PgTable } from "drizzle-orm/pg-core";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViews, rateLimits } from "#database/schema";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { BackupError, backupTables, createBackup, restoreBackup } from "#scripts/lib/backup";
import { createTestDatabase, temporaryFolder, testDatabaseKind, type TestDatabase } from "#tests/helpers/database";
import { runTsx } from "#tests/helpers/processes";
import { startTestServices, type TestServices } from "#tests/helpers/services";

let source: TestServices;
let target: TestDatabase;
let backupFile: string;
const targetUploads = path.join(temporaryFolder(), "uploads");

beforeAll(async () => {
  source = await startTestServices({ SEED_DEMO: "true" });
  const { db } = source.services;
  // More page views than one page of the dump, to cover paging by primary key.
  await db.execute(
    sql`insert into ${pageViews} (path, visitor_id, created_at) select '/articles/' || n, 'visitor-' || n, now() - n * interval '1 minute' from generate_series(1, 5001) n`,
  );
  await db.insert(rateLimits).values({ key: "sign-in:ip:10.0.0.1", hits: 3, windowEndsAt: new Date("2030-01-01T00:00:00.123Z") });
  target = await createTestDatabase();
  backupFile = path.join(temporaryFolder(), "site.tar.gz");
}, 120_000);

afterAll(async () => {
  await source?.stop();
  await target?.drop();
});

const sourceUploads = () => path.join(source.services.config.DATA_DIR, "uploads");

/** Every row as PostgreSQL prints it, sorted: equal lists mean identical tables. */
async function tableRows(db: AppDb, table: PgTable): Promise<string[]> {
  const rows = await selectRows<{ row: string }>(db, sql`select to_jsonb(t)::text as row from ${table} t order by 1`);
  return rows.map(({ row }) => row);
}

async function rowCounts(db: AppDb): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of backupTables) {
    const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${table}`);
    counts[getTableName(table)] = row!.n;
  }
  return counts;
}

/** Relative path → contents of every file under `folder`. */
function readTree(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(folder, full), fs.readFileSync(full));
  }
  return files;
}

async function restoreError(attempt: Promise<unknown>): Promise<BackupError> {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof BackupError) return error;
    throw error;
  }
  throw new Error("expected a BackupError");
}

describe(`backup and restore (${testDatabaseKind})`, () => {
  it("dumps every table of the database", async () => {
    const tables = await selectRows<{ name: string }>(
      source.services.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(backupTables.map((table) => getTableName(table)).sort()).toEqual(tables.map(({ name }) => name).sort());
  });

  it("restores into a fresh database: same rows, same uploaded files", async () => {
    const { db, database } = source.services;
    const backup = await createBackup(db, { databaseKind: database.kind, uploadsDir: sourceUploads(), outFile: backupFile });
    expect(backup.manifest).toMatchObject({ format: 1, databaseKind: testDatabaseKind, tables: await rowCounts(db) });
    expect(backup.manifest.tables.articles).toBeGreaterThan(0);
    expect(backup.manifest.tables.comments).toBeGreaterThan(0);
    expect(backup.manifest.tables.page_views).toBeGreaterThan(5000); // more than one page of the dump
    expect(backup.uploadFiles).toBeGreaterThan(0);
    // It holds every password hash: only the server's own account may read it.
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);

    const restored = await restoreBackup(target.database.db, { file: backupFile, uploadsDir: targetUploads });
    expect(restored.uploadFiles).toBe(backup.uploadFiles);
    expect(await rowCounts(target.database.db)).toEqual(backup.manifest.tables);
    for (const table of backupTables) {
      expect(await tableRows(target.database.db, table), getTableName(table)).toEqual(await tableRows(db, table));
    }
    const uploads = readTree(targetUploads);
    expect([...uploads.keys()].sort()).toEqual([...readTree(sourceUploads()).keys()].sort());
    for (const [file, contents] of readTree(sourceUploads())) expect(uploads.get(file)!.equals(contents), file).toBe(true);

    // The id sequence moved past the restored page views.
    const [added] = await target.database.db.insert(pageViews).values({ path: "/", visitorId: "new" }).returning({ id: pageViews.id });
    const [restoredMax] = await selectRows<{ id: number }>(db, sql`select max(id)::int as id from ${pageViews}`);
    expect(added!.id).toBeGreaterThan(restoredMax!.id);
  });

  it("refuses to restore over existing content unless forced, and then replaces everything", async () => {
    const error = await restoreError(restoreBackup(target.database.db, { file: backupFile, uploadsDir: targetUploads }));
    expect(error.message).toMatch(/^The target database is not empty \(\d+ users, \d+ categories, \d+ articles\)\. .*--force/);

    fs.writeFileSync(path.join(targetUploads, "stray.txt"), "not in the backup");
    await restoreBackup(target.database.db, { file: backupFile, uploadsDir: targetUploads, force: true });
    expect(await rowCounts(target.database.db)).toEqual(await rowCounts(source.services.db)); // the extra page view is gone
    expect(fs.existsSync(path.join(targetUploads, "stray.txt"))).toBe(false);
  });

  it("refuses a corrupt or foreign archive with a clear message, changing nothing", async () => {
    const folder = temporaryFolder();
    const before = await rowCounts(target.database.db);
    const restoreFile = (file: string) => restoreError(restoreBackup(target.database.db, { file, uploadsDir: targetUploads, force: true }));

    const garbage = path.join(folder, "garbage.tar.gz");
    fs.writeFileSync(garbage, "this is not an archive at all, just some text long enough to fill a block".repeat(20));
    expect((await restoreFile(garbage)).message).toMatch(/garbage\.tar\.gz is not a readable \.tar\.gz backup/);

    const truncated = path.join(folder, "truncated.tar.gz");
    const whole = fs.readFileSync(backupFile);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    expect((await restoreFile(truncated)).message).toMatch(/truncated\.tar\.gz is not a readable \.tar\.gz backup/);

    const unpacked = path.join(folder, "unpacked");
    fs.mkdirSync(unpacked);
    await tar.extract({ file: backupFile, cwd: unpacked });
    const repack = async (name: string, entries: string[]) => {
      const file = path.join(folder, name);
      await tar.create({ file, cwd: unpacked, gzip: true }, entries);
      return file;
    };
    expect((await restoreFile(await repack("no-manifest.tar.gz", ["tables"]))).message).toBe("Not an Educator backup: manifest.json is missing or unreadable.");

    const manifestFile = path.join(unpacked, "manifest.json");
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { format: number; tables: Record<string, number> };
    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, format: 2 }));
    expect((await restoreFile(await repack("future.tar.gz", ["manifest.json", "tables"]))).message).toMatch(/^Unsupported backup format 2/);

    // A row count that does not match fails inside the transaction: the deletes are rolled back too.
    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, tables: { ...manifest.tables, comments: manifest.tables.comments! + 1 } }));
    expect((await restoreFile(await repack("short.tar.gz", ["manifest.json", "tables"]))).message).toMatch(/comments\.jsonl has \d+ rows.*damaged/);

    await expect(restoreBackup(target.database.db, { file: path.join(folder, "missing.tar.gz"), uploadsDir: targetUploads, force: true })).rejects.toThrow(
      /No backup file at/,
    );
    expect(await rowCounts(target.database.db)).toEqual(before);
  });

  it("restores a backup made before migration 0020: no mail queue, an old-shaped email change left out", async () => {
    const folder = temporaryFolder();
    await tar.extract({ file: backupFile, cwd: folder });
    const manifestFile = path.join(folder, "manifest.json");
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { tables: Record<string, number> };
    delete manifest.tables.mail_queue;
    fs.rmSync(path.join(folder, "tables", "mail_queue.jsonl"));
    const [someone] = await selectRows<{ id: string }>(source.services.db, sql`select id from users limit 1`);
    const oldChange = { token_hash: "old-shape", user_id: someone!.id, new_email: "moved@example.com", expires_at: "2030-01-01T00:00:00+00:00" };
    fs.writeFileSync(path.join(folder, "tables", "email_changes.jsonl"), `${JSON.stringify(oldChange)}\n`);
    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, tables: { ...manifest.tables, email_changes: 1 } }));
    const file = path.join(folder, "before-0020.tar.gz");
    await tar.create({ file, cwd: folder, gzip: true }, ["manifest.json", "tables"]);

    await restoreBackup(target.database.db, { file, uploadsDir: targetUploads, force: true });
    const counts = await rowCounts(target.database.db);
    expect(counts).toMatchObject({ email_changes: 0, mail_queue: 0, users: manifest.tables.users });
  });
});

describe("backup and restore CLIs (spawned)", () => {
  it("backs up one DATA_DIR and restores into another", async () => {
    const env = { DATA_DIR: temporaryFolder(), DATABASE_URL: "" };
    const file = path.join(temporaryFolder(), "cli.tar.gz");
    const backup = runTsx("scripts/backup.ts", ["--out", file], env);
    expect(await backup.exited, backup.output()).toBe(0);
    expect(backup.output()).toContain(`Backup written to ${file}`);

    const restore = runTsx("scripts/restore.ts", [file], { ...env, DATA_DIR: temporaryFolder() });
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toContain("users: 0 rows");
  }, 90_000);
});
