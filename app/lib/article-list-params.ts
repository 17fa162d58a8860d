import { canonicalLanguage, isLevel, isResourceType } from "./curriculum";

const sortValues = ["newest", "oldest", "popular", "relevance"] as const;
const viewValues = ["grid", "list"] as const;
export type ArticleSort = (typeof sortValues)[number];
export type ArticleView = (typeof viewValues)[number];

/** The sort select's options, in the order the spec lists them, then full-text search ranked (the body too). */
export const articleSortLabels: Record<ArticleSort, string> = {
  newest: "Newest First",
  oldest: "Oldest First",
  popular: "Most Popular",
  relevance: "Best Match",
};

/** Longest search text kept; anything longer is cut, never refused. */
export const searchMaxLength = 100;

export interface ArticleListParams {
  q: string;
  /** A category's slug (any well-formed one: a category that does not exist lists nothing). */
  category: string | null;
  sort: ArticleSort;
  view: ArticleView;
  /** What a teacher filters by (app/lib/curriculum.ts): a level's value, a subject's slug, a resource type, a language tag. */
  level: string | null;
  subject: string | null;
  type: string | null;
  lang: string | null;
}

/** The curriculum filters, by their URL names (the article page links to them). */
export const curriculumFilterNames = ["level", "subject", "type", "lang"] as const;
export type CurriculumFilterName = (typeof curriculumFilterNames)[number];

export const defaultListParams: ArticleListParams = { q: "", category: null, sort: "newest", view: "grid", level: null, subject: null, type: null, lang: null };

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Plain code, not a schema library: this runs in the browser on every list page.
function oneOf<Value extends string>(values: readonly Value[], value: string | null): Value | null {
  return values.includes(value as Value) ? (value as Value) : null;
}

function valid(value: string | null, check: (value: string) => boolean): string | null {
  return value && check(value) ? value : null;
}

/** A list's URL parameters; a missing or bad value falls back to its default instead of failing. */
export function parseArticleListParams(search: URLSearchParams | string): ArticleListParams {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return {
    q: (params.get("q") ?? "").trim().slice(0, searchMaxLength),
    category: valid(params.get("category"), (slug) => slugPattern.test(slug)),
    sort: oneOf(sortValues, params.get("sort")) ?? defaultListParams.sort,
    view: oneOf(viewValues, params.get("view")) ?? defaultListParams.view,
    level: valid(params.get("level"), isLevel),
    subject: valid(params.get("subject"), (slug) => slug.length <= 80 && slugPattern.test(slug)),
    type: valid(params.get("type"), isResourceType),
    lang: params.get("lang") ? canonicalLanguage(params.get("lang")!) : null,
  };
}

/** The words of a search (runs of letters and digits, lowercased): what full-text search matches. */
export function searchWords(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A title-and-excerpt search finding fewer articles than this offers to search the articles' text. */
export const fullTextOfferBelow = 3;

/**
 * "?q=…&sort=relevance…": the same list searched in the articles' text too (Best Match), offered
 * when the title-and-excerpt search of `params` found fewer than `fullTextOfferBelow`; null otherwise.
 */
export function fullTextSearchOffer(params: ArticleListParams, total: number): string | null {
  if (params.sort === "relevance" || total >= fullTextOfferBelow || searchWords(params.q).length === 0) return null;
  return articleListSearch({ ...params, sort: "relevance" });
}

/** "?q=…&sort=…" for the given parameters, leaving out defaults so shared URLs stay short ("" when all are defaults). */
export function articleListSearch(params: Partial<ArticleListParams>): string {
  const search = new URLSearchParams();
  const { q, category, sort, view, ...curriculum } = { ...defaultListParams, ...params };
  if (q.trim()) search.set("q", q.trim());
  if (category) search.set("category", category);
  for (const name of curriculumFilterNames) if (curriculum[name]) search.set(name, curriculum[name]);
  if (sort !== defaultListParams.sort) search.set("sort", sort);
  if (view !== defaultListParams.view) search.set("view", view);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A list's page cursor in its address: `?after=` (the next page) or `?before=` (the previous one), as app/server/db/keyset.server.ts reads it. */
export const pageCursorParams = ["after", "before"] as const;

/**
 * What a list page reads of its query, in one canonical form: the list parameters named in `read`
 * (defaults, bad values and everything else left out, as `articleListSearch` writes them) and its
 * page cursor. Declared as the page's `ReaderPage.query`.
 */
export function listQuery(read: readonly (keyof ArticleListParams)[]): (search: URLSearchParams) => string {
  return (search) => {
    const params = parseArticleListParams(search);
    const canonical = new URLSearchParams(articleListSearch(Object.fromEntries(read.map((name) => [name, params[name]]))));
    for (const name of pageCursorParams) {
      const cursor = search.get(name);
      if (cursor) canonical.set(name, cursor);
    }
    const text = canonical.toString();
    return text ? `?${text}` : "";
  };
}
