import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "#app/lib/cn";

/**
 * Below which width of its own box (the admin's sidebar takes room too, so the box, not the
 * window, decides) a table shows each row as a card: its cells side by side as far as they fit,
 * each under its column's name (`Td label`), a `wide` cell on a line of its own. `lg` is 32rem,
 * for a few columns; `2xl` 42rem; `3xl` 48rem, for the widest.
 */
export type StackBelow = "lg" | "2xl" | "3xl";

// Written out per width: Tailwind finds only whole class names in the source.
const stacked: Record<StackBelow, string> = {
  lg: "@max-lg:block @max-lg:[&_thead]:sr-only @max-lg:[&_tbody]:block @max-lg:[&_tr]:grid @max-lg:[&_tr]:grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] @max-lg:[&_tr]:grid-flow-row-dense @max-lg:[&_tr]:gap-x-1 @max-lg:[&_tr]:p-2 @max-lg:[&_tr+tr]:border-t @max-lg:[&_tr+tr]:border-border @max-lg:[&_td]:block @max-lg:[&_td]:max-w-none @max-lg:[&_td]:break-words @max-lg:[&_td]:min-w-0 @max-lg:[&_td]:border-0 @max-lg:[&_td]:py-1 @max-lg:[&_td]:px-2 @max-lg:[&_td]:text-left @max-lg:[&_td[data-wide]]:col-span-full @max-lg:[&_td[colspan]]:col-span-full @max-lg:[&_td[data-label]]:before:block @max-lg:[&_td[data-label]]:before:content-[attr(data-label)] @max-lg:[&_td[data-label]]:before:text-xs/5 @max-lg:[&_td[data-label]]:before:font-semibold @max-lg:[&_td[data-label]]:before:text-muted-foreground",
  "2xl":
    "@max-2xl:block @max-2xl:[&_thead]:sr-only @max-2xl:[&_tbody]:block @max-2xl:[&_tr]:grid @max-2xl:[&_tr]:grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] @max-2xl:[&_tr]:grid-flow-row-dense @max-2xl:[&_tr]:gap-x-1 @max-2xl:[&_tr]:p-2 @max-2xl:[&_tr+tr]:border-t @max-2xl:[&_tr+tr]:border-border @max-2xl:[&_td]:block @max-2xl:[&_td]:max-w-none @max-2xl:[&_td]:break-words @max-2xl:[&_td]:min-w-0 @max-2xl:[&_td]:border-0 @max-2xl:[&_td]:py-1 @max-2xl:[&_td]:px-2 @max-2xl:[&_td]:text-left @max-2xl:[&_td[data-wide]]:col-span-full @max-2xl:[&_td[colspan]]:col-span-full @max-2xl:[&_td[data-label]]:before:block @max-2xl:[&_td[data-label]]:before:content-[attr(data-label)] @max-2xl:[&_td[data-label]]:before:text-xs/5 @max-2xl:[&_td[data-label]]:before:font-semibold @max-2xl:[&_td[data-label]]:before:text-muted-foreground",
  "3xl":
    "@max-3xl:block @max-3xl:[&_thead]:sr-only @max-3xl:[&_tbody]:block @max-3xl:[&_tr]:grid @max-3xl:[&_tr]:grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] @max-3xl:[&_tr]:grid-flow-row-dense @max-3xl:[&_tr]:gap-x-1 @max-3xl:[&_tr]:p-2 @max-3xl:[&_tr+tr]:border-t @max-3xl:[&_tr+tr]:border-border @max-3xl:[&_td]:block @max-3xl:[&_td]:max-w-none @max-3xl:[&_td]:break-words @max-3xl:[&_td]:min-w-0 @max-3xl:[&_td]:border-0 @max-3xl:[&_td]:py-1 @max-3xl:[&_td]:px-2 @max-3xl:[&_td]:text-left @max-3xl:[&_td[data-wide]]:col-span-full @max-3xl:[&_td[colspan]]:col-span-full @max-3xl:[&_td[data-label]]:before:block @max-3xl:[&_td[data-label]]:before:content-[attr(data-label)] @max-3xl:[&_td[data-label]]:before:text-xs/5 @max-3xl:[&_td[data-label]]:before:font-semibold @max-3xl:[&_td[data-label]]:before:text-muted-foreground",
};

/**
 * A data table in its own box. Wide enough, it is a table whose cells wrap between words; with
 * `stackBelow`, a narrower box shows its rows as cards. It scrolls sideways inside its box only
 * when a row can be no narrower.
 */
export function Table({ className = "", stackBelow, ...props }: HTMLAttributes<HTMLTableElement> & { stackBelow?: StackBelow }) {
  return (
    <div className="@container overflow-x-auto rounded-lg border border-border">
      <table className={cn("w-full text-left text-sm", stackBelow && stacked[stackBelow], className)} {...props} />
    </div>
  );
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn("bg-subtle px-3 py-2 font-semibold whitespace-nowrap", className)} {...props} />;
}

/** A cell; where its row shows as a card (see Table's `stackBelow`), `label` names it and a `wide` one takes a line of its own. */
export function Td({ className = "", label, wide = false, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string; wide?: boolean }) {
  return <td data-label={label} data-wide={wide || undefined} className={cn("border-t border-border px-3 py-2 align-top", className)} {...props} />;
}

/** The header row of a table, one column heading per label. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <Th key={column}>{column}</Th>
        ))}
      </tr>
    </thead>
  );
}

/** The one row an empty table shows, spanning every column. */
export function EmptyRow({ columns, children }: { columns: number; children: React.ReactNode }) {
  return (
    <tr>
      <Td colSpan={columns} className="py-8 text-center text-muted-foreground">
        {children}
      </Td>
    </tr>
  );
}
