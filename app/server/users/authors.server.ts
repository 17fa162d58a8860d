import { and, asc, count, eq, isNotNull, ne, sql } from "drizzle-orm";
import { articleAuthors, guestAuthors, profiles } from "#database/schema";
import type { AuthorProfileInput, GuestAuthorInput } from "#app/lib/admin-schemas";
import type { AuthorRef } from "#app/server/articles/bylines.server";
import { slugify } from "#app/lib/slug";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { sqlState, type AppDb } from "#app/server/db/types.server";

/**
 * A public author by their page's address: a staff member's profile, or a guest byline; null for
 * no such slug, or a profile withdrawn. (One address space: a staff profile wins a clash.)
 */
export async function findAuthor(db: AppDb, slug: string) {
  const [[account], [guest]] = await Promise.all([
    db
      .select({ id: profiles.id, name: profiles.displayName, bio: profiles.bio, photoUrl: profiles.avatarUrl })
      .from(profiles)
      .where(and(eq(profiles.authorSlug, slug), isNotNull(profiles.displayName))),
    db
      .select({ id: guestAuthors.id, name: guestAuthors.name, bio: guestAuthors.bio, photoUrl: guestAuthors.photoUrl })
      .from(guestAuthors)
      .where(eq(guestAuthors.slug, slug)),
  ]);
  if (account) return { ref: { kind: "user", id: account.id } satisfies AuthorRef, name: account.name!, bio: account.bio, photoUrl: account.photoUrl, slug };
  if (guest) return { ref: { kind: "guest", id: guest.id } satisfies AuthorRef, name: guest.name, bio: guest.bio, photoUrl: guest.photoUrl, slug };
  return null;
}

/** What the author-profile screen shows of a staff member. */
export async function authorProfileOf(db: AppDb, userId: string) {
  const [profile] = await db
    .select({ displayName: profiles.displayName, bio: profiles.bio, photoUrl: profiles.avatarUrl, slug: profiles.authorSlug })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile ?? null;
}

/** Whether an author page address is someone else's: a staff profile's or a guest's (`self` excepted). */
async function slugTaken(db: AppDb, slug: string, self: AuthorRef | null) {
  const [[account], [guest]] = await Promise.all([
    db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.authorSlug, slug), self?.kind === "user" ? ne(profiles.id, self.id) : undefined)),
    db
      .select({ id: guestAuthors.id })
      .from(guestAuthors)
      .where(and(eq(guestAuthors.slug, slug), self?.kind === "guest" ? ne(guestAuthors.id, self.id) : undefined)),
  ]);
  return Boolean(account ?? guest);
}

/** A free address for a new author page: the name's slug, then "-2", "-3"… */
async function freeAuthorSlug(db: AppDb, name: string, self: AuthorRef | null) {
  const base = slugify(name) || "author";
  for (let suffix = 1; ; suffix++) {
    const slug = suffix === 1 ? base : `${base}-${suffix}`;
    if (!(await slugTaken(db, slug, self))) return slug;
  }
}

const slugTakenText = (slug: string) => `The address /author/${slug} is taken by another author. Choose another.`;

/**
 * Saves a staff member's name, photo and bio. Published, the profile has an address
 * (/author/{slug}) and their articles say "By {name}"; withdrawn, they say "The Educator" again.
 */
export async function saveAuthorProfile(db: AppDb, userId: string, input: AuthorProfileInput) {
  const self: AuthorRef = { kind: "user", id: userId };
  const slug = !input.published ? null : (input.slug ?? (await freeAuthorSlug(db, input.displayName, self)));
  if (slug && (await slugTaken(db, slug, self))) throw new AdminInputError(slugTakenText(slug));
  try {
    await db
      .update(profiles)
      .set({ displayName: input.displayName, bio: input.bio, avatarUrl: input.photoUrl, authorSlug: slug, updatedAt: new Date() })
      .where(eq(profiles.id, userId));
  } catch (error) {
    if (sqlState(error) === "23505") throw new AdminInputError(slugTakenText(slug!));
    throw error;
  }
  return slug;
}

/** The Guest Bylines screen: every guest, by name, with how many articles carry their byline. */
export function listGuestAuthors(db: AppDb) {
  return db
    .select({
      id: guestAuthors.id,
      name: guestAuthors.name,
      bio: guestAuthors.bio,
      photoUrl: guestAuthors.photoUrl,
      slug: guestAuthors.slug,
      articles: sql<number>`(select count(*) from article_authors aa where aa.guest_id = ${guestAuthors.id})`.mapWith(Number),
    })
    .from(guestAuthors)
    .orderBy(asc(guestAuthors.name), asc(guestAuthors.id));
}

/** Creates a guest byline (a page at /author/{slug} made from the name), or updates one (its address stays). */
export async function saveGuestAuthor(db: AppDb, input: GuestAuthorInput, id?: string) {
  if (id) {
    const [updated] = await db
      .update(guestAuthors)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(guestAuthors.id, id))
      .returning({ id: guestAuthors.id });
    if (!updated) throw new AdminInputError("This guest byline no longer exists.");
    return updated.id;
  }
  // Two editors adding the same name at once: the loser takes the next free address.
  for (let attempt = 0; ; attempt++) {
    const slug = await freeAuthorSlug(db, input.name, null);
    try {
      const [created] = await db
        .insert(guestAuthors)
        .values({ ...input, slug })
        .returning({ id: guestAuthors.id });
      return created!.id;
    } catch (error) {
      if (sqlState(error) !== "23505" || attempt >= 3) throw error;
    }
  }
}

/** Deletes a guest byline no article carries; one in use is refused with how many carry it. */
export async function deleteGuestAuthor(db: AppDb, id: string) {
  const [used] = await db.select({ articles: count() }).from(articleAuthors).where(eq(articleAuthors.guestId, id));
  const inUse = (n: number) => new AdminInputError(`This guest byline is on ${n === 1 ? "1 article" : `${n} articles`}. Remove it from them first.`);
  if (used!.articles > 0) throw inUse(used!.articles);
  try {
    const deleted = await db.delete(guestAuthors).where(eq(guestAuthors.id, id)).returning({ id: guestAuthors.id });
    if (deleted.length === 0) throw new AdminInputError("This guest byline no longer exists.");
  } catch (error) {
    // Added to an article since the count: the foreign key refuses.
    if (sqlState(error) === "23503") throw inUse(1);
    throw error;
  }
}
