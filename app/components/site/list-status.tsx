import { plural } from "#app/lib/plural";

/** The count line; the reader script shows "Loading articles..." in it while the list reloads. Announced to screen readers. */
export function ListStatus({ count }: { count: number }) {
  return (
    <p role="status" data-list-status className="text-sm text-slate-600 dark:text-slate-300">
      {`${plural(count, { one: "article", other: "articles" })} found`}
    </p>
  );
}
