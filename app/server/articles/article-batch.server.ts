import { and, eq, inArray } from "drizzle-orm";
import { articles, categories } from "#database/schema";
import { mayDeleteArticle, mayEditArticle, seesAllArticles, statusesFor, type ArticleActor, type ArticleOwnership } from "#app/lib/article-access";
import { imageAltMissingText } from "#app/lib/admin-schemas";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import type { AppDb } from "#app/server/db/types.server";
import { checkArticleAccess, checkStatusAllowed } from "./article-access.server";
import { currentState, type ArticleState } from "./article-revisions.server";
import { deleteArticle, updateArticle } from "./article-writes.server";
import { afterArticleSave } from "./review.server";
import { bylineAccountsColumn } from "./bylines.server";
import { writerScope } from "./admin-articles.server";

// What the Articles list does to the selected articles at once: publish, unpublish (back to draft),
// delete, or move to another category. Each article is changed as its own edit or delete would
// change it (the same access check on its locked row, the same save with its revision and review
// mails, the same change events at its commit), in a transaction of its own: one refused article
// leaves the others changed, and the answer says which were refused and why.

export type ArticleBatchChange = { kind: "publish" } | { kind: "unpublish" } | { kind: "delete" } | { kind: "category"; categoryId: string };

/** An article the batch left as it was, and why (`title` null: none the actor may see has this id). */
export interface UnchangedArticle {
  id: string;
  title: string | null;
  reason: string;
}

export interface ArticleBatchResult {
  changed: number;
  unchanged: UnchangedArticle[];
}

type Actor = ArticleActor & { displayName: string | null; email: string };
type Selected = ArticleOwnership & { id: string; title: string; categoryId: string };

export const notFoundReason = "It no longer exists, or it is not yours to change.";

/**
 * The selected articles the actor may see (every one for editors; their own for the others: what
 * their list shows), with who wrote them and their state, in the order given.
 */
export async function selectedArticles(db: AppDb, actor: ArticleActor, ids: readonly string[]): Promise<Selected[]> {
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      status: articles.status,
      categoryId: articles.categoryId,
      authorId: articles.authorId,
      writerIds: bylineAccountsColumn,
    })
    .from(articles)
    .where(and(inArray(articles.id, [...ids]), writerScope(db, seesAllArticles(actor) ? null : actor.id)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Why the access rules (app/lib/article-access.ts) refuse `change` on `article` to `actor`; null when they allow it. */
function refusalOf(actor: ArticleActor, article: Selected, change: ArticleBatchChange): string | null {
  const writes = article.authorId === actor.id || (article.writerIds ?? []).includes(actor.id);
  if (change.kind === "delete") {
    if (mayDeleteArticle(actor, article)) return null;
    return article.authorId === actor.id ? "Only an editor can delete it once it is no longer a draft." : "Only an editor or whoever created it can delete it.";
  }
  if (!mayEditArticle(actor, article)) {
    if (!writes) return "Only an editor can change another writer's article.";
    return article.status === "pending" ? "It is waiting for review: an editor decides on it now." : "Only an editor can change it now it has gone live.";
  }
  if (change.kind === "publish" && !statusesFor(actor).includes("published")) return "An editor publishes it: submit it for review instead.";
  return null;
}

/** The state `change` leaves the article in, or why it leaves it as it is (already so). */
function changedState(current: ArticleState, change: Exclude<ArticleBatchChange, { kind: "delete" }>): ArticleState | string {
  switch (change.kind) {
    case "publish":
      if (current.status === "published") return "It is already published.";
      // As the article form's schema has it: what readers see describes its image.
      if (current.featuredImageUrl && !current.featuredImageAlt) return imageAltMissingText;
      return { ...current, status: "published", scheduledAt: null };
    case "unpublish":
      return current.status === "draft" ? "It is already a draft." : { ...current, status: "draft", scheduledAt: null };
    case "category":
      return current.categoryId === change.categoryId ? "It is already in that category." : { ...current, categoryId: change.categoryId };
  }
}

/** Edits one article as its edit screen saves it: null when it changed, else why not. */
async function changeOne(db: AppDb, actor: Actor, id: string, change: Exclude<ArticleBatchChange, { kind: "delete" }>): Promise<string | null> {
  return db.transaction(async (tx) => {
    const before = await checkArticleAccess(tx, actor, id, mayEditArticle);
    const current = before && (await currentState(tx, id));
    if (!before || !current) return notFoundReason;
    const next = changedState(current, change);
    if (typeof next === "string") return next;
    checkStatusAllowed(actor, next.status);
    await updateArticle(tx, id, next, actor);
    await afterArticleSave(tx, id, actor, before.status, next.status);
    return null;
  });
}

/**
 * Makes `change` to each of the articles `ids` that `actor` may change, one transaction each;
 * how many changed, and the others with why. A category that is not there refuses the whole batch.
 */
export async function changeArticles(db: AppDb, actor: Actor, ids: readonly string[], change: ArticleBatchChange): Promise<ArticleBatchResult> {
  if (change.kind === "category") {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, change.categoryId));
    if (!category) throw new AdminInputError("That category no longer exists. Please choose another.");
  }
  const selected = await selectedArticles(db, actor, ids);
  const seen = new Set(selected.map((article) => article.id));
  const unchanged: UnchangedArticle[] = ids.filter((id) => !seen.has(id)).map((id) => ({ id, title: null, reason: notFoundReason }));
  let changed = 0;
  for (const article of selected) {
    const refused = refusalOf(actor, article, change);
    let reason: string | null = refused;
    if (!refused) {
      try {
        if (change.kind === "delete") await deleteArticle(db, article.id, (tx) => checkArticleAccess(tx, actor, article.id, mayDeleteArticle));
        else reason = await changeOne(db, actor, article.id, change);
      } catch (error) {
        // Refused by the check on the locked row (it changed since it was read), or gone meanwhile.
        if (error instanceof Response && error.status === 403) reason = "You may no longer change it.";
        else if (error instanceof AdminInputError) reason = error.message;
        else throw error;
      }
    }
    if (reason) unchanged.push({ id: article.id, title: article.title, reason });
    else changed++;
  }
  return { changed, unchanged };
}
