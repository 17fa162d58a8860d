import { eq, ilike, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { isUuid } from "#app/lib/uuid";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "#database/schema";

/** The Drizzle database, the same type over PGlite and PostgreSQL. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database, embedded (PGlite) or a PostgreSQL server, behind one interface. */
export interface Database {
  readonly kind: "pglite" | "postgres";
  readonly db: AppDb;
  /** Calls `onPayload` for every NOTIFY on `channel`, on this instance, until the returned function is called. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => void>;
  /** "up" when a trivial query answers; "busy" when the embedded engine is working through a long query. */
  ping(): Promise<"up" | "busy">;
  /** The pool's use now, for /metrics: connections open, idle, and queries waiting for one (PGlite: one connection). */
  connections(): { total: number; idle: number; waiting: number };
  migrate(): Promise<void>;
  vacuum(): Promise<void>;
  /** Writes a consistent snapshot of the embedded database (PGlite only). */
  dumpTo(file: string): Promise<void>;
  close(): Promise<void>;
}

/** The SQLSTATE of a failed query, looking through Drizzle's wrapper. */
export function sqlState(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  }
  return undefined;
}

/** Rows of a raw SQL statement; both drivers answer with `{ rows }`. */
export async function selectRows<T>(db: AppDb, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A search box matching an id: a whole id is looked up, part of one (hex and dashes, 4 or more) is
 * matched in its text; other words never read every id as text. None: nothing to match.
 */
export function idSearch(column: AnyColumn, text: string): SQL | undefined {
  if (isUuid(text)) return eq(column, text.toLowerCase());
  return /^[0-9a-f-]{4,}$/i.test(text) ? ilike(sql`${column}::text`, containsPattern(text)) : undefined;
}

/** A `LIKE` pattern matching `text` anywhere, with the wildcards in `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}
