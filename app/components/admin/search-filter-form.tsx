import { Search } from "lucide-react";
import { Form, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";

interface SearchFilterFormProps {
  /** Prefix of the controls' ids, e.g. "comment". */
  id: string;
  searchLabel: string;
  placeholder: string;
  q: string;
  filter: { name: string; label: string; value: string; options: Array<{ value: string; label: string }> };
}

/** A search box and one select, kept in the URL (GET) so the server does the filtering. */
export function SearchFilterForm({ id, searchLabel, placeholder, q, filter }: SearchFilterFormProps) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      className="mt-6 flex flex-wrap items-end gap-3"
      onChange={(event) => event.target instanceof HTMLSelectElement && submit(event.currentTarget)}
    >
      <div className="min-w-64 flex-1">
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          {searchLabel}
        </label>
        <input id={`${id}-search`} key={q} type="search" name="q" defaultValue={q} placeholder={placeholder} className={controlClass} />
      </div>
      <div>
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
      <Button type="submit" variant="outline">
        <Search className="size-4" aria-hidden />
        Search
      </Button>
    </Form>
  );
}
