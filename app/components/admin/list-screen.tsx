import type { ReactNode } from "react";
import { Link } from "react-router";
import { Pencil, Plus } from "lucide-react";
import { Button, buttonClass } from "#app/components/ui/button";
import { EmptyRow, Table, TableHead, type StackBelow } from "#app/components/ui/table";
import { RowDeleteButton } from "./row-delete-button";

/** An admin list's title with how many it holds, "Categories (12)", and its New button (or link, to a screen of its own). */
export function ListHeading({ title, count, add }: { title: string; count: number; add: { label: string } & ({ onClick: () => void } | { to: string }) }) {
  const content = (
    <>
      <Plus className="size-4" aria-hidden />
      {add.label}
    </>
  );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">
        {/* One text node, as a hand-written title gives: "Categories <span>". */}
        {`${title} `}
        <span className="text-base font-normal text-muted-foreground">{`(${count})`}</span>
      </h1>
      {"to" in add ? (
        <Link to={add.to} className={buttonClass()}>
          {content}
        </Link>
      ) : (
        <Button onClick={add.onClick}>{content}</Button>
      )}
    </div>
  );
}

/**
 * An admin list's table: a hidden caption, the column headings, then a row per item, its cells
 * drawn by `children`, or the one row `empty` says when there is none. A row is keyed by its `id`
 * unless `rowKey` names another field.
 */
export function ListTable<Row extends Record<Key, string>, Key extends string = "id">({
  caption,
  columns,
  stackBelow,
  rows,
  rowKey,
  rowClassName,
  empty,
  children,
}: {
  caption: string;
  columns: string[];
  stackBelow?: StackBelow;
  rows: Row[];
  rowKey?: Key;
  rowClassName?: string;
  empty: ReactNode;
  children: (row: Row, index: number) => ReactNode;
}) {
  const key = rowKey ?? "id";
  return (
    <Table stackBelow={stackBelow}>
      <caption className="sr-only">{caption}</caption>
      <TableHead columns={columns} />
      <tbody>
        {rows.length === 0 ? (
          <EmptyRow columns={columns.length}>{empty}</EmptyRow>
        ) : (
          rows.map((row, index) => (
            <tr key={row[key as Key]} className={rowClassName}>
              {children(row, index)}
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}

/**
 * A row's Edit and Delete buttons, named for the row ("Edit Health"). `edit` opens the inline
 * editor, or is the address of the row's own edit screen; `remove` is the delete button's (see
 * RowDeleteButton); `children` go first (a subject's move buttons).
 */
export function RowActions({
  name,
  edit,
  remove,
  children,
}: {
  name: string;
  edit: (() => void) | string;
  remove: { id: string; confirm: string; fetcherKey: string; intent?: string };
  children?: ReactNode;
}) {
  const icon = <Pencil className="size-4" aria-hidden />;
  return (
    <div className="flex items-center gap-1">
      {children}
      {typeof edit === "string" ? (
        <Link to={edit} aria-label={`Edit ${name}`} title="Edit" className={buttonClass("ghost", "icon")}>
          {icon}
        </Link>
      ) : (
        <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} title="Edit" onClick={edit}>
          {icon}
        </Button>
      )}
      <RowDeleteButton name={name} {...remove} />
    </div>
  );
}
