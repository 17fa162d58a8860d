import { asc, count, eq } from "drizzle-orm";
import { articleSubjects, subjects } from "#database/schema";
import type { SubjectFormInput } from "#app/lib/admin-schemas";
import { plural } from "#app/lib/plural";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { sqlState, type AppDb } from "#app/server/db/types.server";

/** Every subject in the admin's order, with how many articles are filed under it. */
export function listSubjects(db: AppDb) {
  const used = db
    .select({ subjectId: articleSubjects.subjectId, articles: count().as("articles") })
    .from(articleSubjects)
    .groupBy(articleSubjects.subjectId)
    .as("used");
  return db
    .select({ id: subjects.id, name: subjects.name, slug: subjects.slug, position: subjects.position, articles: used.articles })
    .from(subjects)
    .leftJoin(used, eq(used.subjectId, subjects.id))
    .orderBy(asc(subjects.position), asc(subjects.name));
}

const takenText = "A subject with this name or slug already exists.";

/** Adds a subject, or renames and moves one (its slug follows its name only when given). */
export async function saveSubject(db: AppDb, input: SubjectFormInput, id?: string) {
  try {
    if (id) {
      const updated = await db.update(subjects).set(input).where(eq(subjects.id, id)).returning({ id: subjects.id });
      if (updated.length === 0) throw new AdminInputError("This subject no longer exists.");
    } else {
      await db.insert(subjects).values(input);
    }
  } catch (error) {
    if (sqlState(error) === "23505") throw new AdminInputError(takenText);
    throw error;
  }
}

/** Deletes a subject no article is filed under; one in use is refused with how many use it. */
export async function deleteSubject(db: AppDb, id: string) {
  const [usage] = await db.select({ n: count() }).from(articleSubjects).where(eq(articleSubjects.subjectId, id));
  const used = usage!.n;
  if (used > 0) {
    throw new AdminInputError(
      `This subject is used by ${plural(used, { one: "article", other: "articles" })}. Remove it from ${used === 1 ? "that article" : "them"} first.`,
    );
  }
  try {
    const deleted = await db.delete(subjects).where(eq(subjects.id, id)).returning({ id: subjects.id });
    if (deleted.length === 0) throw new AdminInputError("This subject no longer exists.");
  } catch (error) {
    // An article filed under it between the count and the delete: the foreign key refuses.
    if (sqlState(error) === "23001" || sqlState(error) === "23503") throw new AdminInputError("This subject is used by articles. Remove it from them first.");
    throw error;
  }
}
