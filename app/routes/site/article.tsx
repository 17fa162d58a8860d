import { Link } from "react-router";
import type { Route } from "./+types/article";
import { openPublishedArticle } from "../../server/articles.server";
import { renderMarkdown } from "../../server/markdown.server";
import { ArticleCard, fallbackImage } from "../../components/site/article-card";
import { CategoryBadge } from "../../components/site/category-badge";
import { readTimeLabel } from "../../lib/read-time";

export async function loader({ params }: Route.LoaderArgs) {
  const found = await openPublishedArticle(params.id);
  if (!found) throw new Response("Article Not Found", { status: 404 });
  return { ...found, html: renderMarkdown(found.article.content) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [{ title: `${data.article.title} | The Educator` }, { name: "description", content: data.article.excerpt ?? data.article.title }]
    : [{ title: "Article Not Found | The Educator" }];

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related, html } = loaderData;
  const date = article.publishedAt ? new Date(article.publishedAt) : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <CategoryBadge slug={article.categorySlug} />
      <h1 className="mt-4 font-serif text-3xl font-black md:text-5xl">{article.title}</h1>
      {article.excerpt && <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{article.excerpt}</p>}
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        The Educator
        {date && (
          <>
            {" · "}
            <time dateTime={date.toISOString()}>{date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}</time>
          </>
        )}
        {" · "}
        {readTimeLabel(article.content)} · {article.views.toLocaleString("en-US")} views
      </p>
      <img src={article.featuredImageUrl ?? fallbackImage} alt="" className="mt-8 aspect-[16/9] w-full rounded-xl object-cover" />
      <div className="article-body prose mt-8 max-w-none space-y-4 leading-relaxed [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-6" dangerouslySetInnerHTML={{ __html: html }} />
      <footer className="mt-12 border-t border-slate-200 pt-6 dark:border-slate-800">
        <p className="font-semibold">Published by The Educator</p>
      </footer>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="text-2xl font-bold">
            Related Articles
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-3">
            {related.map((item) => (
              <ArticleCard key={item.id} article={item} size="sm" />
            ))}
          </div>
        </section>
      )}
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Article Not Found | The Educator</title>
      <h1 className="text-3xl font-bold">Article Not Found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">This article does not exist or is not published.</p>
      <Link to="/articles" className="mt-6 inline-block font-medium text-accent underline">
        Back to Articles
      </Link>
    </div>
  );
}
