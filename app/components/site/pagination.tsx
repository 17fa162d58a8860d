/** The links of a paginated list: hrefs with the list's parameters kept, null at either end. */
export interface PageLinks {
  prev: string | null;
  next: string | null;
}

const linkClass = "inline-flex items-center gap-1 rounded-md border border-input px-4 py-2 text-sm font-medium hover:bg-muted";

/**
 * "Previous" / "Next" for a list shown a page at a time. Plain links (rel="prev"/"next"), so it
 * works without JavaScript; nothing is shown when everything fits on one page.
 */
export function Pagination({ links, label = "Pagination" }: { links: PageLinks; label?: string }) {
  if (!links.prev && !links.next) return null;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-between gap-4">
      {links.prev ? (
        <a rel="prev" href={links.prev} className={linkClass}>
          <span aria-hidden="true">←</span> Previous
        </a>
      ) : (
        <span />
      )}
      {links.next ? (
        <a rel="next" href={links.next} className={linkClass}>
          Next <span aria-hidden="true">→</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
