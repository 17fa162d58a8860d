import { articleStatuses } from "./admin-schemas";
import type { ArticleStatus } from "./article-access";
import { canonicalLanguage, isLevel } from "./curriculum";
import { isUuid } from "./uuid";

// What the admin Articles list is narrowed to, read from its URL (so a filtered list can be
// bookmarked, shared and paged): words of the title, a status, a category, an author on the
// byline, a language and a level. A value that is not one of these is ignored, not an error.

/** The orders the list's column headings offer: each column's own direction (A–Z; newest or most first). */
export const adminArticleSorts = ["created", "updated", "title", "views"] as const;
export type AdminArticleSort = (typeof adminArticleSorts)[number];
export const defaultAdminArticleSort: AdminArticleSort = "created";
const isAdminArticleSort = (value: string): value is AdminArticleSort => (adminArticleSorts as readonly string[]).includes(value);

export interface AdminArticleFilter {
  q: string;
  status: ArticleStatus | null;
  /** A category's slug. */
  category: string | null;
  /** A byline entry: "user:<id>" or "guest:<id>". */
  author: string | null;
  lang: string | null;
  level: string | null;
  /** Not a filter: the order, kept with the filters in the URL. */
  sort: AdminArticleSort;
}

export const adminArticleFilterNames = ["q", "status", "category", "author", "lang", "level", "sort"] as const;

const slug = /^[a-z0-9-]{1,100}$/;
const isArticleStatus = (value: string): value is ArticleStatus => (articleStatuses as readonly string[]).includes(value);

export function adminArticleFilterOf(search: URLSearchParams): AdminArticleFilter {
  const value = (name: (typeof adminArticleFilterNames)[number]) => search.get(name)?.trim() ?? "";
  const status = value("status");
  const sort = value("sort");
  const author = value("author");
  const [kind, id = ""] = author.split(":", 2);
  return {
    q: value("q").slice(0, 200),
    status: isArticleStatus(status) ? status : null,
    category: slug.test(value("category")) ? value("category") : null,
    author: (kind === "user" || kind === "guest") && isUuid(id) ? `${kind}:${id.toLowerCase()}` : null,
    lang: value("lang") ? canonicalLanguage(value("lang")) : null,
    level: isLevel(value("level")) ? value("level") : null,
    sort: isAdminArticleSort(sort) ? sort : defaultAdminArticleSort,
  };
}

/** Whether any filter is set (the list then says "No articles match" rather than "No articles yet"). */
export const isFiltered = (filter: AdminArticleFilter) =>
  filter.q !== "" || [filter.status, filter.category, filter.author, filter.lang, filter.level].some((value) => value !== null);
