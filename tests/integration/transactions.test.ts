// A write that touches several rows or tables is one transaction: a statement that fails half-way
// (here made to fail by a trigger, as a crash or a constraint would) leaves nothing of it behind, and
// change events are sent only for what commits.
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleAutosaves, articleRevisions, articles, tags } from "#database/schema";
import { emptyArticleValues } from "#app/lib/article-form-values";
import { parseTagNames, type TagName } from "#app/lib/tags";
import { createArticle, deleteArticle, updateArticle, type ArticleSave } from "#app/server/articles/article-writes.server";
import { saveAutosave } from "#app/server/articles/article-autosave.server";
import { articleTagsColumn } from "#app/server/articles/tags.server";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#tests/helpers/database";
import { aCategory, anAccount } from "#tests/factories";
import type { AppDb } from "#app/server/db/types.server";

let testDatabase: TestDatabase;
let db: AppDb;
let categoryId: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  ({ id: categoryId } = await aCategory(db));
  // Failures on demand: a revision titled "Refused…", a link to the tag "refused-tag", deleting an autosave titled "Refused…".
  await db.execute(sql`create function refuse_for_test() returns trigger language plpgsql as $$
    begin
      if TG_TABLE_NAME = 'article_tags' then
        if (select slug from tags where id = new.tag_id) <> 'refused-tag' then return new; end if;
      end if;
      raise exception 'refused by the test';
    end $$`);
  await db.execute(
    sql`create trigger refuse_revision before insert on article_revisions for each row when (new.title like 'Refused%') execute function refuse_for_test()`,
  );
  await db.execute(sql`create trigger refuse_tag_link before insert on article_tags for each row execute function refuse_for_test()`);
  await db.execute(
    sql`create trigger refuse_autosave_delete before delete on article_autosaves for each row when (old.fields like '%Refused%') execute function refuse_for_test()`,
  );
});
afterAll(() => testDatabase.drop());

function tagList(text: string): TagName[] {
  const parsed = parseTagNames(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.tags;
}

const save = (title: string, tagText: string, content = "Collect bottle tops."): ArticleSave => ({
  title,
  content,
  categoryId,
  tags: tagList(tagText),
  status: "published",
  excerpt: null,
  featuredImageUrl: null,
  featuredImageAlt: null,
  scheduledAt: null,
});

async function articleAsStored(id: string) {
  const [row] = await db.select({ title: articles.title, content: articles.content, tags: articleTagsColumn }).from(articles).where(eq(articles.id, id));
  const [revisions] = await db.select({ n: count() }).from(articleRevisions).where(eq(articleRevisions.articleId, id));
  return { ...row, revisions: revisions!.n };
}

const tagsNamed = (slugs: string[]) => db.select({ slug: tags.slug }).from(tags).where(inArray(tags.slug, slugs));

describe(`transactions around multi-row writes (${testDatabaseKind})`, () => {
  it("an edit whose revision cannot be written leaves the row, its tags and its revisions as they were", async () => {
    const { id } = await createArticle(db, save("Kept title", "fractions, counting"), null);
    const before = await articleAsStored(id);
    expect(before).toMatchObject({ title: "Kept title", tags: [{ slug: "fractions" }, { slug: "counting" }], revisions: 1 });

    // Tags replaced, row updated, then the revision fails: all of it is undone.
    await expect(updateArticle(db, id, save("Refused edit", "geometry"), null)).rejects.toThrow();
    expect(await articleAsStored(id)).toEqual(before);
    expect(await tagsNamed(["geometry"])).toEqual([]);
  });

  it("a new article whose tag cannot be linked leaves no row, no new tag and no revision", async () => {
    await expect(createArticle(db, save("Never saved", "brand-new-tag, refused-tag"), null)).rejects.toThrow();
    expect(await db.select().from(articles).where(eq(articles.title, "Never saved"))).toEqual([]);
    expect(await tagsNamed(["brand-new-tag", "refused-tag"])).toEqual([]);
    expect(await db.select().from(articleRevisions).where(eq(articleRevisions.title, "Never saved"))).toEqual([]);
  });

  it("an edit whose tag cannot be linked leaves the row update undone too", async () => {
    const { id } = await createArticle(db, save("Tagged once", "algebra"), null);
    const before = await articleAsStored(id);
    await expect(updateArticle(db, id, save("Tagged twice", "algebra, refused-tag"), null)).rejects.toThrow();
    expect(await articleAsStored(id)).toEqual(before);
  });

  it("announces only what commits: a failed save sends no change event", async () => {
    const received: { table: string; op: string }[] = [];
    const stop = await testDatabase.database.listen("table_changes", (payload) => received.push(JSON.parse(payload)));
    const arrived = async (table: string) => {
      const deadline = Date.now() + 10_000;
      while (!received.some((change) => change.table === table)) {
        if (Date.now() > deadline) throw new Error(`no ${table} event: ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    try {
      await expect(createArticle(db, save("Refused before anyone saw it", "reading"), null)).rejects.toThrow();
      // Notifications arrive in commit order: once this later change is in, an event of the failed save would be too.
      await aCategory(db);
      await arrived("categories");
      expect(received.filter((change) => change.table === "articles")).toEqual([]);

      await createArticle(db, save("Announced", "reading"), null);
      await arrived("articles");
      expect(received.filter((change) => change.table === "articles")).toEqual([expect.objectContaining({ table: "articles", op: "insert" })]);
    } finally {
      stop();
    }
  });

  it("saves of one title at the same moment each get their own slug, each with its revision", async () => {
    const saved = await Promise.all([
      createArticle(db, save("Same moment", "timing"), null),
      // As the form's action saves: inside its own transaction, so a clash rolls back to a savepoint.
      db.transaction((tx) => createArticle(tx, save("Same moment", "timing"), null)),
      db.transaction((tx) => createArticle(tx, save("Same moment", "timing"), null)),
    ]);
    expect(new Set(saved.map((article) => article.slug))).toEqual(new Set(["same-moment", "same-moment-2", "same-moment-3"]));
    for (const { id } of saved) expect(await articleAsStored(id)).toMatchObject({ tags: [{ slug: "timing" }], revisions: 1 });
  });

  it("an article is deleted with every autosave of it, or not at all", async () => {
    const { id } = await createArticle(db, save("Short-lived", "timing"), null);
    const editor = await anAccount(db, { role: "admin" });
    await saveAutosave(db, editor.id, id, { ...emptyArticleValues, title: "Refused autosave" });
    await expect(deleteArticle(db, id)).rejects.toThrow();
    expect(await articleAsStored(id)).toMatchObject({ title: "Short-lived", tags: [{ slug: "timing" }], revisions: 1 });

    await db.update(articleAutosaves).set({ fields: JSON.stringify({ ...emptyArticleValues, title: "Fine autosave" }) });
    await deleteArticle(db, id);
    expect(await db.select().from(articles).where(eq(articles.id, id))).toEqual([]);
    expect(await db.select().from(articleAutosaves).where(eq(articleAutosaves.articleKey, id))).toEqual([]);
  });
});
