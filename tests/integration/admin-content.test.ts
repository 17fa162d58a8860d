import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories, comments, profiles, teamMembers } from "#database/schema";
import { articleFormSchema, categoryFormSchema, profileEditSchema, teamMemberFormSchema } from "#app/lib/admin-schemas";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { createArticle, updateArticle } from "#app/server/articles/article-writes.server";
import { deleteCategory, saveCategory } from "#app/server/categories/categories.server";
import { saveTeamMember } from "#app/server/team/team.server";
import { setCommentStatus } from "#app/server/comments/comments.server";
import { updateProfile } from "#app/server/users/users.server";
import { createAccount } from "#app/server/auth/auth.server";
import { ensureOwner, OwnerRoleError } from "#app/server/auth/owner.server";
import type { AppDb } from "#app/server/db/types.server";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#tests/helpers/database";
import { aComment } from "#tests/factories";

let testDatabase: TestDatabase;
let db: AppDb;
let categoryId: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  ({ id: categoryId } = await saveCategory(db, categoryFormSchema.parse({ name: "Education News", slug: "education-news" })));
});
afterAll(() => testDatabase.drop());

const article = (fields: Record<string, unknown>) => ({
  ...articleFormSchema.parse({ title: "A title", content: "Body", categoryId, ...fields }),
  scheduledAt: null,
});

describe(`admin content rules (${testDatabaseKind})`, () => {
  it("validates articles with the spec's message and stores blanks as null", () => {
    const missing = articleFormSchema.safeParse({ title: " ", content: "", categoryId: "" });
    expect(missing.error!.issues[0]!.message).toBe("Missing fields: Title, content, and category are required.");
    expect(article({ excerpt: "   ", featuredImageUrl: "" })).toMatchObject({ excerpt: null, featuredImageUrl: null, status: "draft" });
    expect(articleFormSchema.safeParse({ title: "T", content: "C", categoryId, featuredImageUrl: "javascript:alert(1)" }).success).toBe(false);
  });

  it("makes unique slugs from titles: a clash gets a suffix", async () => {
    const first = await createArticle(db, article({ title: "Hello, World!" }), null);
    const second = await createArticle(db, article({ title: "hello world" }), null);
    const third = await createArticle(db, article({ title: "HELLO -- WORLD" }), null);
    expect([first.slug, second.slug, third.slug]).toEqual(["hello-world", "hello-world-2", "hello-world-3"]);
    const edited = await updateArticle(db, first.id, article({ title: "Hello, World!" }), null);
    expect(edited.slug).toBe("hello-world"); // keeps its own slug
  });

  it("sets published_at by the spec's rules", async () => {
    const draft = await createArticle(db, article({ title: "Draft one" }), null);
    const read = async (id: string) => (await db.select().from(articles).where(eq(articles.id, id)))[0]!;
    expect((await read(draft.id)).publishedAt).toBeNull();
    const published = await createArticle(db, article({ title: "Published one", status: "published" }), null);
    const firstPublishedAt = (await read(published.id)).publishedAt!;
    expect(firstPublishedAt).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await updateArticle(db, published.id, article({ title: "Published one", status: "published" }), null);
    expect((await read(published.id)).publishedAt!.getTime()).toBeGreaterThan(firstPublishedAt.getTime());
    await updateArticle(db, published.id, article({ title: "Published one", status: "draft" }), null);
    expect((await read(published.id)).publishedAt).toBeNull();
  });

  it("normalises category slugs and refuses deleting a category in use, saying how many", async () => {
    expect(categoryFormSchema.parse({ name: " Health ", slug: " --Health & Wellness!! ", description: " ", icon: "" })).toEqual({
      name: "Health",
      slug: "health-wellness",
      description: null,
      icon: null,
      position: null,
    });
    expect(categoryFormSchema.safeParse({ name: "X", slug: "!!!" }).error!.issues[0]!.message).toBe("Name and slug are required.");
    // Its place on the site: a whole number from 1 to 999, or blank.
    expect(categoryFormSchema.parse({ name: "X", slug: "x", position: " 3 " }).position).toBe(3);
    for (const place of ["0", "1.5", "1000", "first"]) {
      expect(categoryFormSchema.safeParse({ name: "X", slug: "x", position: place }).error!.issues[0]!.message).toBe(
        "Place must be a whole number from 1 to 999.",
      );
    }
    const { id } = await saveCategory(db, categoryFormSchema.parse({ name: "Sports", slug: "sports" }));
    await expect(saveCategory(db, categoryFormSchema.parse({ name: "Again", slug: "sports" }))).rejects.toThrow(
      'The slug "sports" is already used by another category.',
    );
    await createArticle(db, article({ title: "Uses sports", categoryId: id }), null);
    await createArticle(db, article({ title: "Uses sports too", categoryId: id }), null);
    await expect(deleteCategory(db, id)).rejects.toThrow("This category is used by 2 articles. Move them to another category first.");
    const { id: unused } = await saveCategory(db, categoryFormSchema.parse({ name: "Unused", slug: "unused" }));
    await deleteCategory(db, unused);
    expect(await db.select().from(categories).where(eq(categories.id, unused))).toEqual([]);
  });

  it("validates team members: name and position required, display order a whole number >= 0", async () => {
    expect(teamMemberFormSchema.safeParse({ name: "", position: "Editor" }).error!.issues[0]!.message).toBe("Full name is required.");
    expect(teamMemberFormSchema.safeParse({ name: "A", position: "B", orderIndex: "-1" }).success).toBe(false);
    expect(teamMemberFormSchema.safeParse({ name: "A", position: "B", orderIndex: "1.5" }).success).toBe(false);
    const { id } = await saveTeamMember(db, teamMemberFormSchema.parse({ name: "Chipo Mwale", position: "Editor" }));
    const [member] = await db.select().from(teamMembers).where(eq(teamMembers.id, id));
    expect(member).toMatchObject({ orderIndex: 0, active: true, bio: null });
  });

  it("approves or rejects a comment from any state", async () => {
    const { id: articleId } = await createArticle(db, article({ title: "Commented" }), null);
    const comment = await aComment(db, { articleId });
    await setCommentStatus(db, [comment.id], "rejected");
    await setCommentStatus(db, [comment.id], "approved");
    expect((await db.select().from(comments).where(eq(comments.id, comment.id)))[0]!.status).toBe("approved");
    await expect(setCommentStatus(db, ["00000000-0000-4000-8000-000000000000"], "approved")).rejects.toBeInstanceOf(AdminInputError);
  });

  it("edits profiles with trimming and null-when-empty, and never demotes the owner", async () => {
    await ensureOwner(db, { email: "owner@example.com", password: "owner-pass" });
    const [owner] = await db.select().from(profiles).where(eq(profiles.role, "admin"));
    await expect(updateProfile(db, owner!.id, profileEditSchema.parse({ displayName: "Boss", role: "user", bio: "" }))).rejects.toBeInstanceOf(OwnerRoleError);
    expect((await db.select().from(profiles).where(eq(profiles.id, owner!.id)))[0]!.displayName).not.toBe("Boss");

    const userId = await createAccount(db, { email: "editor@example.com", password: "123456", role: "user", verified: true });
    await updateProfile(db, userId, profileEditSchema.parse({ displayName: "  Mulenga  ", role: "admin", bio: "   " }));
    expect((await db.select().from(profiles).where(eq(profiles.id, userId)))[0]).toMatchObject({ displayName: "Mulenga", role: "admin", bio: null });
  });
});
