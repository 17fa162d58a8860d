import { and, count, eq, ilike, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { profiles, users } from "#database/schema";
import type { ProfileEditInput } from "#app/lib/admin-schemas";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { containsPattern, idSearch, type AppDb } from "#app/server/db/types.server";
import { countedPage, firstPage, keysetPage, type KeysetOrder, type PageRequest } from "#app/server/db/keyset.server";
import { listSearchText } from "#app/lib/list-search";
import { setRole } from "#app/server/auth/owner.server";
import { roles } from "#app/lib/access";

export const userFilterSchema = z.object({
  q: listSearchText,
  role: z.enum(["all", ...roles]).catch("all"),
});
export type UserFilter = z.output<typeof userFilterSchema>;

const profileOrder: KeysetOrder = { name: "users", columns: [profiles.createdAt, profiles.id], direction: "desc" };

/** Admin users (profiles), newest first, searched by display name, email, id or bio, a page at a time, with how many match. */
/**
 * The accounts a search box matches: by name, bio, email or id, each table's words through its own
 * trigram index (an OR across the join would read every account).
 */
function profilesMatching(db: AppDb, text: string) {
  const pattern = containsPattern(text);
  return inArray(
    profiles.id,
    db
      .select({ id: profiles.id })
      .from(profiles)
      .where(or(ilike(profiles.displayName, pattern), ilike(profiles.bio, pattern), idSearch(profiles.id, text)))
      .union(db.select({ id: users.id }).from(users).where(ilike(users.email, pattern))),
  );
}

export function listProfiles(db: AppDb, filter: UserFilter, page: PageRequest = firstPage) {
  const matching = and(filter.role === "all" ? undefined : eq(profiles.role, filter.role), filter.q ? profilesMatching(db, filter.q) : undefined);
  const rows = keysetPage(profileOrder, page, (keyset) =>
    db
      .select({
        cursor: keyset.cursor,
        id: profiles.id,
        displayName: profiles.displayName,
        email: users.email,
        role: profiles.role,
        bio: profiles.bio,
        avatarUrl: profiles.avatarUrl,
        createdAt: profiles.createdAt,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(and(matching, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  return countedPage(rows, db.select({ total: count() }).from(profiles).innerJoin(users, eq(users.id, profiles.id)).where(matching));
}

/**
 * The admin's edit of a user: values trimmed, null when empty, updated_at set to now; the owner keeps
 * the admin role. Role and profile are one transaction: both change, or neither. Says whether the
 * role changed, which signed the person out everywhere (setRole).
 */
export async function updateProfile(db: AppDb, id: string, input: ProfileEditInput): Promise<{ roleChanged: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id));
    if (!existing) throw new AdminInputError("This user no longer exists.");
    const roleChanged = await setRole(tx, id, input.role);
    await tx.update(profiles).set({ displayName: input.displayName, bio: input.bio, updatedAt: new Date() }).where(eq(profiles.id, id));
    return { roleChanged };
  });
}
