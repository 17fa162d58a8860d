import path from "node:path";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "#database/schema";

import type { AppDb, Database } from "./types.server";
import { embeddedOptionsFor, startEmbeddedEngine, type EmbeddedEngine, type EmbeddedOptions } from "./embedded-engine.server";
import { migrationsFolder } from "#database/paths";

export type { AppDb, Database };
export { DatabaseLockedError } from "./data-folder-lock.server";
export { DatabaseQueryError, pgliteTemplate, type EmbeddedOptions } from "./embedded-engine.server";

/** Opens the embedded database, or takes one the entry already started (`startEmbeddedEngine`). */
export async function openEmbeddedDatabase(options: EmbeddedOptions, engine?: EmbeddedEngine): Promise<Database> {
  const { client, worker, unlock } = engine ?? startEmbeddedEngine(options);
  try {
    await client.query("select 1");
  } catch (error) {
    await worker.terminate();
    unlock();
    throw error;
  }
  // Drizzle's PGlite driver only needs query() and transaction(), which the worker client provides.
  const db = drizzlePglite(client as never, { schema }) as unknown as AppDb;
  let closed = false;
  return {
    kind: "pglite",
    db,
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    async ping() {
      // One query at a time: waiting behind a running query would tell nothing, so a working
      // engine is "busy", and one stuck on the same query for half a minute is down.
      const oldest = client.oldestPendingMs();
      if (oldest > 30_000) throw new Error(`the embedded database has not answered for ${Math.round(oldest / 1000)} s`);
      if (oldest > 0) return "busy";
      await client.query("select 1");
      return "up";
    },
    connections() {
      const inFlight = client.requestsInFlight();
      return { total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1) };
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    vacuum: () => client.exec("VACUUM (ANALYZE)").then(() => undefined),
    dumpTo: (file) => client.send({ op: "dump", file }),
    async close() {
      if (closed) return;
      closed = true;
      await client.send({ op: "close" }).catch(() => undefined);
      await worker.terminate();
      unlock();
    },
  };
}

/** PostgreSQL through a pool (`pg`, loaded only by servers that use it). */
export async function openPostgresDatabase(url: string, options: { max?: number } = {}): Promise<Database> {
  const { openPostgres } = await import("./postgres.server");
  return openPostgres(url, options);
}

export interface DatabaseConfig {
  DATABASE_URL?: string;
  DATA_DIR: string;
}

export async function makePgliteTemplate(folder: string) {
  const database = await openEmbeddedDatabase({ dataDir: path.join(folder, "pgdata") });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

export function openDatabase(config: DatabaseConfig, engine?: EmbeddedEngine): Promise<Database> {
  if (config.DATABASE_URL) return openPostgresDatabase(config.DATABASE_URL);
  return openEmbeddedDatabase(embeddedOptionsFor(config), engine);
}
