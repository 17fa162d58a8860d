import { Search } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";

export interface ListFilter {
  name: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
}

interface SearchFilterFormProps {
  /** Prefix of the controls' ids, e.g. "comment". */
  id: string;
  searchLabel: string;
  placeholder: string;
  q: string;
  filters: ListFilter[];
  /** The list unfiltered: offered as "Clear filters" while a search or filter is set. */
  clearHref?: string;
  /** Filters set elsewhere (a link in a row), kept when the search or a select changes. */
  kept?: Record<string, string>;
}

/**
 * The admin lists' search box and filters, kept in the URL (GET) so the server does the filtering
 * and a filtered list can be bookmarked. A changed select applies at once; without scripts, Search does.
 */
export function SearchFilterForm({ id, searchLabel, placeholder, q, filters, clearHref, kept = {} }: SearchFilterFormProps) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      className="mt-6 flex flex-wrap items-end gap-3"
      onChange={(event) => event.target instanceof HTMLSelectElement && submit(event.currentTarget)}
    >
      {Object.entries(kept).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-64 flex-1">
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          {searchLabel}
        </label>
        <input id={`${id}-search`} key={q} type="search" name="q" defaultValue={q} placeholder={placeholder} className={controlClass} />
      </div>
      {filters.map((filter) => (
        <div key={filter.name}>
          <label htmlFor={`${id}-${filter.name}`} className="text-sm font-medium">
            {filter.label}
          </label>
          <select id={`${id}-${filter.name}`} key={filter.value} name={filter.name} defaultValue={filter.value} className={controlClass}>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <Button type="submit" variant="outline">
        <Search className="size-4" aria-hidden />
        Search
      </Button>
      {clearHref && (
        <Link to={clearHref} className="self-center text-sm font-medium text-accent underline underline-offset-4">
          Clear filters
        </Link>
      )}
    </Form>
  );
}
