import { sql } from "drizzle-orm";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { services } from "#app/server/core/services.server";
import { plural } from "#app/lib/plural";

/** RATE_LIMIT_SCALE multiplies every limit (the end-to-end suite signs in hundreds of times from one address). */
export function rateLimitScale(): number {
  return services().config.RATE_LIMIT_SCALE;
}

export interface RateLimitRule {
  /** What is limited, e.g. "sign-in:ip:127.0.0.1". */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts a hit against each rule in one statement per rule (fixed windows, kept in the
 * database so every instance shares them). Returns the seconds to wait when any rule is over.
 */
export async function hitRateLimits(db: AppDb, rules: RateLimitRule[]): Promise<number | null> {
  let retryAfter: number | null = null;
  const scale = rateLimitScale();
  for (const rule of rules) {
    const { hits, secondsLeft } = await countHit(db, rule.key, rule.windowSeconds);
    if (hits > rule.limit * scale) retryAfter = Math.max(retryAfter ?? 0, secondsLeft, 1);
  }
  return retryAfter;
}

/** Adds one hit to the key's fixed window (a new window when the last one is over). */
export async function countHit(db: AppDb, key: string, windowSeconds: number): Promise<{ hits: number; secondsLeft: number }> {
  const [row] = await selectRows<{ hits: number; seconds_left: number }>(
    db,
    sql`
    insert into rate_limits (key, hits, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
      window_ends_at = case when rate_limits.window_ends_at <= now() then excluded.window_ends_at else rate_limits.window_ends_at end
    returning hits, ceil(extract(epoch from window_ends_at - now()))::int as seconds_left`,
  );
  return { hits: Number(row!.hits), secondsLeft: Number(row!.seconds_left) };
}

/** Holds the key closed for `seconds` (rows of the same table, so every instance sees it). */
export async function closeFor(db: AppDb, key: string, seconds: number) {
  await db.execute(sql`
    insert into rate_limits (key, hits, window_ends_at) values (${key}, 0, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set window_ends_at = excluded.window_ends_at`);
}

/** The seconds until a key closed with closeFor opens again, or null when it is open. */
export async function secondsClosed(db: AppDb, key: string): Promise<number | null> {
  const [row] = await selectRows<{ seconds_left: number }>(
    db,
    sql`select ceil(extract(epoch from window_ends_at - now()))::int as seconds_left from rate_limits where key = ${key} and window_ends_at > now()`,
  );
  return row ? Math.max(Number(row.seconds_left), 1) : null;
}

export async function forgetKeys(db: AppDb, keys: string[]) {
  for (const key of keys) await db.execute(sql`delete from rate_limits where key = ${key}`);
}

export function describeWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? plural(seconds, { one: "second", other: "seconds" }) : plural(minutes, { one: "minute", other: "minutes" });
}

export async function pruneRateLimits(db: AppDb) {
  await db.execute(sql`delete from rate_limits where window_ends_at < now()`);
}
