import { X } from "./icons";
import { useLocation } from "react-router";
import { articleListSearch, type ArticleListParams } from "#app/lib/article-list-params";
import { categoryLabel } from "#app/lib/category-label";
import { curriculumOptions, filterChipClass, type SubjectOption } from "./curriculum-filters";

/** One removable chip per active filter (search, category, grade, subject, type, language); each is a link to the same list without that filter. */
export function ListFilterChips({ params, subjects = [] }: { params: ArticleListParams; subjects?: readonly SubjectOption[] }) {
  const { pathname } = useLocation();
  const curriculum = curriculumOptions(params, subjects).map(({ name, label, options }) => {
    const value = params[name];
    return value ? { key: name, text: `${label}: ${options.find((option) => option.value === value)?.label ?? value}`, without: { [name]: null } } : null;
  });
  const chips = [
    params.q && { key: "q", text: `Search: "${params.q}"`, without: { q: "" } },
    params.category && { key: "category", text: `Category: ${categoryLabel(params.category)}`, without: { category: null } },
    ...curriculum,
  ].filter((chip) => !!chip);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <a href={`${pathname}${articleListSearch({ ...params, ...chip.without })}`} className={filterChipClass}>
            <span className="sr-only">Remove filter </span>
            {chip.text}
            <X className="size-4" aria-hidden />
          </a>
        </li>
      ))}
    </ul>
  );
}
