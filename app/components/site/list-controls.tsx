import { LayoutGrid, List, Search } from "./icons";
import { useLocation } from "react-router";
import { articleListSearch, articleSortLabels, defaultListParams, type ArticleListParams, type ArticleView } from "#app/lib/article-list-params";
import { categoryLabel } from "#app/lib/category-label";
import { buttonClass } from "#app/components/ui/button";
import { hook, hooks } from "#app/lib/reader-hooks";
import { CurriculumSelects, type SubjectOption } from "./curriculum-filters";

const fieldClass = "h-10 rounded-md border border-input bg-card px-3 text-sm text-foreground";

interface ListControlsProps {
  params: ArticleListParams;
  searchLabel: string;
  searchPlaceholder: string;
  /** /articles filters by category (the categories readers can browse); a category page is one already. */
  categories?: readonly { slug: string }[];
  /** With the grade, subject, type and language filters (and the subjects to offer). */
  subjects?: readonly SubjectOption[];
}

/**
 * Search, category and sort of a list page: a GET form (works without JavaScript). The reader
 * script (app/reader-script/list-navigation.ts) updates the list in place as the reader types or picks.
 */
export function ListControls({ params, searchLabel, searchPlaceholder, categories, subjects }: ListControlsProps) {
  const { pathname } = useLocation();
  return (
    <form method="get" action={pathname} role="search" {...hook(hooks.listForm)} className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor="list-search" className="text-sm font-medium">
          {searchLabel}
        </label>
        <div className="flex gap-2">
          <input
            id="list-search"
            type="search"
            name="q"
            defaultValue={params.q}
            placeholder={searchPlaceholder}
            autoComplete="off"
            maxLength={200}
            {...hook(hooks.listSearch)}
            className={`${fieldClass} min-w-0 flex-1`}
          />
          <button type="submit" className={buttonClass("primary", "md", "h-10 py-0 font-semibold")}>
            <Search className="size-4" aria-hidden />
            Search
          </button>
        </div>
      </div>
      {categories && (
        <div className="flex flex-col gap-1">
          <label htmlFor="list-category" className="text-sm font-medium">
            Category
          </label>
          <select id="list-category" name="category" defaultValue={params.category ?? ""} {...hook(hooks.submitOnChange)} className={fieldClass}>
            <option value="">All Categories</option>
            {categoryOptions(categories, params.category).map((slug) => (
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
        <select id="list-sort" name="sort" defaultValue={params.sort} {...hook(hooks.submitOnChange)} className={fieldClass}>
          {Object.entries(articleSortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {subjects && <CurriculumSelects params={params} subjects={subjects} />}
      {params.view !== "grid" && <input type="hidden" name="view" value={params.view} />}
    </form>
  );
}

/** The categories' slugs, the chosen one kept when it lists nothing (a link to an empty category). */
function categoryOptions(categories: readonly { slug: string }[], chosen: string | null): string[] {
  const slugs = categories.map((category) => category.slug);
  return chosen && !slugs.includes(chosen) ? [...slugs, chosen] : slugs;
}

const views: Array<{ view: ArticleView; label: string; icon: typeof LayoutGrid }> = [
  { view: "grid", label: "Grid view", icon: LayoutGrid },
  { view: "list", label: "List view", icon: List },
];

/**
 * Grid/list toggle: pressed-state buttons; without JavaScript they submit a GET form carrying the
 * other parameters. Grid, the default, submits no `view`: the address links and the reader script use.
 */
export function ListViewToggle({ params }: { params: ArticleListParams }) {
  const { pathname } = useLocation();
  const carried = new URLSearchParams(articleListSearch({ ...params, view: defaultListParams.view }));
  return (
    <form method="get" action={pathname} className="flex gap-1" aria-label="Layout">
      {[...carried].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {views.map(({ view, label, icon: Icon }) => (
        <button
          key={view}
          type="submit"
          {...(view === defaultListParams.view ? {} : { name: "view", value: view })}
          aria-label={label}
          aria-pressed={params.view === view}
          title={label}
          className="rounded-md border border-input p-2 hover:bg-muted aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-accent-foreground"
        >
          <Icon className="size-5" aria-hidden />
        </button>
      ))}
    </form>
  );
}
