import { z } from "zod";

/** The category slugs a reader can filter /articles by (spec §2). */
export const articleCategorySlugs = ["technology", "health", "teacher-swaps", "education-news", "sports", "entrepreneurship", "ask-kafundisha"] as const;

const sortValues = ["newest", "oldest", "popular"] as const;
export type ArticleSort = (typeof sortValues)[number];
export type ArticleView = "grid" | "list";

/** The sort select's options, in the order the spec lists them. */
export const articleSortLabels: Record<ArticleSort, string> = { newest: "Newest First", oldest: "Oldest First", popular: "Most Popular" };

/** Longest search text kept; anything longer is cut, never refused. */
export const searchMaxLength = 100;

/** A list's URL parameters; a missing or bad value falls back to its default instead of failing. */
export const articleListParamsSchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((value) => value.trim().slice(0, searchMaxLength)),
  category: z.enum(articleCategorySlugs).nullable().catch(null),
  sort: z.enum(sortValues).catch("newest"),
  view: z.enum(["grid", "list"]).catch("grid"),
});

export type ArticleListParams = z.infer<typeof articleListParamsSchema>;

export const defaultListParams: ArticleListParams = { q: "", category: null, sort: "newest", view: "grid" };

export function parseArticleListParams(search: URLSearchParams | string): ArticleListParams {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return articleListParamsSchema.parse({
    q: params.get("q") ?? undefined,
    category: params.get("category") ?? undefined,
    sort: params.get("sort") ?? undefined,
    view: params.get("view") ?? undefined,
  });
}

/** "?q=…&sort=…" for the given parameters, leaving out defaults so shared URLs stay short ("" when all are defaults). */
export function articleListSearch(params: Partial<ArticleListParams>): string {
  const search = new URLSearchParams();
  const { q, category, sort, view } = { ...defaultListParams, ...params };
  if (q.trim()) search.set("q", q.trim());
  if (category) search.set("category", category);
  if (sort !== defaultListParams.sort) search.set("sort", sort);
  if (view !== defaultListParams.view) search.set("view", view);
  const text = search.toString();
  return text ? `?${text}` : "";
}
