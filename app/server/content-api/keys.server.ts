import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { contentApiKeys, profiles, users } from "#database/schema";
import { apiKeyMarker } from "#app/lib/content-api";
import { sha256 } from "#app/server/auth/tokens.server";
import type { AppDb } from "#app/server/db/types.server";

/** How many characters of a key stay visible (its marker and a few more) to recognise it in the list. */
const visiblePrefixLength = apiKeyMarker.length + 6;

/**
 * Makes a key named `name`. The key itself is returned once, to be shown once; only its SHA-256
 * and its first characters are stored.
 */
export async function createApiKey(db: AppDb, name: string, createdBy: string | null) {
  const key = `${apiKeyMarker}${crypto.randomBytes(24).toString("base64url")}`;
  const [row] = await db
    .insert(contentApiKeys)
    .values({ name, keyHash: sha256(key), prefix: key.slice(0, visiblePrefixLength), createdBy })
    .returning({ id: contentApiKeys.id, name: contentApiKeys.name, prefix: contentApiKeys.prefix });
  return { ...row!, key };
}

/** Every key, newest first, as the admin screen lists them (a short table: read whole). */
export function listApiKeys(db: AppDb) {
  return db
    .select({
      id: contentApiKeys.id,
      name: contentApiKeys.name,
      prefix: contentApiKeys.prefix,
      createdAt: contentApiKeys.createdAt,
      createdBy: sql<string | null>`coalesce(${profiles.displayName}, ${users.email})`,
      revokedAt: contentApiKeys.revokedAt,
      lastUsedAt: contentApiKeys.lastUsedAt,
      requestCount: contentApiKeys.requestCount,
    })
    .from(contentApiKeys)
    .leftJoin(users, eq(users.id, contentApiKeys.createdBy))
    .leftJoin(profiles, eq(profiles.id, contentApiKeys.createdBy))
    .orderBy(desc(contentApiKeys.createdAt), desc(contentApiKeys.id));
}

/** Revokes a key for good; false when there is no such key still working. */
export async function revokeApiKey(db: AppDb, id: string): Promise<boolean> {
  const revoked = await db
    .update(contentApiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(contentApiKeys.id, id), isNull(contentApiKeys.revokedAt)))
    .returning({ id: contentApiKeys.id });
  return revoked.length > 0;
}

/**
 * The working key `key` is, counted: one statement both checks it (known, not revoked) and adds
 * the request to its count and last use, so counting costs no extra round trip and two instances
 * never lose a count. Null for an unknown or revoked key.
 */
export async function spendApiKey(db: AppDb, key: string): Promise<{ id: string } | null> {
  if (!key.startsWith(apiKeyMarker) || key.length > 200) return null;
  const [row] = await db
    .update(contentApiKeys)
    .set({ requestCount: sql`${contentApiKeys.requestCount} + 1`, lastUsedAt: new Date() })
    .where(and(eq(contentApiKeys.keyHash, sha256(key)), isNull(contentApiKeys.revokedAt)))
    .returning({ id: contentApiKeys.id });
  return row ?? null;
}
