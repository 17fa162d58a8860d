// Keeps the statements the app runs again and again prepared in the embedded database, by name.
// PGlite's query() parses and plans every statement anew; for the article page's two reads that
// is three quarters of the work (about 1.9 ms of 2.3 ms). A named statement is parsed and planned
// once; each run is then one Bind, Execute and Sync (the way node-postgres and postgres.js reuse
// statements on a real server). Plain JavaScript: the worker runs without a TypeScript loader.
import { parse, protocol } from "@electric-sql/pglite";

const { serialize } = protocol;

/** A changed table (a migration) can invalidate a kept statement's result columns: PostgreSQL then refuses to run it. */
const stalePlan = /cached plan must not change result type/;

// Names are unique across instances: tests open several on one database.
let statementsNamed = 0;

function concat(parts) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * A bounded set of named statements, least recently used dropped first. A statement is prepared
 * the second time its text is seen, so one-off statements (migrations, BEGIN) never take a place.
 */
export class PreparedStatements {
  /** @param {import("@electric-sql/pglite").PGlite} db */
  constructor(db, { limit = 128, seenLimit = 2048 } = {}) {
    this.db = db;
    this.limit = limit;
    this.seenLimit = seenLimit;
    /** @type {Map<string, { name: string, paramTypes: number[], rowDescription: unknown }>} text → kept statement, oldest first */
    this.kept = new Map();
    /** @type {Set<string>} texts run once */
    this.seen = new Set();
    /** @type {string[]} names to close before the next statement is prepared */
    this.toClose = [];
    /** @type {WeakMap<object, object>} a caller's parsers → PGlite's with them over */
    this.mergedParsers = new WeakMap();
  }

  /** Runs `text` with `params` like PGlite's query(), through a kept statement when it has been seen before. */
  query(text, params = [], options = {}) {
    if (!this.kept.has(text) && !this.seen.has(text)) {
      if (this.seen.size >= this.seenLimit) this.seen.clear();
      this.seen.add(text);
      return this.db.query(text, params, options);
    }
    return this.db._runExclusiveTransaction(() => this.db._runExclusiveQuery(() => this.#run(text, params, options)));
  }

  async #run(text, params, options) {
    let statement = this.kept.get(text);
    if (statement) {
      this.kept.delete(text); // back in at the newest end
      this.kept.set(text, statement);
    } else {
      statement = await this.#prepare(text);
    }
    try {
      return await this.#execute(statement, params, options);
    } catch (error) {
      if (!stalePlan.test(error?.message ?? "")) throw error;
      // Prepared again for the table as it now is; run again only outside a transaction (inside, it is aborted).
      this.#forget(text);
      if (this.db.isInTransaction()) throw error;
      return this.#execute(await this.#prepare(text), params, options);
    }
  }

  async #prepare(text) {
    const name = `educator_${++statementsNamed}`;
    while (this.kept.size >= this.limit) this.#forget(this.kept.keys().next().value);
    const closing = this.toClose.splice(0).map((old) => serialize.close({ type: "S", name: old }));
    const messages = await this.db.execProtocolStream(
      concat([...closing, serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      // Absent for a statement that returns no rows (an UPDATE without RETURNING).
      rowDescription: messages.find((message) => message.name === "rowDescription"),
    };
    this.kept.set(text, statement);
    return statement;
  }

  /** PGlite's parsers with `own` over them, made once for each `own`. */
  #parsersWith(own) {
    let merged = this.mergedParsers.get(own);
    if (!merged) this.mergedParsers.set(own, (merged = { ...this.db.parsers, ...own }));
    return merged;
  }

  #forget(text) {
    const statement = this.kept.get(text);
    if (!statement) return;
    this.kept.delete(text);
    this.toClose.push(statement.name);
  }

  async #execute(statement, params, options) {
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializeParam = options.serializers?.[statement.paramTypes[index]] ?? this.db.serializers[statement.paramTypes[index]];
      return serializeParam ? serializeParam(param) : param.toString();
    });
    const messages = await this.db.execProtocolStream(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    await this.db.syncToFs(); // as query() does
    const results = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    // parseResults() copies PGlite's ~300 parsers with the caller's on every call when given options.parsers
    // (about 0.1 ms a query, more than a small query's own run): merged once per set of parsers instead.
    const parsers = options.parsers ? this.#parsersWith(options.parsers) : this.db.parsers;
    return parse.parseResults(results, parsers, { ...options, parsers: undefined })[0];
  }
}
