import type { Route } from "./+types/tag";
import { searchPublishedArticles } from "#app/server/articles/articles.server";
import { findTag } from "#app/server/articles/tags.server";
import { services } from "#app/server/core/services.server";
import { SearchableArticleList } from "#app/components/site/searchable-article-list";
import { ReaderNotFound } from "#app/components/site/reader-not-found";
import { defaultListParams, parseArticleListParams, listQuery } from "#app/lib/article-list-params";
import { feedLinkMeta } from "#app/lib/feeds";
import { pageLinkMeta, pageMeta, siteFrom, privatePageMeta } from "#app/lib/seo";
import { articleListPage, keptOnServer, loadAsDocument } from "#app/lib/reader-page";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";

export async function loader({ params, request }: Route.LoaderArgs) {
  const tag = await findTag(services().db, params.tag);
  if (!tag) throw new Response("Tag Not Found", { status: 404 });
  const url = new URL(request.url);
  const { q, sort, view } = parseArticleListParams(url.searchParams);
  const found = await searchPublishedArticles({ q, tagId: tag.id, sort }, pageRequest(url.searchParams));
  return keptOnServer({ tag, params: { ...defaultListParams, q, sort, view }, articles: found.articles, total: found.total, pages: pageLinks(url, found) });
}

const descriptionOf = (name: string) => `Articles tagged ${name} from The Educator.`;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return privatePageMeta("Tag Not Found", matches);
  const path = `/tag/${data.tag.slug}`;
  return [
    ...pageMeta({ title: `#${data.tag.name}`, description: descriptionOf(data.tag.name), path, ...siteFrom(matches) }),
    ...pageLinkMeta(data.pages),
    ...feedLinkMeta(siteFrom(matches), { path, name: `#${data.tag.name}` }),
  ];
};

export const handle = articleListPage(listQuery(["q", "sort", "view"]));

export const clientLoader = loadAsDocument;

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, params, articles, total, pages } = loaderData;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <header>
        <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Tag</p>
        <h1 className="font-serif text-3xl font-black md:text-4xl">#{tag.name}</h1>
        <p className="mt-2 text-muted-foreground">{descriptionOf(tag.name)}</p>
      </header>
      <SearchableArticleList
        params={params}
        searchLabel={`Search #${tag.name}`}
        articles={articles}
        total={total}
        pages={pages}
        label={`#${tag.name}`}
        emptyMessage="No articles found with this tag."
        clearSearch={params.q !== ""}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <ReaderNotFound title="Tag Not Found" message="No article has this tag." />;
}
