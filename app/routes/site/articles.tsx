import { Form } from "react-router";
import type { Route } from "./+types/articles";
import { searchPublishedArticles } from "../../server/articles.server";
import { ArticleGrid } from "../../components/site/article-grid";
import { ListControls, ListViewToggle } from "../../components/site/list-controls";
import { ListFilterChips } from "../../components/site/list-filter-chips";
import { ListStatus, useListReloading } from "../../components/site/list-status";
import { parseArticleListParams } from "../../lib/article-list-params";
import { pageMeta, publicUrlFrom } from "../../lib/seo";
import { useLiveRevalidation } from "../../lib/use-live-revalidation";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Articles",
    description: "Search every article published by The Educator: education news, health, sport, technology and entrepreneurship for teachers.",
    // Filters are views of one page: search engines get the plain list.
    path: "/articles",
    publicUrl: publicUrlFrom(matches),
  });

export async function loader({ request }: Route.LoaderArgs) {
  const params = parseArticleListParams(new URL(request.url).searchParams);
  const articles = await searchPublishedArticles({ q: params.q, categorySlug: params.category, sort: params.sort });
  return { params, articles };
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["articles"]);
  const { params, articles } = loaderData;
  const reloading = useListReloading();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <header>
        <h1 className="font-serif text-3xl font-black md:text-4xl">All Articles</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">News, ideas and practical guidance for educators in Zambia and worldwide.</p>
      </header>
      <ListControls params={params} searchLabel="Search articles" searchPlaceholder="Search by title or excerpt..." withCategoryFilter />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <ListStatus count={articles.length} reloading={reloading} />
          <ListFilterChips params={params} />
        </div>
        <ListViewToggle params={params} />
      </div>
      {articles.length > 0 ? (
        <div aria-busy={reloading} className={reloading ? "opacity-60 transition-opacity" : undefined}>
          <ArticleGrid articles={articles} view={params.view} label="Articles" />
        </div>
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 px-4 py-12 text-center dark:border-slate-700">
          <p className="text-lg text-slate-700 dark:text-slate-200">No articles found matching your criteria.</p>
          <Form method="get" action="/articles" preventScrollReset className="mt-4">
            {params.view !== "grid" && <input type="hidden" name="view" value={params.view} />}
            <button type="submit" className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-accent-foreground hover:opacity-90">
              Clear Filters
            </button>
          </Form>
        </div>
      )}
    </div>
  );
}
