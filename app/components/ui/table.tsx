import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "#app/lib/cn";

export function Table({ className = "", ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className={cn("w-full text-left text-sm", className)} {...props} />
    </div>
  );
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn("bg-slate-50 px-3 py-2 font-semibold dark:bg-slate-900", className)} {...props} />;
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("border-t border-slate-200 px-3 py-2 align-top dark:border-slate-800", className)} {...props} />;
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
      <Td colSpan={columns} className="py-8 text-center text-slate-600 dark:text-slate-300">
        {children}
      </Td>
    </tr>
  );
}
