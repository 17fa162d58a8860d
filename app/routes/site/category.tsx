import type { Route } from "./+types/category";
import { findCategory, searchPublishedArticles } from "#app/server/articles/articles.server";
import { CategoryBanner } from "#app/components/site/category-banner";
import { parseArticleListParams, listQuery } from "#app/lib/article-list-params";
import { categoryLabel } from "#app/lib/category-label";
import { pageLinkMeta, pageMeta, siteFrom } from "#app/lib/seo";
import { feedLinkMeta } from "#app/lib/feeds";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { SearchableArticleList } from "#app/components/site/searchable-article-list";
import { articleListPage, keptOnServer, loadAsDocument } from "#app/lib/reader-page";
import { listSubjects } from "#app/server/articles/curriculum-filters.server";
import { services } from "#app/server/core/services.server";

/** Set titles of the five category pages; any other slug gets a generated one. */
const categoryTitles: Record<string, string> = {
  "education-news": "Education News",
  health: "Health & Wellness",
  sports: "Sports & Physical Education",
  technology: "Technology in Education",
  entrepreneurship: "Entrepreneurship Education",
};

export async function loader({ params: { category: slug }, request }: Route.LoaderArgs) {
  // A category page is one category: the search, curriculum filters, sort and view come from the query string.
  const url = new URL(request.url);
  const params = { ...parseArticleListParams(url.searchParams), category: null };
  const { q, sort } = params;
  const title = categoryTitles[slug] ?? categoryLabel(slug);
  const [category, found, subjects] = await Promise.all([
    findCategory(slug),
    searchPublishedArticles({ q, categorySlug: slug, sort, curriculum: params }, pageRequest(url.searchParams)),
    listSubjects(services().db),
  ]);
  return keptOnServer({
    slug,
    title,
    description: category?.description ?? `The latest articles on ${title} from The Educator.`,
    icon: category?.icon ?? null,
    /** The category's name; null when there is no such category (then no feed, no preview card of its own). */
    categoryName: category?.name ?? null,
    params,
    subjects,
    articles: found.articles,
    total: found.total,
    pages: pageLinks(url, found),
  });
}

export const meta: Route.MetaFunction = ({ data, params, matches }) => [
  ...pageMeta({
    title: data?.title ?? categoryLabel(params.category),
    description: data?.description ?? "Articles from The Educator.",
    path: `/category/${encodeURIComponent(params.category)}`,
    ...siteFrom(matches),
    ...(data?.categoryName ? { card: { path: `/category/${encodeURIComponent(params.category)}/og.jpg`, alt: `${data.title}: ${data.description}` } } : {}),
  }),
  ...pageLinkMeta(data?.pages),
  ...feedLinkMeta(siteFrom(matches), data?.categoryName ? { path: `/category/${encodeURIComponent(params.category)}`, name: data.categoryName } : undefined),
];

export const handle = articleListPage(listQuery(["q", "level", "subject", "type", "lang", "sort", "view"]), { withSubjects: true });

export const clientLoader = loadAsDocument;

export default function Category({ loaderData }: Route.ComponentProps) {
  const { slug, title, description, icon, params, subjects, articles, total, pages } = loaderData;
  return (
    <>
      <CategoryBanner slug={slug} title={title} description={description} icon={icon} />
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
        <SearchableArticleList
          params={params}
          searchLabel={`Search ${title}`}
          articles={articles}
          total={total}
          pages={pages}
          label={title}
          emptyMessage="No articles found in this category."
          clearSearch
          subjects={subjects}
        />
      </div>
    </>
  );
}
