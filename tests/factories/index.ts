// Small rows for tests that need one article or one account: quicker to read than the demo
// magazine, and a test says exactly what it relies on.
import crypto from "node:crypto";
import { articles, categories } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import { articleBody } from "#app/server/articles/article-body.server";
import { createAccount } from "#app/server/auth/auth.server";
import { slugify } from "#app/lib/slug";

const unique = () => crypto.randomBytes(4).toString("hex");

export async function aCategory(db: AppDb, fields: Partial<typeof categories.$inferInsert> = {}) {
  const name = fields.name ?? `Category ${unique()}`;
  const [category] = await db
    .insert(categories)
    .values({ name, slug: slugify(name), ...fields })
    .returning();
  return category!;
}

/** A published article (in a new category unless one is given), its body rendered as a save would. */
export async function anArticle(db: AppDb, fields: Partial<typeof articles.$inferInsert> = {}) {
  const title = fields.title ?? `Article ${unique()}`;
  const content = fields.content ?? "Plain words for a test.";
  const status = fields.status ?? "published";
  const [article] = await db
    .insert(articles)
    .values({
      title,
      content,
      ...articleBody(content),
      categoryId: fields.categoryId ?? (await aCategory(db)).id,
      slug: `${slugify(title) || "article"}-${unique()}`,
      status,
      publishedAt: status === "published" ? new Date() : null,
      ...fields,
    })
    .returning();
  return article!;
}

/** A confirmed account; `password` to sign in with. */
export async function anAccount(db: AppDb, fields: { role?: "user" | "admin"; displayName?: string; email?: string } = {}) {
  const email = fields.email ?? `someone-${unique()}@example.com`;
  const password = `password-${unique()}`;
  const id = await createAccount(db, { email, password, role: fields.role ?? "user", verified: true, displayName: fields.displayName });
  return { id, email, password };
}
