// The embedded engine's thread and the client that talks to it, with nothing but Node's own modules (and
// the data-folder lock's small native addon): the server's entry starts it first, so PGlite's WebAssembly
// starts up while the app's modules load.
import path from "node:path";
import { Worker } from "node:worker_threads";
import { cachedBuild, type CachedThing } from "./build-cache.server";
import { lockDataDir } from "./data-folder-lock.server";
import { projectRoot } from "#database/paths";

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
export class EmbeddedClient {
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

  /** Requests sent to the worker and not answered yet (the worker runs one at a time). */
  requestsInFlight(): number {
    return this.pending.size;
  }

  /** Milliseconds the oldest unanswered request has waited, 0 when idle. */
  oldestPendingMs(): number {
    let oldest = 0;
    for (const request of this.pending.values()) oldest = Math.max(oldest, Date.now() - request.startedAt);
    return oldest;
  }

  /**
   * The end of the open transaction. Callers check `transactionOpen` again after it and act in the
   * same tick, with no await in between: else two transactions could both see none open and
   * interleave, or a query could slip into someone else's transaction and be rolled back with it.
   */
  private transactionEnd() {
    return new Promise<void>((resolve) => this.transactionWaiters.push(resolve));
  }

  private runQuery(sqlText: string, params: unknown[] = [], options?: { rowMode?: "array" | "object" }) {
    return this.send<{ rows: unknown[]; rowCount: number }>({ op: "query", sql: sqlText, params, rowMode: options?.rowMode ?? "object" });
  }

  async query(sqlText: string, params?: unknown[], options?: { rowMode?: "array" | "object" }) {
    while (this.transactionOpen) await this.transactionEnd();
    return this.runQuery(sqlText, params, options);
  }

  async exec(sqlText: string) {
    while (this.transactionOpen) await this.transactionEnd();
    return this.send({ op: "exec", sql: sqlText });
  }

  /** One connection: while a transaction is open, every other caller waits for it to end. */
  async transaction<T>(body: (client: { query: EmbeddedClient["runQuery"] }) => Promise<T>): Promise<T> {
    while (this.transactionOpen) await this.transactionEnd();
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
  /** A new `dataDir` starts as a copy of this closed, migrated database instead of running initdb. */
  template?: string;
}

export interface EmbeddedEngine {
  client: EmbeddedClient;
  worker: Worker;
  /** Releases the data folder's lock. */
  unlock(): void;
}

/** Locks the data folder and starts PGlite in its worker thread; `select 1` answers once it is open. */
export function startEmbeddedEngine(options: EmbeddedOptions): EmbeddedEngine {
  const unlock = options.dataDir ? lockDataDir(path.dirname(options.dataDir)) : () => undefined;
  const worker = new Worker(path.join(projectRoot, "app/server/db/pglite-worker.mjs"), {
    workerData: { dataDir: options.dataDir && path.resolve(options.dataDir), loadDataDirFrom: options.loadFrom, template: options.template },
  });
  return { client: new EmbeddedClient(worker), worker, unlock };
}

/**
 * A new embedded database, migrated and closed, that a new data folder starts as a copy of: initdb is
 * seconds of WebAssembly. `npm run build` makes it (makeCachedBuild); another PGlite or other migrations
 * mean another template.
 */
export const pgliteTemplate: CachedThing = {
  name: "pglite-template",
  inputs: ["node_modules/@electric-sql/pglite/package.json", "database/migrations"],
};

/** Where the configured embedded database lives, and the template a new one starts from. */
export function embeddedOptionsFor(config: { DATA_DIR: string }): EmbeddedOptions {
  const template = cachedBuild(pgliteTemplate);
  return { dataDir: path.join(config.DATA_DIR, "pgdata"), template: template && path.join(template, "pgdata") };
}
