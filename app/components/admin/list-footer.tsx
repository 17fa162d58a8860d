import { Form, useLocation, useSubmit } from "react-router";
import { Pagination, type PageLinks } from "#app/components/site/pagination";
import { Button } from "#app/components/ui/button";
import { useScripted } from "#app/components/admin/batch-form";
import { controlClass } from "#app/components/ui/field";
import { pageSizeParam, pageSizes } from "#app/lib/list-page-size";
import { plural, type PluralForms } from "#app/lib/plural";

/**
 * "Rows per page": a GET form that keeps everything else in the list's address (its search,
 * filters, order and cursor, so the page starts where it did) and sets `size`. A choice applies at
 * once; without scripts, its Show button does.
 */
export function PageSizeForm({ id, size }: { id: string; size: number }) {
  const submit = useSubmit();
  const { search } = useLocation();
  const scripted = useScripted(); // the Show button is for pages without scripts
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== pageSizeParam);
  return (
    <Form method="get" className="flex items-center gap-2" onChange={(event) => submit(event.currentTarget)}>
      {kept.map(([name, value], index) => (
        <input key={`${index}:${name}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={`${id}-page-size`} className="text-sm font-medium whitespace-nowrap">
        Rows per page
      </label>
      <select id={`${id}-page-size`} key={size} name={pageSizeParam} defaultValue={size} className={`${controlClass} mt-0 w-auto`}>
        {pageSizes.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      {!scripted && (
        <Button type="submit" variant="outline" size="sm">
          Show
        </Button>
      )}
    </Form>
  );
}

/**
 * Under an admin list: how many rows match its search and filters ("42 articles"), the page size
 * to choose, and the page links.
 */
export function ListFooter({
  id,
  total,
  noun,
  size,
  pages,
  label,
}: {
  id: string;
  total: number;
  noun: PluralForms;
  size: number;
  pages: PageLinks;
  label: string;
}) {
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{plural(total, noun)}</p>
        <PageSizeForm id={id} size={size} />
      </div>
      <Pagination links={pages} label={label} />
    </div>
  );
}
