// Basic category listing; the banner, search, sort and views arrive with the public-site issue (#3).
import type { Route } from "./+types/category";
import { listPublishedArticles } from "../../server/articles.server";
import { ArticleGrid } from "../../components/site/article-grid";
import { categoryLabel } from "../../lib/category-label";
import { useLiveRevalidation } from "../../lib/use-live-revalidation";

const titles: Record<string, string> = {
  "education-news": "Education News",
  health: "Health & Wellness",
  sports: "Sports & Physical Education",
  technology: "Technology in Education",
  entrepreneurship: "Entrepreneurship Education",
};

export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.category;
  return { title: titles[slug] ?? categoryLabel(slug), articles: await listPublishedArticles({ categorySlug: slug }) };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? "Category"} | The Educator` }];

export default function Category({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["articles"]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{loaderData.title}</h1>
      <ArticleGrid articles={loaderData.articles} empty="No articles found in this category." />
    </div>
  );
}
