import type { ArticleView } from "#app/lib/article-list-params";
import type { ArticleCardData } from "./article-card";
import { ArticleCard } from "./article-card";

/** Cards of a list page (right under its h1, so their titles are h2), as a grid or as full-width horizontal rows, each entering 50 ms after the previous one. */
export function ArticleGrid({ articles, view = "grid", label }: { articles: ArticleCardData[]; view?: ArticleView; label: string }) {
  return (
    <ul aria-label={label} className={view === "grid" ? "grid gap-6 sm:grid-cols-2 lg:grid-cols-3" : "flex flex-col gap-4"}>
      {articles.map((article, index) => (
        <li key={article.id} className="render-when-near flex">
          <ArticleCard article={article} index={index} layout={view === "grid" ? "vertical" : "horizontal"} priority={index === 0} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}
