import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories } from "#database/schema";
import { createArticle, updateArticle } from "#app/server/articles/article-writes.server";
import { fillArticleBodies } from "#app/server/articles/article-body.server";
import { loadConfig } from "#app/server/core/config.server";
import { renderMarkdown } from "#app/server/articles/markdown.server";
import { startServices } from "#app/server/start/start.server";
import type { AppDb } from "#app/server/db/types.server";
import { readTimeMinutes } from "#app/lib/read-time";
import { createBackup, restoreBackup } from "#scripts/lib/backup";
import { createTestDatabase, temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { startTestServices, type TestServices } from "#tests/helpers/services";
import { aCategory, anArticle } from "#tests/factories";

let seeded: TestServices;

beforeAll(async () => {
  seeded = await startTestServices({ SEED_DEMO: "true" });
}, 120_000);
afterAll(() => seeded?.stop());

const longText = (words: number) => `## Heading\n\n${"word ".repeat(words)}**bold**`;

/** Every article's stored body next to what rendering its content now gives. */
async function storedBodies(db: AppDb) {
  const rows = await db.select({ content: articles.content, contentHtml: articles.contentHtml, readTimeMinutes: articles.readTimeMinutes }).from(articles);
  return rows.map((row) => ({
    stored: { contentHtml: row.contentHtml, readTimeMinutes: row.readTimeMinutes },
    expected: { contentHtml: renderMarkdown(row.content), readTimeMinutes: readTimeMinutes(row.content) },
  }));
}

/** Articles as saved before migration 0011: without a stored body or read time. */
async function insertWithoutBody(db: AppDb, count: number) {
  const { id: categoryId } = await aCategory(db);
  const inserted = [];
  for (let index = 0; index < count; index++) {
    inserted.push(await anArticle(db, { content: longText(300 * (index + 1)), categoryId, contentHtml: null, readTimeMinutes: null }));
  }
  return inserted;
}

describe(`stored article bodies (${testDatabaseKind})`, () => {
  it("the demo seed stores each article's rendered body and read time", async () => {
    const bodies = await storedBodies(seeded.services.db);
    expect(bodies.length).toBeGreaterThan(10);
    for (const { stored, expected } of bodies) expect(stored).toEqual(expected);
  });

  it("create and edit store the body rendered from the new content", async () => {
    const { db } = seeded.services;
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
    const input = {
      title: "Stored body",
      excerpt: null,
      content: longText(450),
      categoryId: category!.id,
      status: "published" as const,
      featuredImageUrl: null,
      featuredImageAlt: null,
      scheduledAt: null,
    };
    const { id } = await createArticle(db, input, null);
    const read = async () => (await db.select().from(articles).where(eq(articles.id, id)))[0]!;
    expect(await read()).toMatchObject({ contentHtml: renderMarkdown(input.content), readTimeMinutes: 2 });
    expect((await read()).contentHtml).toContain("<h2>Heading</h2>");

    await updateArticle(db, id, { ...input, content: "Short *edit*" }, null);
    expect(await read()).toMatchObject({ contentHtml: "<p>Short <em>edit</em></p>\n", readTimeMinutes: 1 });
  });

  it("restoring a backup made before bodies were stored renders them", async () => {
    const { db, database, config } = seeded.services;
    const folder = temporaryFolder();
    const backup = await createBackup(db, {
      databaseKind: database.kind,
      uploadsDir: path.join(config.DATA_DIR, "uploads"),
      outFile: path.join(folder, "new.tar.gz"),
    });
    const unpacked = path.join(folder, "unpacked");
    fs.mkdirSync(unpacked);
    await tar.extract({ file: backup.file, cwd: unpacked });
    // An old backup: its article rows have no content_html or read_time_minutes at all.
    const table = path.join(unpacked, "tables", "articles.jsonl");
    const oldRows = fs
      .readFileSync(table, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const { content_html: _html, read_time_minutes: _minutes, ...row } = JSON.parse(line) as Record<string, unknown>;
        expect(_html).toEqual(expect.any(String));
        return JSON.stringify(row);
      });
    fs.writeFileSync(table, `${oldRows.join("\n")}\n`);
    const oldBackup = path.join(folder, "old.tar.gz");
    await tar.create({ file: oldBackup, cwd: unpacked, gzip: true }, fs.readdirSync(unpacked));

    const target = await createTestDatabase();
    try {
      await restoreBackup(target.database.db, { file: oldBackup, uploadsDir: path.join(folder, "restored-uploads") });
      const bodies = await storedBodies(target.database.db);
      expect(bodies).toHaveLength(oldRows.length);
      for (const { stored, expected } of bodies) expect(stored).toEqual(expected);
    } finally {
      await target.drop();
    }
  });

  it("the server renders rows without a stored body when it starts, in batches", async () => {
    const target = await createTestDatabase();
    const { db } = target.database;
    const inserted = await insertWithoutBody(db, 5);
    expect((await storedBodies(db)).every(({ stored }) => stored.contentHtml === null && stored.readTimeMinutes === null)).toBe(true);

    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: temporaryFolder(), SEED_DEMO: "false", LOG_LEVEL: "silent" });
    const started = await startServices(config, { database: target.database, log: pino({ level: "silent" }), announceOwner: () => undefined });
    try {
      const bodies = await storedBodies(db);
      expect(bodies).toHaveLength(inserted.length);
      for (const { stored, expected } of bodies) expect(stored).toEqual(expected);
      expect(bodies.map(({ stored }) => stored.readTimeMinutes).sort()).toEqual([2, 3, 5, 6, 8]);
      // Nothing left to do; a smaller batch than the rows still reaches every one.
      expect(await fillArticleBodies(db)).toBe(0);
      await db.update(articles).set({ contentHtml: null });
      expect(await fillArticleBodies(db, 2)).toBe(5);
    } finally {
      await started.stop();
      await target.drop();
    }
  });
});
