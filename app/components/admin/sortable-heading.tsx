import { ArrowDown, ArrowUp } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Th } from "#app/components/ui/table";
import { pageCursorParams } from "#app/lib/article-list-params";

/**
 * A column heading that orders its table by that column: a link to the same list (its filters kept,
 * from the first page) with `sort` set, `direction` being the one the order runs in. The column
 * the list is ordered by says so (aria-sort, an arrow).
 */
export function SortableHeading({
  label,
  sort,
  current,
  byDefault,
  direction,
  className,
}: {
  label: string;
  sort: string;
  current: string;
  /** The order the list has without `sort`: its link drops the parameter. */
  byDefault: string;
  direction: "ascending" | "descending";
  className?: string;
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  for (const name of pageCursorParams) params.delete(name);
  if (sort === byDefault) params.delete("sort");
  else params.set("sort", sort);
  const query = params.toString();
  const sorted = sort === current;
  const Arrow = direction === "ascending" ? ArrowUp : ArrowDown;
  return (
    <Th aria-sort={sorted ? direction : undefined} className={className}>
      <Link to={query ? `${pathname}?${query}` : pathname} className="inline-flex items-center gap-1 hover:underline">
        {label}
        {sorted && <Arrow className="size-3.5" aria-hidden />}
      </Link>
    </Th>
  );
}
