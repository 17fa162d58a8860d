import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "../../database/schema";

/** The Drizzle database, the same type over PGlite and PostgreSQL. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

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
