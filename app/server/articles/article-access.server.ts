import { eq } from "drizzle-orm";
import { articles } from "#database/schema";
import { accessDenied } from "#app/server/auth/access.server";
import { statusesFor, type ArticleActor, type ArticleOwnership } from "#app/lib/article-access";
import type { AppDb } from "#app/server/db/types.server";
import { bylineAccountsColumn } from "./bylines.server";

/**
 * Reads the article's writers and status, locking its row until the caller's transaction ends (so
 * no save or review changes them in between), and throws 403 unless `allowed`. Null when there is
 * no such article.
 */
export async function checkArticleAccess(
  db: AppDb,
  actor: ArticleActor,
  id: string,
  allowed: (actor: ArticleActor, article: ArticleOwnership) => boolean,
): Promise<ArticleOwnership | null> {
  const [article] = await db
    .select({ authorId: articles.authorId, writerIds: bylineAccountsColumn, status: articles.status })
    .from(articles)
    .where(eq(articles.id, id))
    .for("update");
  if (article && !allowed(actor, article)) throw accessDenied();
  return article ?? null;
}

/** Throws 403 when `actor` may not save an article as `status` (a contributor publishing). */
export function checkStatusAllowed(actor: ArticleActor, status: string) {
  if (!(statusesFor(actor) as readonly string[]).includes(status)) throw accessDenied();
}
