// Basic list of published articles; search, filters, sort and views arrive with the public-site issue (#3).
import type { Route } from "./+types/articles";
import { listPublishedArticles } from "../../server/articles.server";
import { ArticleGrid } from "../../components/site/article-grid";
import { useLiveRevalidation } from "../../lib/use-live-revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Articles | The Educator" }, { name: "description", content: "Every article published by The Educator." }];

export async function loader() {
  return { articles: await listPublishedArticles() };
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["articles"]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">All Articles</h1>
      <ArticleGrid articles={loaderData.articles} empty="No articles found matching your criteria." />
    </div>
  );
}
