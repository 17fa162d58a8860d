import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "#database/schema";
import type { AppDb, Database } from "./types.server";
import { migrationsFolder } from "#database/paths";

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
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
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
