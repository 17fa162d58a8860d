import { LayoutGrid, List, Search } from "lucide-react";
import { useCallback, useEffect, useRef, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  articleCategorySlugs,
  articleListSearch,
  articleSortLabels,
  parseArticleListParams,
  type ArticleListParams,
  type ArticleView,
} from "../../lib/article-list-params";
import { categoryLabel } from "../../lib/category-label";

/** Wait after the last keystroke before the search reaches the URL. */
export const searchDebounceMs = 300;

const fieldClass =
  "h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/** Moves the current list page to other parameters, without a full reload; `replace` for steps not worth a history entry. */
export function useListNavigation(params: ArticleListParams) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (changes: Partial<ArticleListParams>, options: { replace?: boolean } = {}) =>
      navigate({ pathname, search: articleListSearch({ ...params, ...changes }) }, { replace: options.replace, preventScrollReset: true }),
    [navigate, pathname, params],
  );
}

interface ListControlsProps {
  params: ArticleListParams;
  searchLabel: string;
  searchPlaceholder: string;
  /** /articles filters by category; a category page is one already. */
  withCategoryFilter?: boolean;
}

/**
 * Search, category and sort of a list page: a GET form (works without JavaScript) that, with
 * JavaScript, updates the URL in place — the search debounced, replacing the history entry.
 */
export function ListControls({ params, searchLabel, searchPlaceholder, withCategoryFilter = false }: ListControlsProps) {
  const go = useListNavigation(params);
  const { pathname } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The search text the URL holds; what is typed after it is never overwritten by a reload.
  const inUrl = useRef(params.q);

  useEffect(() => {
    // The URL changed elsewhere (a chip, Clear Filters, the back button): show its search text.
    if (params.q === inUrl.current) return;
    inUrl.current = params.q;
    clearTimeout(pending.current);
    if (input.current) input.current.value = params.q;
  }, [params.q]);
  useEffect(() => () => clearTimeout(pending.current), []);

  function searchFor(text: string, replace: boolean) {
    clearTimeout(pending.current);
    const q = parseArticleListParams(new URLSearchParams({ q: text })).q;
    if (q === inUrl.current) return;
    inUrl.current = q;
    void go({ q }, { replace });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = parseArticleListParams(new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>));
    inUrl.current = form.q;
    clearTimeout(pending.current);
    void go({ q: form.q, sort: form.sort, ...(withCategoryFilter ? { category: form.category } : {}) });
  }

  return (
    <form method="get" action={pathname} onSubmit={onSubmit} role="search" className="flex flex-col gap-3 md:flex-row md:items-end">
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor="list-search" className="text-sm font-medium">
          {searchLabel}
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id="list-search"
            type="search"
            name="q"
            defaultValue={params.q}
            placeholder={searchPlaceholder}
            autoComplete="off"
            maxLength={200}
            onChange={(event) => {
              const text = event.currentTarget.value;
              clearTimeout(pending.current);
              pending.current = setTimeout(() => searchFor(text, true), searchDebounceMs);
            }}
            className={`${fieldClass} min-w-0 flex-1`}
          />
          <button
            type="submit"
            className="inline-flex h-10 items-center gap-2 rounded-md bg-accent px-4 text-sm font-semibold text-accent-foreground hover:opacity-90"
          >
            <Search className="size-4" aria-hidden />
            Search
          </button>
        </div>
      </div>
      {withCategoryFilter && (
        <div className="flex flex-col gap-1">
          <label htmlFor="list-category" className="text-sm font-medium">
            Category
          </label>
          <select
            id="list-category"
            name="category"
            value={params.category ?? ""}
            onChange={(event) => void go({ category: parseArticleListParams(`category=${event.currentTarget.value}`).category })}
            className={fieldClass}
          >
            <option value="">All Categories</option>
            {articleCategorySlugs.map((slug) => (
              <option key={slug} value={slug}>
                {categoryLabel(slug)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor="list-sort" className="text-sm font-medium">
          Sort by
        </label>
        <select
          id="list-sort"
          name="sort"
          value={params.sort}
          onChange={(event) => void go({ sort: parseArticleListParams(`sort=${event.currentTarget.value}`).sort })}
          className={fieldClass}
        >
          {Object.entries(articleSortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {params.view !== "grid" && <input type="hidden" name="view" value={params.view} />}
    </form>
  );
}

const views: Array<{ view: ArticleView; label: string; icon: typeof LayoutGrid }> = [
  { view: "grid", label: "Grid view", icon: LayoutGrid },
  { view: "list", label: "List view", icon: List },
];

/** Grid/list toggle: pressed-state buttons; without JavaScript they submit a GET form carrying the other parameters. */
export function ListViewToggle({ params }: { params: ArticleListParams }) {
  const go = useListNavigation(params);
  const { pathname } = useLocation();
  const carried = new URLSearchParams(articleListSearch({ ...params, view: "grid" }));
  return (
    <form method="get" action={pathname} className="flex gap-1" aria-label="Layout">
      {[...carried].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {views.map(({ view, label, icon: Icon }) => (
        <button
          key={view}
          type="submit"
          name="view"
          value={view}
          aria-label={label}
          aria-pressed={params.view === view}
          title={label}
          onClick={(event) => {
            event.preventDefault();
            void go({ view });
          }}
          className="rounded-md border border-slate-300 p-2 hover:bg-slate-100 aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-accent-foreground dark:border-slate-600 dark:hover:bg-slate-800 dark:aria-pressed:bg-accent"
        >
          <Icon className="size-5" aria-hidden />
        </button>
      ))}
    </form>
  );
}
