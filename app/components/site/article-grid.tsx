import type { ArticleCardData } from "./article-card";
import { ArticleCard } from "./article-card";

export function ArticleGrid({ articles, empty }: { articles: ArticleCardData[]; empty: string }) {
  if (articles.length === 0) return <p className="mt-6 text-slate-600 dark:text-slate-300">{empty}</p>;
  return (
    <>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        {`${articles.length} ${articles.length === 1 ? "article" : "articles"}`}
      </p>
      <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {articles.map((article) => (
          <ArticleCard key={article.id} article={article} />
        ))}
      </div>
    </>
  );
}
