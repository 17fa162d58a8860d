// What a staff member may do with one article, by their role (app/lib/access.ts) and whether they
// wrote it. The server enforces these (app/server/articles/article-access.server.ts); the article
// form and the Articles screen show only what they allow.
import { can, type Role } from "./access";
import type { articleStatuses } from "./admin-schemas";

export type ArticleStatus = (typeof articleStatuses)[number];

/** How each status is named on the admin screens. */
export const statusLabels: Record<ArticleStatus, string> = { draft: "Draft", pending: "Pending review", published: "Published", scheduled: "Scheduled" };

export interface ArticleActor {
  id: string;
  role: Role;
}

export interface ArticleOwnership {
  /** Whoever created it. */
  authorId: string | null;
  /** The accounts on its byline: they write it too. */
  writerIds?: readonly string[];
  status: ArticleStatus;
}

/** Whether `actor` writes the article: created it, or is on its byline. */
const writes = (actor: ArticleActor, article: ArticleOwnership) => article.authorId === actor.id || (article.writerIds ?? []).includes(actor.id);

/** Whether the Articles screen lists every article for `actor`, or only their own. */
export const seesAllArticles = (actor: ArticleActor): boolean => can(actor.role, "editAllArticles");

/**
 * The statuses `actor` may save an article as: a contributor writes drafts and submits them for
 * review (pending); an author publishes their own; an editor also moves any back to review.
 */
export function statusesFor(actor: ArticleActor): readonly ArticleStatus[] {
  if (can(actor.role, "editAllArticles")) return ["draft", "pending", "published", "scheduled"];
  return can(actor.role, "publishOwnArticles") ? ["draft", "published", "scheduled"] : ["draft", "pending"];
}

/**
 * Whether `actor` may open and save `article`: editors any; authors their own (created, or
 * co-written: on its byline); contributors their own drafts. While an article waits for review its writer cannot change it, until an editor
 * sends it back.
 */
export function mayEditArticle(actor: ArticleActor, article: ArticleOwnership): boolean {
  if (can(actor.role, "editAllArticles")) return true;
  if (!writes(actor, article) || article.status === "pending") return false;
  return article.status === "draft" || can(actor.role, "publishOwnArticles");
}

/**
 * Whether `actor` may delete `article`: editors any; contributors and authors the drafts they
 * created (a co-writer may not delete the creator's work).
 */
export function mayDeleteArticle(actor: ArticleActor, article: ArticleOwnership): boolean {
  if (can(actor.role, "editAllArticles")) return true;
  return article.authorId === actor.id && article.status === "draft";
}
