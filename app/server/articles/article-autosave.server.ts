import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { articleAutosaves } from "#database/schema";
import { articleFieldNames, type ArticleFormValues } from "#app/lib/article-form-values";
import type { AppDb } from "#app/server/db/types.server";
import { isUuid } from "#app/lib/uuid";

/** "new" before the article exists, else its id. */
export const articleKeySchema = z.string().refine((key) => key === "new" || isUuid(key), { message: "Unknown article." });

// As typed, within the form's own limits (the content's is the largest).
const typedValues = z.object(
  Object.fromEntries(
    articleFieldNames.map((field) => [
      field,
      z
        .string()
        .max(field === "content" ? 200_000 : 2048)
        .default(""),
    ]),
  ) as Record<keyof ArticleFormValues, z.ZodDefault<z.ZodString>>,
);

export const autosaveSchema = z.object({ articleKey: articleKeySchema, values: typedValues });

export async function saveAutosave(db: AppDb, userId: string, articleKey: string, values: ArticleFormValues): Promise<Date> {
  const savedAt = new Date();
  await db
    .insert(articleAutosaves)
    .values({ userId, articleKey, fields: JSON.stringify(values), savedAt })
    .onConflictDoUpdate({ target: [articleAutosaves.userId, articleAutosaves.articleKey], set: { fields: JSON.stringify(values), savedAt } });
  return savedAt;
}

export async function findAutosave(db: AppDb, userId: string, articleKey: string): Promise<{ values: ArticleFormValues; savedAt: Date } | null> {
  const [row] = await db
    .select()
    .from(articleAutosaves)
    .where(and(eq(articleAutosaves.userId, userId), eq(articleAutosaves.articleKey, articleKey)));
  if (!row) return null;
  const parsed = typedValues.safeParse(JSON.parse(row.fields));
  return parsed.success ? { values: parsed.data, savedAt: row.savedAt } : null;
}

export async function discardAutosave(db: AppDb, userId: string, articleKey: string) {
  await db.delete(articleAutosaves).where(and(eq(articleAutosaves.userId, userId), eq(articleAutosaves.articleKey, articleKey)));
}

/** An article's autosaves go with it. */
export async function discardAutosavesOf(db: AppDb, articleId: string) {
  await db.delete(articleAutosaves).where(eq(articleAutosaves.articleKey, articleId));
}

/** The autosave to offer back: only when it differs from what the form shows. */
export async function autosaveToOffer(db: AppDb, userId: string, articleKey: string, shown: ArticleFormValues) {
  const autosave = await findAutosave(db, userId, articleKey);
  if (!autosave || articleFieldNames.every((field) => autosave.values[field] === shown[field])) return null;
  return { values: autosave.values, savedAt: autosave.savedAt.toISOString() };
}
