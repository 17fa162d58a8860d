import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { getTableName, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import * as tar from "tar";
import { privateFileMode } from "#app/server/db/private-folder.server";
import { z } from "zod";
import {
  appSettings,
  articles,
  articleRevisions,
  articleNotes,
  articleAuthors,
  guestAuthors,
  articleAutosaves,
  articleResources,
  articleSubjects,
  articleTags,
  categories,
  comments,
  communityAnswers,
  communityEdits,
  communityHeldEdits,
  communityPosters,
  communityQuestions,
  communityReports,
  communityStats,
  communityVotes,
  communityQuestionVotes,
  contactMessages,
  emailVerifications,
  passwordResets,
  emailChanges,
  invitations,
  mailQueue,
  mediaUploads,
  subjects,
  newsFeeds,
  newsItems,
  newsletterDeliveries,
  newsletterSends,
  newsletterSubscribers,
  pageViewDays,
  pageViewPathDays,
  pageViewReferrerDays,
  pageViewVisitorDays,
  pageViews,
  profiles,
  rateLimits,
  sessionEndings,
  sessions,
  tags,
  teamMembers,
  schoolPackRuns,
  users,
  contentApiKeys,
  imports,
  importedItems,
  webhooks,
  webhookDeliveries,
  resourceDownloadReaders,
  resourceDownloadDays,
} from "#database/schema";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { fillArticleBodies } from "#app/server/articles/article-body.server";
import { questionSlug } from "#app/lib/community";
import { schoolPackBucket } from "#app/server/school-pack/pack-store.server";

/**
 * A backup is one .tar.gz: manifest.json, tables/<table>.jsonl (one `to_jsonb` row per line)
 * and the uploaded files under uploads/. Plain SQL in and out, so a backup of the embedded
 * database restores into PostgreSQL and the other way round.
 */
export const backupFormat = 1;

/** Every table, parents before children: restored in this order, emptied in the reverse one. */
export const backupTables: readonly PgTable[] = [
  users,
  profiles,
  sessions,
  sessionEndings,
  emailVerifications,
  passwordResets,
  emailChanges,
  invitations,
  rateLimits,
  appSettings,
  categories,
  articles,
  tags,
  articleTags,
  guestAuthors,
  articleAuthors,
  articleRevisions,
  articleNotes,
  // After articles: a review mail names its article.
  mailQueue,
  articleAutosaves,
  teamMembers,
  comments,
  mediaUploads,
  pageViews,
  pageViewDays,
  pageViewVisitorDays,
  pageViewPathDays,
  pageViewReferrerDays,
  contactMessages,
  communityQuestions,
  communityAnswers,
  communityVotes,
  communityQuestionVotes,
  communityReports,
  communityEdits,
  communityHeldEdits,
  communityStats,
  communityPosters,
  subjects,
  articleSubjects,
  articleResources,
  resourceDownloadReaders,
  resourceDownloadDays,
  newsFeeds,
  newsItems,
  newsletterSubscribers,
  newsletterSends,
  newsletterDeliveries,
  schoolPackRuns,
  contentApiKeys,
  imports,
  importedItems,
  webhooks,
  webhookDeliveries,
];

const rowsPerPage = 5_000;
// One INSERT carries at most this much JSON, so a table of long articles never builds one huge statement.
const insertBatchChars = 4 * 1024 * 1024;

export class BackupError extends Error {}

const manifestSchema = z.object({
  format: z.literal(backupFormat),
  createdAt: z.string(),
  databaseKind: z.enum(["pglite", "postgres"]),
  tables: z.record(z.string(), z.number().int().min(0)),
});

export type Manifest = z.infer<typeof manifestSchema>;

export interface BackupResult {
  file: string;
  manifest: Manifest;
  uploadFiles: number;
}

/** ./backups/educator-20250131T120000Z.tar.gz (UTC). */
export function defaultBackupFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return path.resolve("backups", `educator-${stamp}.tar.gz`);
}

export async function createBackup(db: AppDb, options: { databaseKind: Manifest["databaseKind"]; uploadsDir: string; outFile: string }): Promise<BackupResult> {
  const outFile = path.resolve(options.outFile);
  const partialFile = `${outFile}.partial`;
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), "educator-backup-"));
  try {
    await fsp.mkdir(path.join(staging, "tables"));
    const createdAt = new Date().toISOString();
    const tables = await dumpTables(db, path.join(staging, "tables"));
    const manifest: Manifest = { format: backupFormat, createdAt, databaseKind: options.databaseKind, tables };
    await fsp.writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    // A folder the operator names is left as it is; one made here is theirs alone, as the file is.
    await fsp.mkdir(path.dirname(outFile), { recursive: true, mode: 0o700 });
    // Written aside and renamed: a failed backup never leaves a file that looks complete.
    const uploadFiles = await packArchive(staging, path.resolve(options.uploadsDir), partialFile);
    await fsp.rename(partialFile, outFile);
    return { file: outFile, manifest, uploadFiles };
  } finally {
    await fsp.rm(partialFile, { force: true });
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** All tables from one snapshot, so rows that refer to each other are dumped together. */
function dumpTables(db: AppDb, folder: string): Promise<Record<string, number>> {
  return db.transaction(
    async (tx) => {
      const counts: Record<string, number> = {};
      for (const table of backupTables) {
        const name = getTableName(table);
        counts[name] = await dumpTable(tx, table, path.join(folder, `${name}.jsonl`));
      }
      return counts;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The primary key's columns, in key order (single or composite). */
function primaryKeyColumns(table: PgTable): string[] {
  const config = getTableConfig(table);
  const single = config.columns.find((candidate) => candidate.primary);
  if (single) return [single.name];
  const composite = config.primaryKeys[0]?.columns.map((column) => column.name);
  if (!composite?.length) throw new Error(`Table ${getTableName(table)} has no primary key to page by.`);
  return composite;
}

/** Columns the database computes (the articles' search vector): never dumped, never written back. */
function generatedColumns(table: PgTable): string[] {
  return getTableConfig(table)
    .columns.filter((column) => column.generated)
    .map((column) => column.name);
}

/** Pages through the table by primary key; rows stay the text PostgreSQL wrote, so nothing (timestamps, bigints) is rounded. */
async function dumpTable(db: AppDb, table: PgTable, file: string): Promise<number> {
  const keys = primaryKeyColumns(table).map((name) => sql`t.${sql.identifier(name)}`);
  const keyList = sql.join(keys, sql`, `);
  const keyTexts = sql.join(
    keys.map((key, index) => sql`${key}::text as ${sql.identifier(`k${index}`)}`),
    sql`, `,
  );
  const output = await fsp.open(file, "w");
  try {
    let count = 0;
    let lastKey: string[] | undefined;
    for (;;) {
      const after =
        lastKey === undefined
          ? sql``
          : sql`where (${keyList}) > (${sql.join(
              lastKey.map((value) => sql`${value}`),
              sql`, `,
            )})`;
      const rows = await selectRows<Record<string, string>>(
        db,
        sql`select ${keyTexts}, (to_jsonb(t) - ${`{${generatedColumns(table).join(",")}}`}::text[])::text as row from ${table} t ${after} order by ${keyList} limit ${rowsPerPage}`,
      );
      if (rows.length > 0) await output.write(rows.map(({ row }) => `${row}\n`).join(""));
      count += rows.length;
      if (rows.length < rowsPerPage) return count;
      const last = rows.at(-1)!;
      lastKey = keys.map((_, index) => last[`k${index}`]!);
    }
  } finally {
    await output.close();
  }
}

/** Returns how many uploaded files went in. */
async function packArchive(staging: string, uploadsDir: string, file: string): Promise<number> {
  let uploadFiles = 0;
  const entries = ["manifest.json", "tables"];
  // The real folder: when uploads/ is a symbolic link, tar would store the link and none of the files.
  const uploadsRoot = fs.existsSync(uploadsDir) ? await fsp.realpath(uploadsDir) : undefined;
  if (uploadsRoot) entries.push(uploadsRoot);
  const uploadsPrefix = uploadsRoot && toPosix(uploadsRoot);
  await tar.create(
    {
      file,
      mode: privateFileMode,
      cwd: staging,
      gzip: true,
      portable: true,
      // An upload still being written (see storage.server.ts) is not part of the site yet; school
      // packs are made again from what the backup holds (and may be large).
      filter: (entryPath) => !entryPath.endsWith(".partial") && !(uploadsPrefix && isUnder(toPosix(entryPath), `${uploadsPrefix}/${schoolPackBucket}`)),
      // tar names entries relative to one folder and the uploads live elsewhere: file them under uploads/.
      onWriteEntry(entry) {
        const absolute = toPosix(entry.absolute);
        if (!uploadsPrefix || (absolute !== uploadsPrefix && !absolute.startsWith(`${uploadsPrefix}/`))) return;
        const directorySlash = entry.type === "Directory" ? "/" : "";
        entry.path = `uploads${absolute.slice(uploadsPrefix.length)}${directorySlash}`;
        if (entry.type === "File") uploadFiles++;
      },
    },
    entries,
  );
  return uploadFiles;
}

const toPosix = (file: string) => file.split(path.sep).join("/");
const isUnder = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

export interface RestoreResult {
  manifest: Manifest;
  uploadFiles: number;
}

/**
 * Replaces every row and every uploaded file with the backup's. The database part is one
 * transaction: it all lands, or nothing changes.
 */
export async function restoreBackup(db: AppDb, options: { file: string; uploadsDir: string; force?: boolean }): Promise<RestoreResult> {
  const uploadsDir = path.resolve(options.uploadsDir);
  if (!options.force) await refuseExistingContent(db);
  // Extracted next to the uploads folder, so the files can be moved into place instead of copied.
  await fsp.mkdir(path.dirname(uploadsDir), { recursive: true });
  const staging = await fsp.mkdtemp(path.join(path.dirname(uploadsDir), ".restore-"));
  try {
    await extractArchive(path.resolve(options.file), staging);
    const manifest = await readManifest(staging);
    await restoreTables(db, manifest, path.join(staging, "tables"));
    const uploadFiles = await replaceFolderContents(uploadsDir, path.join(staging, "uploads"));
    return { manifest, uploadFiles };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

async function refuseExistingContent(db: AppDb) {
  const [counts] = await selectRows<{ users: number; categories: number; articles: number }>(
    db,
    sql`select (select count(*)::int from ${users}) as users,
               (select count(*)::int from ${categories}) as categories,
               (select count(*)::int from ${articles}) as articles`,
  );
  if (counts && (counts.users > 0 || counts.categories > 0 || counts.articles > 0)) {
    throw new BackupError(
      `The target database is not empty (${counts.users} users, ${counts.categories} categories, ${counts.articles} articles). ` +
        `Restoring replaces all of it: run again with --force to do so.`,
    );
  }
}

function isExpectedEntry(entryPath: string, type: string): boolean {
  // Only plain files and folders: a link in an archive could point anywhere on this machine.
  if (type !== "File" && type !== "Directory") return false;
  return entryPath === "manifest.json" || /^(tables|uploads)(\/|$)/.test(entryPath);
}

async function extractArchive(file: string, folder: string) {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const filter = (entryPath: string, entry: fs.Stats | tar.ReadEntry) => "type" in entry && isExpectedEntry(entryPath, entry.type);
  try {
    // Read through once before writing anything: when an extraction fails half-way, tar still has
    // file writes running after it reports the error, racing the clean-up.
    await tar.list({ file, strict: true });
    await tar.extract({ file, cwd: folder, strict: true, filter });
  } catch (error) {
    throw new BackupError(`${file} is not a readable .tar.gz backup (${(error as Error).message}).`);
  }
}

async function readManifest(folder: string): Promise<Manifest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await fsp.readFile(path.join(folder, "manifest.json"), "utf8"));
  } catch {
    throw new BackupError("Not an Educator backup: manifest.json is missing or unreadable.");
  }
  const format = (parsed as { format?: unknown } | null)?.format;
  if (format !== backupFormat) {
    throw new BackupError(`Unsupported backup format ${JSON.stringify(format)}: this version restores format ${backupFormat}.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new BackupError(`Invalid manifest.json: ${issue.path.join(".") || "manifest"} ${issue.message}.`);
  }
  const missing = backupTables.map((table) => getTableName(table)).filter((name) => !(name in result.data.tables) && !optionalTables.has(name));
  if (missing.length > 0) throw new BackupError(`Invalid manifest.json: no row count for ${missing.join(", ")}.`);
  return result.data;
}

/**
 * Tables a backup made before they existed lacks, restored empty: the account mail queue (migration
 * 0020) only holds mails about to go; session endings (0024) only why a browser was signed out;
 * media uploads (0025) only who uploaded an image (older images are then nobody's own); article
 * notes (0026) only reviews, which older magazines never had; invitations (0027) only links not
 * yet used. Bylines (0028) without their table come back as migration 0028 made them: each
 * article's creator. Ask Kafundisha answers (0029), votes (0030), reports (0032) and edits (0033) did not exist before their tables;
 * its figures (0035) are counted again from the rows after every restore. Articles had no subjects or
 * resources before 0038.
 * Content API keys (0042) did not exist before their table, nor imports and what they made (0043),
 * nor webhooks and their delivery log (0044), nor Ask Kafundisha edits held for a moderator (0045), nor
 * who downloaded a resource today (0046), nor question votes (0048), nor downloads by day (0051).
 */
const optionalTables = new Set([
  "mail_queue",
  "session_endings",
  "media_uploads",
  "article_notes",
  "invitations",
  "guest_authors",
  "article_authors",
  "community_answers",
  "community_votes",
  "community_question_votes",
  "community_reports",
  "community_edits",
  "community_stats",
  "community_posters",
  "subjects",
  "article_subjects",
  "article_resources",
  "school_pack_runs",
  "content_api_keys",
  "imports",
  "imported_items",
  "webhooks",
  "webhook_deliveries",
  "community_held_edits",
  "resource_download_readers",
  "resource_download_days",
]);

/** Tables a migration filled (the curriculum's subjects, 0038): a backup made before them keeps what is there. */
const seededTables = new Set(["subjects"]);

function restoreTables(db: AppDb, manifest: Manifest, folder: string): Promise<void> {
  return db.transaction(async (tx) => {
    // The rollups come back from the backup as they were: the page-view trigger must not add to them.
    await tx.execute(sql`select set_config('educator.restoring', 'on', true)`);
    for (const table of [...backupTables].reverse()) {
      if (seededTables.has(getTableName(table)) && !(getTableName(table) in manifest.tables)) continue;
      await tx.execute(sql`delete from ${table}`);
    }
    for (const table of backupTables) {
      const name = getTableName(table);
      if (!(name in manifest.tables)) continue; // one of optionalTables: it starts empty
      const restored = await insertRows(tx, table, path.join(folder, `${name}.jsonl`), restoredRow[name]);
      if (restored !== manifest.tables[name]) {
        throw new BackupError(`tables/${name}.jsonl has ${restored} rows, the manifest says ${manifest.tables[name]}: the backup is damaged.`);
      }
    }
    // A backup made before articles kept their rendered body (migration 0011) restores without it.
    await fillArticleBodies(tx);
    // Ask Kafundisha's figures and answer votes, which the triggers leave alone while restoring.
    await tx.execute(sql`select community_recount()`);
    if (!("article_authors" in manifest.tables)) {
      await tx.execute(sql`insert into ${articleAuthors} (article_id, position, user_id) select id, 0, author_id from ${articles} where author_id is not null`);
    }
    // Restored ids were inserted explicitly, so the sequence must be moved past them.
    await tx.execute(sql`select setval(pg_get_serial_sequence('page_views', 'id'), coalesce(max(id), 0) + 1, false) from ${pageViews}`);
  });
}

/**
 * Rows of a backup made before a table changed shape, as they are restored (null: left out). An
 * email change from before migration 0020 (no old address, no undo link) was a pending link, void
 * by the time of any restore. A question from before 0029 was never public: it waits for a
 * moderator, with the address its title gives. Questions and answers from before 0034 have sent
 * no community mail yet, and an answer was public since it was written.
 */
const restoredRow: Record<string, (line: string) => string | null> = {
  email_changes: (line) => ((JSON.parse(line) as { old_email?: unknown }).old_email !== undefined ? line : null),
  community_questions: (line) => {
    const row = JSON.parse(line) as { title: string; status?: string; mails_off?: boolean; answer_votes?: number };
    // answer_votes (0035) is counted again once the rows are in.
    const counted = { answer_votes: row.answer_votes ?? 0 };
    if (row.status === undefined) {
      return JSON.stringify({ ...row, ...counted, status: "pending", slug: questionSlug(row.title), published_at: null, answer_count: 0, mails_off: false });
    }
    // Its asker is taken to have heard of the answers it has (the next mail tells of new ones).
    if (row.mails_off === undefined) return JSON.stringify({ ...row, ...counted, mails_off: false, answers_mailed_at: new Date().toISOString() });
    return row.answer_votes === undefined ? JSON.stringify({ ...row, ...counted }) : line;
  },
  community_answers: (line) => {
    const row = JSON.parse(line) as { status: string; created_at: string; acceptance_mailed?: boolean };
    if (row.acceptance_mailed !== undefined) return line;
    return JSON.stringify({ ...row, acceptance_mailed: false, published_at: row.status === "published" ? row.created_at : null });
  },
};

/** Inserts the rows of `file` (as `restore` gives them back); returns how many the file holds. */
async function insertRows(db: AppDb, table: PgTable, file: string, restore: (line: string) => string | null = (line) => line): Promise<number> {
  const name = getTableName(table);
  if (!fs.existsSync(file)) throw new BackupError(`The backup has no tables/${name}.jsonl: it is damaged.`);
  const generated = generatedColumns(table);
  const columnList = sql.join(
    getTableConfig(table)
      .columns.filter((column) => !generated.includes(column.name))
      .map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  let count = 0;
  let batch: string[] = [];
  let batchChars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = `[${batch.join(",")}]`;
    try {
      // jsonb_populate_recordset turns each JSON object into a row of the table's own types.
      await db.execute(sql`insert into ${table} (${columnList}) select ${columnList} from jsonb_populate_recordset(null::${table}, ${rows}::jsonb)`);
    } catch (error) {
      throw new BackupError(`Could not restore ${name}: ${(error as Error).message}`);
    }
    batch = [];
    batchChars = 0;
  };
  const lines = readline.createInterface({ input: fs.createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    count += 1;
    const restored = restore(line);
    if (restored === null) continue;
    batch.push(restored);
    batchChars += restored.length;
    if (batch.length >= rowsPerPage || batchChars >= insertBatchChars) await flush();
  }
  await flush();
  return count;
}

/** Empties `target` (kept itself: it may be a mount point) and moves everything from `source` into it. Returns the file count. */
async function replaceFolderContents(target: string, source: string): Promise<number> {
  await fsp.mkdir(target, { recursive: true });
  for (const entry of await fsp.readdir(target)) await fsp.rm(path.join(target, entry), { recursive: true, force: true });
  if (!fs.existsSync(source)) return 0;
  for (const entry of await fsp.readdir(source)) await moveEntry(path.join(source, entry), path.join(target, entry));
  const restored = await fsp.readdir(target, { recursive: true, withFileTypes: true });
  return restored.filter((entry) => entry.isFile()).length;
}

async function moveEntry(from: string, to: string) {
  try {
    await fsp.rename(from, to);
  } catch (error) {
    // The uploads folder is on another disk than the staging folder: copy instead.
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await fsp.cp(from, to, { recursive: true });
  }
}
