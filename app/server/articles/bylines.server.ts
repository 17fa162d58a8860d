import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { articleAuthors, articles, guestAuthors, profiles, users } from "#database/schema";
import type { BylineAuthor, BylineEntry, BylineRef } from "#app/lib/bylines";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { sqlState, type AppDb } from "#app/server/db/types.server";

/**
 * An article's public bylines in order, as a column of any query over `articles` (one round trip,
 * as its tags): accounts with a public author profile, and guests. Empty: "The Educator".
 */
// Spelled out, as articleTagsColumn is: an unqualified "id" inside would be another table's. Each
// writer is looked up by primary key: no join that could scan every profile for each card.
export const articleBylinesColumn = sql<string>`(select coalesce(json_agg(b.author order by b.position), '[]'::json)::text from (
    select aa.position, coalesce(
      (select json_build_object('name', p.display_name, 'slug', p.author_slug) from profiles p where p.id = aa.user_id and p.author_slug is not null and p.display_name is not null),
      (select json_build_object('name', g.name, 'slug', g.slug) from guest_authors g where g.id = aa.guest_id)
    ) as author
    from article_authors aa where aa.article_id = "articles"."id") b
  where b.author is not null)`.mapWith((json: string): BylineAuthor[] => JSON.parse(json));

/** The accounts on an article's byline (public profile or not): they write it with its creator. */
export const bylineAccountsColumn =
  sql<string>`(select coalesce(json_agg(aa.user_id), '[]'::json)::text from article_authors aa where aa.article_id = "articles"."id" and aa.user_id is not null)`.mapWith(
    (json: string): string[] => JSON.parse(json),
  );

/** Everyone on an article's byline by name, public profile or not (an account without a name by its email), as a column. */
export const bylineNamesColumn = sql<string>`(select coalesce(json_agg(coalesce(p.display_name, u.email, g.name) order by aa.position), '[]'::json)::text
    from article_authors aa left join profiles p on p.id = aa.user_id left join users u on u.id = aa.user_id left join guest_authors g on g.id = aa.guest_id
    where aa.article_id = "articles"."id")`.mapWith((json: string): string[] => JSON.parse(json));

/** Whose author page: an account's or a guest's. */
export type AuthorRef = BylineRef;

/** Articles with this author on their byline, as a condition on `articles` (uses the byline indexes). */
export function writtenBy(db: AppDb, author: AuthorRef) {
  const writer = author.kind === "user" ? eq(articleAuthors.userId, author.id) : eq(articleAuthors.guestId, author.id);
  return inArray(articles.id, db.select({ id: articleAuthors.articleId }).from(articleAuthors).where(writer));
}

/** The first byline of a new article: whoever created it. Run in the creating transaction. */
export async function addFirstByline(db: AppDb, articleId: string, userId: string | null) {
  if (userId) await db.insert(articleAuthors).values({ articleId, position: 0, userId });
}

/**
 * Gives an article exactly these bylines, in this order (an editor's choice on the edit screen),
 * in one transaction; `check` runs first in it (an access check throws there, and nothing changes).
 * Accounts must be staff; a guest or account deleted meanwhile is refused. The article's row is
 * touched, so cached pages that show it drop at commit.
 */
export async function setArticleBylines(db: AppDb, articleId: string, refs: readonly BylineRef[], check: (tx: AppDb) => Promise<unknown> = async () => {}) {
  await db.transaction(async (tx) => {
    await check(tx);
    const userIds = refs.filter((ref) => ref.kind === "user").map((ref) => ref.id);
    if (userIds.length > 0) {
      const staff = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(inArray(profiles.id, userIds), ne(profiles.role, "user")));
      if (staff.length !== userIds.length) throw new AdminInputError("Only staff accounts and guest bylines can be authors of an article.");
    }
    const [touched] = await tx.update(articles).set({ updatedAt: new Date() }).where(eq(articles.id, articleId)).returning({ id: articles.id });
    if (!touched) throw new AdminInputError("This article no longer exists.");
    await tx.delete(articleAuthors).where(eq(articleAuthors.articleId, articleId));
    if (refs.length === 0) return;
    try {
      await tx
        .insert(articleAuthors)
        .values(
          refs.map((ref, position) => ({ articleId, position, userId: ref.kind === "user" ? ref.id : null, guestId: ref.kind === "guest" ? ref.id : null })),
        );
    } catch (error) {
      if (sqlState(error) === "23503") throw new AdminInputError("That author no longer exists. Please choose another.");
      throw error;
    }
  });
}

const accountName = sql<string>`coalesce(${profiles.displayName}, ${users.email})`;
const accountShown = sql<boolean>`(${profiles.authorSlug} is not null and ${profiles.displayName} is not null)`;

/** An article's bylines in order, for the edit screen. */
export async function bylinesOf(db: AppDb, articleId: string): Promise<BylineEntry[]> {
  const rows = await db
    .select({
      userId: articleAuthors.userId,
      guestId: articleAuthors.guestId,
      accountName,
      accountShown,
      guestName: guestAuthors.name,
    })
    .from(articleAuthors)
    .leftJoin(users, eq(users.id, articleAuthors.userId))
    .leftJoin(profiles, eq(profiles.id, articleAuthors.userId))
    .leftJoin(guestAuthors, eq(guestAuthors.id, articleAuthors.guestId))
    .where(eq(articleAuthors.articleId, articleId))
    .orderBy(asc(articleAuthors.position));
  return rows.map((row) =>
    row.userId
      ? { value: `user:${row.userId}`, name: row.accountName, kind: "user", shown: Boolean(row.accountShown) }
      : { value: `guest:${row.guestId}`, name: row.guestName!, kind: "guest", shown: true },
  );
}

/** Everyone an editor can add to a byline: staff accounts, then guests, by name. */
export async function bylineChoices(db: AppDb): Promise<BylineEntry[]> {
  const [accounts, guests] = await Promise.all([
    db
      .select({ id: users.id, name: accountName, shown: accountShown })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(ne(profiles.role, "user"))
      .orderBy(asc(accountName)),
    db.select({ id: guestAuthors.id, name: guestAuthors.name }).from(guestAuthors).orderBy(asc(guestAuthors.name)),
  ]);
  return [
    ...accounts.map((account): BylineEntry => ({ value: `user:${account.id}`, name: account.name, kind: "user", shown: Boolean(account.shown) })),
    ...guests.map((guest): BylineEntry => ({ value: `guest:${guest.id}`, name: guest.name, kind: "guest", shown: true })),
  ];
}
