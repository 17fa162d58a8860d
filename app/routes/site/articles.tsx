import type { Route } from "./+types/articles";
import { searchPublishedArticles } from "#app/server/articles/articles.server";
import { ArticleGrid } from "#app/components/site/article-grid";
import { ListControls, ListViewToggle } from "#app/components/site/list-controls";
import { ListFilterChips } from "#app/components/site/list-filter-chips";
import { FullTextOffer, ListStatus } from "#app/components/site/list-status";
import { articleListSearch, parseArticleListParams, listQuery } from "#app/lib/article-list-params";
import { languageName } from "#app/lib/curriculum";
import { pageLinkMeta, pageMeta, siteFrom } from "#app/lib/seo";
import { feedLinkMeta } from "#app/lib/feeds";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { Pagination } from "#app/components/site/pagination";
import { articleListPage, keptOnServer, loadAsDocument } from "#app/lib/reader-page";
import { buttonClass } from "#app/components/ui/button";
import { hook, hooks } from "#app/lib/reader-hooks";
import { listSubjects } from "#app/server/articles/curriculum-filters.server";
import { services } from "#app/server/core/services.server";
import { listReaderCategories } from "#app/server/categories/categories.server";

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...pageMeta({
    title: "Articles",
    description: "Search every article published by The Educator: education news, health, sport, technology and entrepreneurship for teachers.",
    // Filters are views of one page: search engines get the plain list.
    path: "/articles",
    ...siteFrom(matches),
  }),
  ...pageLinkMeta(data?.pages),
  // Listing one language, the page offers that language's feed first.
  ...feedLinkMeta(
    siteFrom(matches),
    data?.params.lang ? { path: "", name: languageName(data.params.lang), query: articleListSearch({ lang: data.params.lang }) } : undefined,
  ),
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseArticleListParams(url.searchParams);
  const [found, subjects, categories] = await Promise.all([
    searchPublishedArticles({ q: params.q, categorySlug: params.category, sort: params.sort, curriculum: params }, pageRequest(url.searchParams)),
    listSubjects(services().db),
    listReaderCategories(services().db),
  ]);
  return keptOnServer({
    params,
    categories: categories.map(({ slug }) => ({ slug })),
    subjects,
    articles: found.articles,
    total: found.total,
    pages: pageLinks(url, found),
  });
}

export const handle = articleListPage(listQuery(["q", "category", "level", "subject", "type", "lang", "sort", "view"]), { withSubjects: true });

export const clientLoader = loadAsDocument;

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { params, categories, subjects, articles, total, pages } = loaderData;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <header>
        <h1 className="font-serif text-3xl font-black md:text-4xl">All Articles</h1>
        <p className="mt-2 text-muted-foreground">
          News, ideas and practical guidance for educators in Zambia and worldwide. Looking for something to teach with?{" "}
          <a href="/resources" className="font-semibold text-foreground underline underline-offset-4">
            Browse lesson resources
          </a>{" "}
          or{" "}
          <a href="/categories" className="font-semibold text-foreground underline underline-offset-4">
            every category
          </a>
          .
        </p>
      </header>
      <ListControls
        params={params}
        searchLabel="Search articles"
        searchPlaceholder="Search by title or excerpt..."
        categories={categories}
        subjects={subjects}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <ListStatus count={total} />
          <FullTextOffer params={params} total={total} />
          <ListFilterChips params={params} subjects={subjects} />
        </div>
        <ListViewToggle params={params} />
      </div>
      {articles.length > 0 ? (
        <div {...hook(hooks.listResults)}>
          <ArticleGrid articles={articles} view={params.view} label="Articles" />
          <Pagination links={pages} label="Articles pages" />
        </div>
      ) : (
        <div className="rounded-xl border border-dashed border-input px-4 py-12 text-center">
          <p className="text-lg text-muted-foreground">No articles found matching your criteria.</p>
          <form method="get" action="/articles" className="mt-4">
            {params.view !== "grid" && <input type="hidden" name="view" value={params.view} />}
            <button type="submit" className={buttonClass("primary", "md", "font-semibold")}>
              Clear Filters
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
