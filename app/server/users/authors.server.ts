import { and, eq, isNotNull, ne } from "drizzle-orm";
import { profiles } from "#database/schema";
import type { AuthorProfileInput } from "#app/lib/admin-schemas";
import { slugify } from "#app/lib/slug";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { sqlState, type AppDb } from "#app/server/db/types.server";

/** A public author profile by its address, or null (no such slug, or the profile was withdrawn). */
export async function findAuthor(db: AppDb, slug: string) {
  const [author] = await db
    .select({ id: profiles.id, name: profiles.displayName, bio: profiles.bio, photoUrl: profiles.avatarUrl, slug: profiles.authorSlug })
    .from(profiles)
    .where(and(eq(profiles.authorSlug, slug), isNotNull(profiles.displayName)));
  return author ? { ...author, name: author.name!, slug: author.slug! } : null;
}

/** What the author-profile screen shows of a staff member. */
export async function authorProfileOf(db: AppDb, userId: string) {
  const [profile] = await db
    .select({ displayName: profiles.displayName, bio: profiles.bio, photoUrl: profiles.avatarUrl, slug: profiles.authorSlug })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile ?? null;
}

/** A free address for a new profile: the name's slug, then "-2", "-3"… */
async function freeAuthorSlug(db: AppDb, name: string, userId: string) {
  const base = slugify(name) || "author";
  for (let suffix = 1; ; suffix++) {
    const slug = suffix === 1 ? base : `${base}-${suffix}`;
    const [taken] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.authorSlug, slug), ne(profiles.id, userId)));
    if (!taken) return slug;
  }
}

/**
 * Saves a staff member's name, photo and bio. Published, the profile has an address
 * (/author/{slug}) and their articles say "By {name}"; withdrawn, they say "The Educator" again.
 */
export async function saveAuthorProfile(db: AppDb, userId: string, input: AuthorProfileInput) {
  const slug = !input.published ? null : (input.slug ?? (await freeAuthorSlug(db, input.displayName, userId)));
  try {
    await db
      .update(profiles)
      .set({ displayName: input.displayName, bio: input.bio, avatarUrl: input.photoUrl, authorSlug: slug, updatedAt: new Date() })
      .where(eq(profiles.id, userId));
  } catch (error) {
    if (sqlState(error) === "23505") throw new AdminInputError(`The address /author/${slug} is taken by another author. Choose another.`);
    throw error;
  }
  return slug;
}
