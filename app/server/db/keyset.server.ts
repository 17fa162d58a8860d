import crypto from "node:crypto";
import { asc, desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { pageCursorParams } from "#app/lib/article-list-params";
import { defaultPageSize, pageSizeOf } from "#app/lib/list-page-size";

/** Rows per page on every paginated list, public and admin (an admin list's reader may choose another: `sizedPageRequest`). */
export const pageSize = defaultPageSize;

/**
 * How a list is ordered: its sort columns, the last one unique (the id) so that ties have a
 * stable order, all in one direction. `name` ties a cursor to its order.
 */
export interface KeysetOrder {
  name: string;
  columns: readonly (PgColumn | SortExpression)[];
  direction: "asc" | "desc";
}

/** A computed sort value (a search rank, say) and its SQL type, which a cursor's text is cast back to. */
export interface SortExpression {
  sql: SQL;
  type: string;
}

const sortSql = (column: PgColumn | SortExpression) => ("getSQLType" in column ? sql`${column}` : sql`(${column.sql})`);
const sortType = (column: PgColumn | SortExpression) => ("getSQLType" in column ? column.getSQLType() : column.type);

/**
 * What a cursor knows of an order that is not a query (a list read from storage): its name and
 * how many sort values make a row's key.
 */
export interface CursorOrder {
  name: string;
  keys: number;
}

/** The cursor from the URL: `?after=` (the next page) or `?before=` (the previous one). */
export interface PageRequest {
  after: string | null;
  before: string | null;
  /** Rows a page, when the reader chose (`?size=`); else the list's own. */
  size?: number;
}

export const firstPage: PageRequest = { after: null, before: null };

/**
 * The URL parameters of a list's cursor: `after`/`before`, or, for one of several lists on a
 * screen, prefixed by the list's name (`messagesAfter`/`messagesBefore`).
 */
function cursorParams(prefix?: string) {
  const [after, before] = pageCursorParams;
  return prefix ? { after: `${prefix}After`, before: `${prefix}Before` } : { after, before };
}

export function pageRequest(search: URLSearchParams, prefix?: string): PageRequest {
  const names = cursorParams(prefix);
  return { after: search.get(names.after), before: search.get(names.before) };
}

/** `pageRequest` with the page size the reader chose (`?size=`, one of app/lib/list-page-size.ts's), for the admin lists that offer the choice. */
export function sizedPageRequest(search: URLSearchParams): PageRequest {
  return { ...pageRequest(search), size: pageSizeOf(search) };
}

/** What a list's query gets: the keyset condition, the order and the limit to use, and the cursor column to select. */
export interface KeysetQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  cursor: SQL<string>;
}

/** One page of rows with the cursors of the pages either side (null at the ends). */
export interface Page<Row> {
  rows: Row[];
  next: string | null;
  prev: string | null;
}

/** A page and how many rows the whole list holds, its filter and search applied: what a screen's header counts. */
export interface CountedPage<Row> extends Page<Row> {
  total: number;
}

/** Reads a page and its list's count (a `select count(*) as total` with the list's own conditions) side by side. */
export async function countedPage<Row>(page: Promise<Page<Row>>, counted: PromiseLike<Array<{ total: number }>>): Promise<CountedPage<Row>> {
  const [read, [row]] = await Promise.all([page, counted]);
  return { ...read, total: row?.total ?? 0 };
}

// The cursor carries the row's sort values as text; it is signed, so a value the database cannot
// read never reaches a query: anything garbled or forged reads as "no cursor" (the first page).
// The key is the session secret, handed in once at start (start/start.server.ts): this layer reaches
// nothing above it. Like the services, it sits in a global slot that the server process and the
// bundled route modules share.
const secretSlot = Symbol.for("the-educator.cursor-secret");
type SecretHolder = { [secretSlot]?: string };

/** The key cursors are signed with (the session secret); undefined when the services stop. */
export function provideCursorSecret(secret: string | undefined) {
  (globalThis as SecretHolder)[secretSlot] = secret;
}

function signature(payload: string) {
  const secret = (globalThis as SecretHolder)[secretSlot];
  if (!secret) throw new Error("No cursor secret: call provideCursorSecret() at start.");
  return crypto.createHmac("sha256", secret).update(`keyset:${payload}`).digest("base64url").slice(0, 16);
}

function encodeCursor(order: CursorOrder, values: string[]): string {
  const payload = Buffer.from(JSON.stringify([order.name, ...values])).toString("base64url");
  return `${payload}.${signature(payload)}`;
}

function decodeCursor(order: CursorOrder, cursor: string | null): string[] | null {
  if (!cursor || cursor.length > 2000) return null;
  const [payload, signed, ...rest] = cursor.split(".");
  if (!payload || !signed || rest.length > 0) return null;
  const expected = Buffer.from(signature(payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed[0] !== order.name || parsed.length !== order.keys + 1) return null;
    const values = parsed.slice(1);
    return values.every((value): value is string => typeof value === "string") ? values : null;
  } catch {
    return null;
  }
}

function keysetQuery(order: KeysetOrder, { values, backwards, limit }: PageBound): KeysetQuery {
  const ascending = (order.direction === "asc") !== backwards;
  const columns = sql.join(order.columns.map(sortSql), sql`, `);
  const bound =
    values &&
    sql.join(
      values.map((value, index) => sql`cast(${value} as ${sql.raw(sortType(order.columns[index]!))})`),
      sql`, `,
    );
  return {
    where: bound ? sql`(${columns}) ${sql.raw(ascending ? ">" : "<")} (${bound})` : undefined,
    orderBy: order.columns.map((column) => (ascending ? asc(sortSql(column)) : desc(sortSql(column)))),
    limit,
    // Each sort value as the database prints it, so no precision is lost (timestamps keep their microseconds).
    cursor: sql<string>`json_build_array(${sql.join(
      order.columns.map((column) => sql`${sortSql(column)}::text`),
      sql`, `,
    )})::text`,
  };
}

/** Where a page starts: after (or, going backwards, before) a row's key, reading `limit` rows. */
export interface PageBound {
  values: string[] | null;
  backwards: boolean;
  limit: number;
}

/**
 * One page of any list read in a stable order, by the key of each row (its sort values as text,
 * the last one unique). `read` gives up to `limit` rows from the bound on, in the list's order,
 * or in reverse when going backwards. A cursor that matches nothing (rows gone) gives the
 * first page; a short page reached going backwards is the first page too.
 */
export async function orderedPage<Row>(
  order: CursorOrder,
  request: PageRequest,
  read: (bound: PageBound) => Promise<Array<{ row: Row; key: string[] }>>,
  listSize = pageSize,
): Promise<Page<Row>> {
  const size = request.size ?? listSize;
  const after = decodeCursor(order, request.after);
  const before = after ? null : decodeCursor(order, request.before);
  const backwards = before !== null;
  const found = await read({ values: after ?? before, backwards, limit: size + 1 });
  const more = found.length > size;
  const rows = found.slice(0, size);
  if (backwards) rows.reverse();
  if ((after && rows.length === 0) || (before && !more && rows.length < size)) return orderedPage(order, firstPage, read, size);
  const cursorOf = (entry: (typeof rows)[number] | undefined) => (entry ? encodeCursor(order, entry.key) : null);
  const strip = rows.map((entry) => entry.row);
  if (backwards) return { rows: strip, prev: more ? cursorOf(rows[0]) : null, next: cursorOf(rows.at(-1)) };
  return { rows: strip, prev: after ? cursorOf(rows[0]) : null, next: more ? cursorOf(rows.at(-1)) : null };
}

/**
 * One page of a list in keyset order: never OFFSET, so rows added or deleted meanwhile neither
 * repeat nor skip a row. `fetch` runs the list's own query with the given condition, order,
 * limit and cursor column. A cursor that matches nothing (rows gone) gives the first page.
 */
export function keysetPage<Row extends { cursor: string }>(
  order: KeysetOrder,
  request: PageRequest,
  fetch: (query: KeysetQuery) => Promise<Row[]>,
  size = pageSize,
): Promise<Page<Omit<Row, "cursor">>> {
  return orderedPage(
    { name: order.name, keys: order.columns.length },
    request,
    async (bound) => {
      const found = await fetch(keysetQuery(order, bound));
      return found.map(({ cursor, ...row }) => ({ row, key: JSON.parse(cursor) as string[] }));
    },
    size,
  );
}

/**
 * The page links of a list at `url`: its other parameters (search, filters, sort, view, other
 * lists' cursors) kept, its own cursor replaced. `prefix` names the cursor as in `pageRequest`.
 */
export function pageLinks(url: URL, page: Pick<Page<unknown>, "next" | "prev">, prefix?: string) {
  const names = cursorParams(prefix);
  const link = (key: "after" | "before", cursor: string | null) => {
    if (!cursor) return null;
    const search = new URLSearchParams(url.searchParams);
    search.delete(names.after);
    search.delete(names.before);
    search.set(names[key], cursor);
    return `${url.pathname}?${search.toString()}`;
  };
  return { next: link("after", page.next), prev: link("before", page.prev) };
}
