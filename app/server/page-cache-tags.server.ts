import { eq } from "drizzle-orm";
import { articles, comments } from "../../database/schema";
import { cacheTag } from "../lib/reader-page";
import type { TableChange } from "../lib/live-tables";
import type { AppDb } from "./db-types.server";

/**
 * The cache tags a database change drops (app/lib/reader-page.ts names them; each reader page
 * declares the ones it shows). `later` receives tags that need a look at the row first (null when
 * that look failed: drop everything); the immediate ones are returned, to drop at once.
 */
export function tagsChangedBy(change: TableChange, db: AppDb, later: (tags: string[] | null) => void): string[] {
  const { table, op, id } = change;
  if (op === "views") return []; // counts move every second; cached pages age out instead
  switch (table) {
    case "articles":
      if (id && op !== "delete") {
        // Pages of its (new) category list it as related; pages that showed it carry its own tag.
        void db
          .select({ categoryId: articles.categoryId })
          .from(articles)
          .where(eq(articles.id, id))
          .then(([row]) => row && later([cacheTag.relatedIn(row.categoryId)]))
          .catch(() => later(null));
      }
      return id ? [cacheTag.articleLists, cacheTag.article(id)] : [cacheTag.articleLists];
    case "comments":
      if (id && op !== "delete") {
        void db
          .select({ articleId: comments.articleId, status: comments.status })
          .from(comments)
          .where(eq(comments.id, id))
          .then(([row]) => row?.status === "approved" && later([cacheTag.commentsOn(row.articleId)]))
          .catch(() => later(null));
      }
      return id ? [cacheTag.comment(id)] : [];
    case "categories":
      return [cacheTag.categories];
    case "team_members":
      return [cacheTag.team];
    case "profiles":
      return [cacheTag.commenters];
    case "page_views":
    case "contact_messages":
    case "community_questions":
      return [];
  }
}
