import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { articles, categories } from "#database/schema";
import type { CategoryFormInput } from "#app/lib/admin-schemas";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { containsPattern, sqlState, type AppDb } from "#app/server/db/types.server";
import { countedPage, firstPage, keysetPage, type KeysetOrder, type PageRequest } from "#app/server/db/keyset.server";
import { plural } from "#app/lib/plural";
import { publishedOnly } from "#app/server/articles/published.server";

// The site's order (numbered first, then by name), as a keyset: blank places sort as the largest.
const categoryOrder: KeysetOrder = {
  name: "categories-by-place",
  columns: [{ sql: sql`coalesce(${categories.position}, 2147483647)`, type: "integer" }, categories.name, categories.id],
  direction: "asc",
};

/** Admin categories: every field, in the site's order, a page at a time, with how many there are; those whose name or slug has `q`, when given. */
export function listCategories(db: AppDb, page: PageRequest = firstPage, q = "") {
  const matching = q ? or(ilike(categories.name, containsPattern(q)), ilike(categories.slug, containsPattern(q))) : undefined;
  const rows = keysetPage(categoryOrder, page, (keyset) =>
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        icon: categories.icon,
        position: categories.position,
        createdAt: categories.createdAt,
        cursor: keyset.cursor,
      })
      .from(categories)
      .where(and(matching, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  return countedPage(rows, db.select({ total: count() }).from(categories).where(matching));
}

/** The editors' order: numbered first (1 first), then the rest by name. */
const siteOrder = [sql`${categories.position} asc nulls last`, asc(categories.name)];

/** The categories readers can browse: those with a published article, in the editors' order, with how many. */
export function listReaderCategories(db: AppDb) {
  return db
    .select({ slug: categories.slug, name: categories.name, icon: categories.icon, articles: count(articles.id) })
    .from(categories)
    .innerJoin(articles, and(eq(articles.categoryId, categories.id), publishedOnly))
    .groupBy(categories.id)
    .orderBy(...siteOrder);
}

/** Every category's slug and name, in the site's order (the header links Settings offers). */
export function listCategoryNames(db: AppDb) {
  return db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(...siteOrder);
}

export type ReaderCategory = Awaited<ReturnType<typeof listReaderCategories>>[number];

export async function saveCategory(db: AppDb, input: CategoryFormInput, id?: string) {
  try {
    if (!id) {
      const [created] = await db.insert(categories).values(input).returning({ id: categories.id });
      return created!;
    }
    const [updated] = await db.update(categories).set(input).where(eq(categories.id, id)).returning({ id: categories.id });
    if (!updated) throw new AdminInputError("This category no longer exists.");
    return updated;
  } catch (error) {
    if (sqlState(error) === "23505") throw new AdminInputError(`The slug "${input.slug}" is already used by another category.`);
    throw error;
  }
}

/** Refused while articles use the category, saying how many: nothing is lost or orphaned. */
export async function deleteCategory(db: AppDb, id: string) {
  const [usage] = await db.select({ n: count() }).from(articles).where(eq(articles.categoryId, id));
  const used = usage!.n;
  if (used > 0) {
    throw new AdminInputError(
      `This category is used by ${plural(used, { one: "article", other: "articles" })}. Move ${used === 1 ? "it" : "them"} to another category first.`,
    );
  }
  try {
    const deleted = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (deleted.length === 0) throw new AdminInputError("This category no longer exists.");
  } catch (error) {
    // An article assigned between the count and the delete: the foreign key refuses (23001 on PostgreSQL 18, 23503 on 15).
    if (sqlState(error) === "23001" || sqlState(error) === "23503")
      throw new AdminInputError("This category is used by articles. Move them to another category first.");
    throw error;
  }
}
