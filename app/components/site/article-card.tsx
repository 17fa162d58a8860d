import { Link } from "react-router";
import { readTimeLabel } from "../../lib/read-time";
import { CategoryBadge } from "./category-badge";

export const fallbackImage = "/images/fallback-article.svg";

export interface ArticleCardData {
  id: string;
  title: string;
  excerpt: string | null;
  content: string;
  featuredImageUrl: string | null;
  categorySlug: string;
}

export function ArticleCard({ article, size = "md", featured = false }: { article: ArticleCardData; size?: "sm" | "md" | "lg"; featured?: boolean }) {
  const titleSize = size === "lg" ? "text-2xl" : size === "sm" ? "text-base" : "text-lg";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <img
        src={article.featuredImageUrl ?? fallbackImage}
        alt=""
        loading="lazy"
        className={`w-full object-cover ${size === "lg" ? "aspect-[16/9]" : "aspect-[16/10]"}`}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="relative z-10 flex items-center gap-2">
          <CategoryBadge slug={article.categorySlug} />
          {featured && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Featured</span>}
        </div>
        <h3 className={`${titleSize} font-bold leading-snug`}>
          <Link to={`/articles/${article.id}`} className="after:absolute after:inset-0 group-hover:underline">
            {article.title}
          </Link>
        </h3>
        {size !== "sm" && <p className="line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{article.excerpt ?? ""}</p>}
        <p className="mt-auto text-xs text-slate-600 dark:text-slate-300">
          The Educator · {readTimeLabel(article.content)}
        </p>
      </div>
    </article>
  );
}
