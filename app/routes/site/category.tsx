import type { Route } from "./+types/category";
import { findCategory, searchPublishedArticles } from "../../server/articles.server";
import { ArticleGrid } from "../../components/site/article-grid";
import { CategoryBanner } from "../../components/site/category-banner";
import { ListControls, ListViewToggle } from "../../components/site/list-controls";
import { ListStatus } from "../../components/site/list-status";
import { parseArticleListParams } from "../../lib/article-list-params";
import { categoryLabel } from "../../lib/category-label";
import { pageLinkMeta, pageMeta, publicUrlFrom } from "../../lib/seo";
import { feedLinkMeta } from "../../lib/feeds";
import { pageLinks, pageRequest } from "../../server/keyset.server";
import { Pagination } from "../../components/site/pagination";
import { cacheTag, loadAsDocument, type ReaderPageHandle } from "../../lib/reader-page";

/** Set titles of the five category pages (spec §2); any other slug gets a generated one. */
const categoryTitles: Record<string, string> = {
  "education-news": "Education News",
  health: "Health & Wellness",
  sports: "Sports & Physical Education",
  technology: "Technology in Education",
  entrepreneurship: "Entrepreneurship Education",
};

export async function loader({ params: { category: slug }, request }: Route.LoaderArgs) {
  // A category page is one category: only the search, sort and view come from the query string.
  const url = new URL(request.url);
  const { q, sort, view } = parseArticleListParams(url.searchParams);
  const title = categoryTitles[slug] ?? categoryLabel(slug);
  const [category, found] = await Promise.all([findCategory(slug), searchPublishedArticles({ q, categorySlug: slug, sort }, pageRequest(url.searchParams))]);
  return {
    slug,
    title,
    description: category?.description ?? `The latest articles on ${title} from The Educator.`,
    icon: category?.icon ?? null,
    /** The category's name; null when there is no such category (then no feed, no preview card of its own). */
    categoryName: category?.name ?? null,
    params: { q, category: null, sort, view },
    articles: found.articles,
    total: found.total,
    pages: pageLinks(url, found),
  };
}

export const meta: Route.MetaFunction = ({ data, params, matches }) => [
  ...pageMeta({
    title: data?.title ?? categoryLabel(params.category),
    description: data?.description ?? "Articles from The Educator.",
    path: `/category/${encodeURIComponent(params.category)}`,
    publicUrl: publicUrlFrom(matches),
    ...(data?.categoryName ? { card: { path: `/category/${encodeURIComponent(params.category)}/og.jpg`, alt: `${data.title}: ${data.description}` } } : {}),
  }),
  ...pageLinkMeta(data?.pages),
  ...feedLinkMeta(publicUrlFrom(matches), data?.categoryName ? { slug: params.category, name: data.categoryName } : undefined),
];

export const handle: ReaderPageHandle = {
  readerPage: { live: ["articles"], cacheTags: () => [cacheTag.articleLists, cacheTag.categories] },
};

export const clientLoader = loadAsDocument;

export default function Category({ loaderData }: Route.ComponentProps) {
  const { slug, title, description, icon, params, articles, total, pages } = loaderData;
  return (
    <>
      <CategoryBanner slug={slug} title={title} description={description} icon={icon} />
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
        <ListControls params={params} searchLabel={`Search ${title}`} searchPlaceholder="Search by title or excerpt..." />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ListStatus count={total} />
          <ListViewToggle params={params} />
        </div>
        {articles.length > 0 ? (
          <div data-list-results>
            <ArticleGrid articles={articles} view={params.view} label={`${title} articles`} />
            <Pagination links={pages} label={`${title} pages`} />
          </div>
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 px-4 py-12 text-center dark:border-slate-700">
            <p className="text-lg text-slate-700 dark:text-slate-200">No articles found in this category.</p>
            <form method="get" className="mt-4">
              {params.sort !== "newest" && <input type="hidden" name="sort" value={params.sort} />}
              {params.view !== "grid" && <input type="hidden" name="view" value={params.view} />}
              <button type="submit" className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-accent-foreground hover:opacity-90">
                Clear Search
              </button>
            </form>
          </div>
        )}
      </div>
    </>
  );
}
