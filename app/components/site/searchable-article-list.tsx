import type { ArticleListParams } from "#app/lib/article-list-params";
import { ArticleGrid } from "./article-grid";
import type { ArticleCardData } from "./article-card";
import { ListControls, ListViewToggle } from "./list-controls";
import { ListFilterChips } from "./list-filter-chips";
import type { SubjectOption } from "./curriculum-filters";
import { FullTextOffer, ListStatus } from "./list-status";
import { Pagination, type PageLinks } from "./pagination";
import { buttonClass } from "#app/components/ui/button";
import { hook, hooks } from "#app/lib/reader-hooks";

interface SearchableArticleListProps {
  params: ArticleListParams;
  /** The search box's label, e.g. "Search Health & Wellness". */
  searchLabel: string;
  articles: ArticleCardData[];
  total: number;
  pages: PageLinks;
  /** Names the list and its page links for screen readers. */
  label: string;
  emptyMessage: string;
  /** The empty list offers to drop the search (keeping sort and view). */
  clearSearch: boolean;
  /** With the grade, subject, type and language filters (and the subjects to offer). */
  subjects?: readonly SubjectOption[];
}

/** One set of articles (a category's, a tag's): search and sort, count, layout, cards a page at a time. */
export function SearchableArticleList({ params, searchLabel, articles, total, pages, label, emptyMessage, clearSearch, subjects }: SearchableArticleListProps) {
  return (
    <>
      <ListControls params={params} searchLabel={searchLabel} searchPlaceholder="Search by title or excerpt..." subjects={subjects} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <ListStatus count={total} />
          <FullTextOffer params={params} total={total} />
          {subjects && <ListFilterChips params={params} subjects={subjects} />}
        </div>
        <ListViewToggle params={params} />
      </div>
      {articles.length > 0 ? (
        <div {...hook(hooks.listResults)}>
          <ArticleGrid articles={articles} view={params.view} label={`${label} articles`} />
          <Pagination links={pages} label={`${label} pages`} />
        </div>
      ) : (
        <div className="rounded-xl border border-dashed border-input px-4 py-12 text-center">
          <p className="text-lg text-muted-foreground">{emptyMessage}</p>
          {clearSearch && (
            <form method="get" className="mt-4">
              {params.sort !== "newest" && <input type="hidden" name="sort" value={params.sort} />}
              {params.view !== "grid" && <input type="hidden" name="view" value={params.view} />}
              <button type="submit" className={buttonClass("primary", "md", "font-semibold")}>
                Clear Search
              </button>
            </form>
          )}
        </div>
      )}
    </>
  );
}
