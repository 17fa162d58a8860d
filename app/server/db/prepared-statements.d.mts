import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

/** Statements run again and again, kept prepared by name in the embedded database (see prepared-statements.mjs). */
export class PreparedStatements {
  constructor(db: PGlite, options?: { limit?: number; seenLimit?: number });
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}
