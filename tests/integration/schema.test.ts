import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories, comments, profiles, teamMembers, users } from "#database/schema";
import { sqlState } from "#app/server/db/types.server";
import type { AppDb } from "#app/server/db/types.server";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#tests/helpers/database";
import { aCategory, aComment, anAccount, anArticle } from "#tests/factories";

let testDatabase: TestDatabase;
let db: AppDb;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase.drop());

async function failureCode(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
  } catch (error) {
    return sqlState(error);
  }
  throw new Error("the write was accepted");
}

describe(`schema constraints (${testDatabaseKind})`, () => {
  it("accepts only draft or published articles, draft by default, and unique slugs", async () => {
    const category = await aCategory(db);
    const [article] = await db.insert(articles).values({ title: "T", content: "C", categoryId: category.id, slug: "t-1" }).returning();
    expect(article!.status).toBe("draft");
    expect(article!.views).toBe(0);
    expect(
      await failureCode(db.insert(articles).values({ title: "T", content: "C", categoryId: category.id, slug: "t-2", status: "archived" as "draft" })),
    ).toBe("23514");
    expect(await failureCode(db.insert(articles).values({ title: "T", content: "C", categoryId: category.id, slug: "t-1" }))).toBe("23505");
  });

  it("keeps category slugs unique and well-formed", async () => {
    await aCategory(db, { slug: "unique-slug" });
    expect(await failureCode(db.insert(categories).values({ name: "Again", slug: "unique-slug" }))).toBe("23505");
    expect(await failureCode(db.insert(categories).values({ name: "Bad", slug: "Bad Slug" }))).toBe("23514");
  });

  it("gives profiles the user role by default and accepts only user or admin", async () => {
    // Written by hand, role left out: the column's default is what is tested.
    const [user] = await db.insert(users).values({ email: "role@example.com", passwordHash: "x" }).returning();
    await db.insert(profiles).values({ id: user!.id });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile!.role).toBe("user");
    expect(
      await failureCode(
        db
          .update(profiles)
          .set({ role: "owner" as "admin" })
          .where(eq(profiles.id, user!.id)),
      ),
    ).toBe("23514");
  });

  it("refuses a negative team display order and defaults it to 0", async () => {
    const [member] = await db.insert(teamMembers).values({ name: "A", position: "B" }).returning();
    expect(member!.orderIndex).toBe(0);
    expect(member!.active).toBe(true);
    expect(await failureCode(db.insert(teamMembers).values({ name: "A", position: "B", orderIndex: -1 }))).toBe("23514");
  });

  it("stores comments as pending by default and only in the three statuses", async () => {
    const article = await anArticle(db);
    const [comment] = await db.insert(comments).values({ content: "Hi", articleId: article.id }).returning();
    expect(comment!.status).toBe("pending");
    expect(await failureCode(db.insert(comments).values({ content: "Hi", articleId: article.id, status: "spam" as "pending" }))).toBe("23514");
  });

  it("removes an article's comments with it, keeps a deleted user's comments anonymously", async () => {
    const user = await anAccount(db);
    const [first, second] = [await anArticle(db), await anArticle(db)];
    await aComment(db, { content: "on first", articleId: first.id, userId: user.id });
    const kept = await aComment(db, { content: "on second", articleId: second.id, userId: user.id });

    await db.delete(articles).where(eq(articles.id, first.id));
    expect(await db.select().from(comments).where(eq(comments.articleId, first.id))).toEqual([]);

    await db.delete(users).where(eq(users.id, user.id));
    const [after] = await db.select().from(comments).where(eq(comments.id, kept.id));
    expect(after!.content).toBe("on second");
    expect(after!.userId).toBeNull();
    expect(await db.select().from(profiles).where(eq(profiles.id, user.id))).toEqual([]);
  });

  it("refuses to delete a category that articles use, so no article is lost or orphaned", async () => {
    const category = await aCategory(db);
    await anArticle(db, { categoryId: category.id });
    // PostgreSQL 18 reports restrict_violation (23001), 15 foreign_key_violation (23503).
    expect(["23001", "23503"]).toContain(await failureCode(db.delete(categories).where(eq(categories.id, category.id))));
    expect(await db.select().from(categories).where(eq(categories.id, category.id))).toHaveLength(1);
  });
});
