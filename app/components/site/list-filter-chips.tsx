import { X } from "./icons";
import { useLocation } from "react-router";
import { articleListSearch, type ArticleListParams } from "#app/lib/article-list-params";
import { categoryLabel } from "#app/lib/category-label";

/** One removable chip per active filter; each is a link to the same list without that filter. */
export function ListFilterChips({ params }: { params: ArticleListParams }) {
  const { pathname } = useLocation();
  const chips = [
    params.q && { key: "q", text: `Search: "${params.q}"`, without: { q: "" } },
    params.category && { key: "category", text: `Category: ${categoryLabel(params.category)}`, without: { category: null } },
  ].filter((chip) => !!chip);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <a
            href={`${pathname}${articleListSearch({ ...params, ...chip.without })}`}
            className="inline-flex items-center gap-1 rounded-full border border-input bg-muted px-3 py-1 text-sm text-foreground hover:bg-secondary"
          >
            <span className="sr-only">Remove filter </span>
            {chip.text}
            <X className="size-4" aria-hidden />
          </a>
        </li>
      ))}
    </ul>
  );
}
