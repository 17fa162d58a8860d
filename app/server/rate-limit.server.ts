import { sql } from "drizzle-orm";
import { selectRows, type AppDb } from "./db-types.server";
import { services } from "./services.server";

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
    const [row] = await selectRows<{ hits: number; retry_after: number }>(
      db,
      sql`
      insert into rate_limits (key, hits, window_ends_at)
      values (${rule.key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
      on conflict (key) do update set
        hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
        window_ends_at = case when rate_limits.window_ends_at <= now() then excluded.window_ends_at else rate_limits.window_ends_at end
      returning hits, ceil(extract(epoch from window_ends_at - now()))::int as retry_after`,
    );
    if (Number(row!.hits) > rule.limit * scale) retryAfter = Math.max(retryAfter ?? 0, Number(row!.retry_after), 1);
  }
  return retryAfter;
}

export function describeWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export async function pruneRateLimits(db: AppDb) {
  await db.execute(sql`delete from rate_limits where window_ends_at < now()`);
}
