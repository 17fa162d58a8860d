import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import { articleTags, articles, tags } from "#database/schema";
import type { TagName } from "#app/lib/tags";
import type { AppDb } from "#app/server/db/types.server";

/**
 * Gives an article exactly these tags, in this order. A tag new to the site is created with the
 * editor's spelling; an existing one keeps its name (tags are the same when their slugs are).
 * Several statements: run it in the transaction of the article's save.
 */
export async function setArticleTags(db: AppDb, articleId: string, wanted: readonly TagName[]) {
  await db.delete(articleTags).where(eq(articleTags.articleId, articleId));
  if (wanted.length === 0) return;
  // Two editors creating one tag at once: the second insert waits for the first's transaction, does
  // nothing and both read its id. In slug order, so two saves never wait for each other's tags.
  await db
    .insert(tags)
    .values(wanted.map(({ name, slug }) => ({ name, slug })).sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)))
    .onConflictDoNothing({ target: tags.slug });
  const found = await db
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(
      inArray(
        tags.slug,
        wanted.map((tag) => tag.slug),
      ),
    );
  const idOf = new Map(found.map((tag) => [tag.slug, tag.id]));
  await db.insert(articleTags).values(wanted.map((tag, position) => ({ articleId, tagId: idOf.get(tag.slug)!, position })));
}

/**
 * An article's tags in the editor's order, as a column of any query over `articles`: read in the
 * same round trip as the article (a list page makes one query, not one more for its tags).
 */
// Spelled out: inside sql``, Drizzle leaves a column unqualified when the outer query reads one
// table, and an unqualified "id" here would be the tag's.
export const articleTagsColumn =
  sql<string>`(select coalesce(json_agg(json_build_object('name', t.name, 'slug', t.slug) order by at.position), '[]'::json)::text from article_tags at join tags t on t.id = at.tag_id where at.article_id = "articles"."id")`.mapWith(
    (json: string): TagName[] => JSON.parse(json),
  );

/** Articles with this tag, as a condition on `articles` (uses the tag's index on article_tags). */
export function taggedWith(db: AppDb, tagId: string) {
  return inArray(articles.id, db.select({ id: articleTags.articleId }).from(articleTags).where(eq(articleTags.tagId, tagId)));
}

export async function findTag(db: AppDb, slug: string) {
  const [tag] = await db.select({ id: tags.id, name: tags.name, slug: tags.slug }).from(tags).where(eq(tags.slug, slug));
  return tag ?? null;
}

/** Maintenance: tags no article uses any more (a day old at least: never one a save is linking right now). */
export async function pruneUnusedTags(db: AppDb, now = new Date()) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.delete(tags).where(
    and(
      lt(tags.createdAt, dayAgo),
      notExists(
        db
          .select({ one: sql`1` })
          .from(articleTags)
          .where(eq(articleTags.tagId, tags.id)),
      ),
    ),
  );
}
