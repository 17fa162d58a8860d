import type { Route } from "./+types/author";
import { searchPublishedArticles } from "#app/server/articles/articles.server";
import { findAuthor } from "#app/server/users/authors.server";
import { services } from "#app/server/core/services.server";
import { ArticleGrid } from "#app/components/site/article-grid";
import { ListStatus } from "#app/components/site/list-status";
import { Pagination } from "#app/components/site/pagination";
import { ReaderNotFound } from "#app/components/site/reader-not-found";
import { pageLinkMeta, pageMeta, siteFrom, privatePageMeta } from "#app/lib/seo";
import { listQuery } from "#app/lib/article-list-params";
import { articleListPage, keptOnServer, loadAsDocument } from "#app/lib/reader-page";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { hook, hooks } from "#app/lib/reader-hooks";

export async function loader({ params, request }: Route.LoaderArgs) {
  const author = await findAuthor(services().db, params.author);
  if (!author) throw new Response("Author Not Found", { status: 404 });
  const url = new URL(request.url);
  const found = await searchPublishedArticles({ author: author.ref }, pageRequest(url.searchParams));
  const { ref: _ref, ...shown } = author;
  return keptOnServer({ author: shown, articles: found.articles, total: found.total, pages: pageLinks(url, found) });
}

const descriptionOf = (author: { name: string; bio: string | null }) => author.bio ?? `Articles by ${author.name} in The Educator.`;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return privatePageMeta("Author Not Found", matches);
  return [
    ...pageMeta({ title: data.author.name, description: descriptionOf(data.author), path: `/author/${data.author.slug}`, ...siteFrom(matches) }),
    ...pageLinkMeta(data.pages),
  ];
};

export const handle = articleListPage(listQuery([]));

export const clientLoader = loadAsDocument;

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, articles, total, pages } = loaderData;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col items-start gap-5 sm:flex-row sm:items-center">
        {author.photoUrl && <img src={author.photoUrl} alt="" width={112} height={112} className="size-28 shrink-0 rounded-full object-cover" />}
        <div>
          <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Author</p>
          <h1 className="font-serif text-3xl font-black md:text-4xl">{author.name}</h1>
          {author.bio && <p className="mt-2 max-w-2xl text-muted-foreground">{author.bio}</p>}
        </div>
      </header>
      <ListStatus count={total} />
      {articles.length > 0 ? (
        <div {...hook(hooks.listResults)}>
          <ArticleGrid articles={articles} view="grid" label={`Articles by ${author.name}`} />
          <Pagination links={pages} label={`${author.name} pages`} />
        </div>
      ) : (
        <p className="rounded-xl border border-dashed border-input px-4 py-12 text-center text-lg text-muted-foreground">No published articles yet.</p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ReaderNotFound title="Author Not Found" message="This author has no public profile." />;
}
