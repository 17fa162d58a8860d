// How many rows an admin list shows a page: the reader's choice, kept in the list's address
// (`?size=25`) with its filters. Anything but one of the choices is the default, never an error.

/** Rows per page on every paginated list, public and admin, unless the reader chose otherwise. */
export const defaultPageSize = 12;

/** What the admin lists' "Rows per page" offers. */
export const pageSizes = [defaultPageSize, 25, 50, 100] as const;

/** The URL parameter that carries the choice. */
export const pageSizeParam = "size";

/** The page size the address asks for: one of `pageSizes`, else the default. */
export function pageSizeOf(search: URLSearchParams): number {
  const asked = Number(search.get(pageSizeParam));
  return (pageSizes as readonly number[]).includes(asked) ? asked : defaultPageSize;
}

/** `{ size }` for a form or link to keep the choice, or nothing when it is the default. */
export const keptPageSize = (size: number): Record<string, string> => (size === defaultPageSize ? {} : { [pageSizeParam]: String(size) });

/** A list's address with the page size kept: "Clear filters" clears the filters, not the reader's choice of size. */
export const withPageSize = (path: string, size: number) => (size === defaultPageSize ? path : `${path}?${pageSizeParam}=${size}`);
