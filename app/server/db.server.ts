import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "../../database/schema";

import type { AppDb } from "./db-types.server";

export type { AppDb };

export interface Database {
  readonly kind: "pglite" | "postgres";
  readonly db: AppDb;
  /** Calls `onPayload` for every NOTIFY on `channel`, on this instance, until the returned function is called. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => void>;
  /** "up" when a trivial query answers; "busy" when the embedded engine is working through a long query. */
  ping(): Promise<"up" | "busy">;
  migrate(): Promise<void>;
  vacuum(): Promise<void>;
  /** Writes a consistent snapshot of the embedded database (PGlite only). */
  dumpTo(file: string): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, "../../database/migrations");

export class DatabaseLockedError extends Error {}

/** One process per data folder: PGlite has no locking of its own, and two writers corrupt it. */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "server.lock");
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockFile, "utf8"));
      if (holder && isRunning(holder)) {
        throw new DatabaseLockedError(
          `The data folder ${path.resolve(dataDir)} is in use by another process (pid ${holder}). ` +
            `Stop it first, or give this server its own DATA_DIR.`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // left by a process that died
    }
  }
  throw new DatabaseLockedError(`Could not lock the data folder ${path.resolve(dataDir)}.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

interface WorkerReply {
  id?: number;
  op?: "notify" | "fatal";
  ok?: boolean;
  result?: unknown;
  error?: Record<string, string>;
  channel?: string;
  payload?: string;
}

export class DatabaseQueryError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  constructor(fields: Record<string, string>) {
    super(fields.message ?? "Database error");
    Object.assign(this, fields);
  }
}

/** Talks to PGlite in a worker thread with the client surface Drizzle's PGlite driver uses. */
class EmbeddedClient {
  private nextId = 1;
  private pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; startedAt: number }>();
  private listeners = new Map<string, Set<(payload: string) => void>>();
  private transactionOpen = false;
  private transactionWaiters: Array<() => void> = [];
  private failure: Error | null = null;

  constructor(private readonly worker: Worker) {
    worker.on("message", (reply: WorkerReply) => this.receive(reply));
    worker.on("error", (error) => this.failAll(error));
    worker.on("exit", (code) => this.failAll(new Error(`The embedded database stopped (exit code ${code}).`)));
  }

  private receive(reply: WorkerReply) {
    if (reply.op === "notify") {
      for (const listener of this.listeners.get(reply.channel!) ?? []) listener(reply.payload!);
      return;
    }
    if (reply.op === "fatal") return this.failAll(new DatabaseQueryError(reply.error!));
    const request = this.pending.get(reply.id!);
    if (!request) return;
    this.pending.delete(reply.id!);
    if (reply.ok) request.resolve(reply.result);
    else request.reject(new DatabaseQueryError(reply.error!));
  }

  private failAll(error: Error) {
    this.failure ??= error;
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
  }

  send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, startedAt: Date.now() });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** Milliseconds the oldest unanswered request has waited, 0 when idle. */
  oldestPendingMs(): number {
    let oldest = 0;
    for (const request of this.pending.values()) oldest = Math.max(oldest, Date.now() - request.startedAt);
    return oldest;
  }

  private async waitForNoTransaction() {
    while (this.transactionOpen) await new Promise<void>((resolve) => this.transactionWaiters.push(resolve));
  }

  private runQuery(sqlText: string, params: unknown[] = [], options?: { rowMode?: "array" | "object" }) {
    return this.send<{ rows: unknown[]; rowCount: number }>({ op: "query", sql: sqlText, params, rowMode: options?.rowMode ?? "object" });
  }

  async query(sqlText: string, params?: unknown[], options?: { rowMode?: "array" | "object" }) {
    await this.waitForNoTransaction();
    return this.runQuery(sqlText, params, options);
  }

  async exec(sqlText: string) {
    await this.waitForNoTransaction();
    return this.send({ op: "exec", sql: sqlText });
  }

  /** One connection: while a transaction is open, every other caller waits for it to end. */
  async transaction<T>(body: (client: { query: EmbeddedClient["runQuery"] }) => Promise<T>): Promise<T> {
    await this.waitForNoTransaction();
    this.transactionOpen = true;
    try {
      await this.runQuery("BEGIN");
      try {
        const result = await body({ query: (text, params, options) => this.runQuery(text, params, options) });
        await this.runQuery("COMMIT");
        return result;
      } catch (error) {
        await this.runQuery("ROLLBACK").catch(() => undefined);
        throw error;
      }
    } finally {
      this.transactionOpen = false;
      for (const wake of this.transactionWaiters.splice(0)) wake();
    }
  }

  async listen(channel: string, onPayload: (payload: string) => void) {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.send({ op: "listen", channel });
    }
    set.add(onPayload);
    return () => void set.delete(onPayload);
  }
}

export interface EmbeddedOptions {
  /** Folder for the database files; omitted means in memory. */
  dataDir?: string;
  /** A gzip tarball written by `dumpTo`, loaded into memory (tests use a migrated template). */
  loadFrom?: string;
}

export async function openEmbeddedDatabase(options: EmbeddedOptions): Promise<Database> {
  const unlock = options.dataDir ? lockDataDir(path.dirname(options.dataDir)) : () => undefined;
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
    workerData: { dataDir: options.dataDir && path.resolve(options.dataDir), loadDataDirFrom: options.loadFrom },
  });
  const client = new EmbeddedClient(worker);
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

export async function openPostgresDatabase(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  pool.on("error", () => undefined); // an idle client dropped by the server is replaced on next use
  await pool.query("select 1");
  const db = drizzlePostgres(pool, { schema }) as unknown as AppDb;
  const listener = new PostgresListener(url);
  let closed = false;
  return {
    kind: "postgres",
    db,
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    async ping() {
      await pool.query("select 1");
      return "up";
    },
    async migrate() {
      // Several instances may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(7204151)");
        await migratePostgres(drizzlePostgres(client), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(7204151)").catch(() => undefined);
        client.release();
      }
    },
    vacuum: async () => void (await pool.query("VACUUM (ANALYZE)")),
    dumpTo: () => Promise.reject(new Error("Use pg_dump to back up a PostgreSQL database.")),
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}

/** One dedicated connection for LISTEN, reconnected with back-off when it drops. */
class PostgresListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private listeners = new Map<string, Set<(payload: string) => void>>();
  private closed = false;

  constructor(private readonly url: string) {}

  private connect(): Promise<pg.Client> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on("notification", (message) => {
        for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload ?? "");
      });
      client.on("error", () => this.reconnect());
      client.on("end", () => this.reconnect());
      await client.connect();
      for (const channel of this.listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      this.client = client;
      return client;
    })().catch((error) => {
      this.connecting = null;
      throw error;
    });
    return this.connecting;
  }

  private reconnect(delayMs = 500) {
    if (this.closed || !this.client) return;
    this.client = null;
    this.connecting = null;
    setTimeout(() => {
      if (this.closed) return;
      this.connect().catch(() => this.reconnectLater(Math.min(delayMs * 2, 10_000)));
    }, delayMs).unref();
  }

  private reconnectLater(delayMs: number) {
    setTimeout(() => {
      if (!this.closed) this.connect().catch(() => this.reconnectLater(Math.min(delayMs * 2, 10_000)));
    }, delayMs).unref();
  }

  async listen(channel: string, onPayload: (payload: string) => void) {
    let set = this.listeners.get(channel);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(onPayload);
    const client = await this.connect();
    if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return () => void set.delete(onPayload);
  }

  async close() {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null));
    await client?.end().catch(() => undefined);
  }
}

export interface DatabaseConfig {
  DATABASE_URL?: string;
  DATA_DIR: string;
}

export function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.DATABASE_URL) return openPostgresDatabase(config.DATABASE_URL);
  return openEmbeddedDatabase({ dataDir: path.join(config.DATA_DIR, "pgdata") });
}

