import { and, asc, eq, gt, isNull, or } from "drizzle-orm";
import { articles } from "#database/schema";
import { readTimeMinutes } from "#app/lib/read-time";
import type { AppDb } from "#app/server/db/types.server";
import { renderMarkdown } from "./markdown.server";

/**
 * The one place where an article's Markdown becomes what readers get: the stored HTML and
 * read time. Every write that sets `content` spreads this into the same row.
 */
export function articleBody(content: string) {
  return { contentHtml: renderMarkdown(content), readTimeMinutes: readTimeMinutes(content) };
}

/**
 * Renders the rows saved without a stored body (rows from before migration 0011, or a backup
 * made before it), `batchSize` at a time in id order. Returns how many it filled.
 */
export async function fillArticleBodies(db: AppDb, batchSize = 50): Promise<number> {
  let filled = 0;
  let lastId: string | null = null;
  for (;;) {
    const rows: { id: string; content: string }[] = await db
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(and(or(isNull(articles.contentHtml), isNull(articles.readTimeMinutes)), lastId ? gt(articles.id, lastId) : undefined))
      .orderBy(asc(articles.id))
      .limit(batchSize);
    if (rows.length === 0) return filled;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        // Matched on the content too: an edit saved meanwhile has stored its own body already.
        const updated = await tx
          .update(articles)
          .set(articleBody(row.content))
          .where(and(eq(articles.id, row.id), eq(articles.content, row.content)))
          .returning({ id: articles.id });
        filled += updated.length;
      }
    });
    lastId = rows.at(-1)!.id;
  }
}
