import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { articleAuthors, articleTags, articles, categories, guestAuthors, profiles, tags, users } from "#database/schema";
import { articleBody as renderedBody } from "#app/server/articles/article-body.server";
import { absoluteUrls } from "#app/server/seo/feed.server";
import type { AppDb } from "#app/server/db/types.server";

// The magazine as a Ghost 5 export (the JSON Ghost's Labs → Import content reads): articles as
// posts with their HTML (Ghost's importer turns `html` into its editor's format), categories and
// tags as Ghost tags (the category first, as the post's primary tag), public bylines as users.
// Ghost gives every imported row a new id and links the relations by the ids in the file, so ours
// are stable 24-hex ids derived from our uuids (an article keeps its uuid). Links and images stay
// on this site: root-relative addresses are made absolute with PUBLIC_URL (`__GHOST_URL__` would
// point them at the Ghost site, where the files are not). Every table is read a page at a time.
//
// Users need an email in Ghost: a staff author's is their account's (the export is for admins
// only), a guest byline's is the placeholder `<slug>@guest.invalid` (nothing personal is made up).
// Ghost imports users locked, with their role: staff as Author, guests as Contributor.

/** The Ghost version the file says it is from (Ghost refuses a file whose version is not semver). */
export const ghostExportVersion = "5.0.0";

const pageSize = 500;

/** A 24-hex id (Ghost's ObjectId shape), the same for the same thing on every export. */
export function ghostId(kind: string, key: string): string {
  return createHash("sha256").update(`${kind}:${key}`).digest("hex").slice(0, 24);
}

const tagId = (slug: string) => ghostId("tag", slug);
const staffId = (userId: string) => ghostId("user", userId);
const guestId = (guestAuthorId: string) => ghostId("guest", guestAuthorId);
const roleIds = { Author: ghostId("role", "Author"), Contributor: ghostId("role", "Contributor") } as const;

export const guestEmail = (slug: string) => `${slug}@guest.invalid`;

/** Text within Ghost's length check for the field (its validation would refuse the whole import). */
function clip(text: string | null, max: number): string | null {
  if (text === null) return null;
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const absolute = (url: string | null, publicUrl: string) => (url && url.startsWith("/") && !url.startsWith("//") ? publicUrl + url : url);

const entities: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&", "&nbsp;": " " };

/** The body's text, paragraphs on their own lines, as Ghost keeps it in `plaintext`. */
export function plaintextOf(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|figure|tr)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(lt|gt|quot|#39|amp|nbsp);/g, (entity) => entities[entity]!)
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Ghost's post statuses: an article waiting for review is a draft there. */
function ghostStatus(status: (typeof articles.$inferSelect)["status"]): "published" | "draft" | "scheduled" {
  return status === "published" || status === "scheduled" ? status : "draft";
}

/** Rows of a table read `pageSize` at a time in id order: `read(after)` gives the page after an id. */
async function* pagesById<Row extends { id: string }>(read: (after: string | null) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows.at(-1)!.id;
  }
}

const afterId = (column: AnyPgColumn, after: string | null) => (after === null ? undefined : gt(column, after));

// A byline shown on the site: a guest, or an account with a public author profile.
const publicByline = sql`(${articleAuthors.guestId} is not null or (${profiles.authorSlug} is not null and ${profiles.displayName} is not null))`;

/** An article's first public byline ("user:<id>" or "guest:<id>"), or null (Ghost then names its owner). Spelled out: Drizzle leaves a lone table's columns unqualified. */
const firstBylineColumn = sql<string | null>`(select case when aa.user_id is not null then 'user:' || aa.user_id else 'guest:' || aa.guest_id end
  from article_authors aa left join profiles p on p.id = aa.user_id
  where aa.article_id = "articles"."id" and (aa.guest_id is not null or (p.author_slug is not null and p.display_name is not null))
  order by aa.position limit 1)`;

const bylineGhostId = (ref: string) => (ref.startsWith("user:") ? staffId(ref.slice(5)) : guestId(ref.slice(6)));

async function* posts(db: AppDb, publicUrl: string) {
  for await (const page of pagesById((after) =>
    db
      .select({
        id: articles.id,
        title: articles.title,
        slug: articles.slug,
        status: articles.status,
        excerpt: articles.excerpt,
        content: articles.content,
        contentHtml: articles.contentHtml,
        featuredImageUrl: articles.featuredImageUrl,
        publishedAt: articles.publishedAt,
        scheduledAt: articles.scheduledAt,
        createdAt: articles.createdAt,
        updatedAt: articles.updatedAt,
        firstByline: firstBylineColumn,
      })
      .from(articles)
      .where(afterId(articles.id, after))
      .orderBy(asc(articles.id))
      .limit(pageSize),
  )) {
    for (const article of page) {
      const html = absoluteUrls(article.contentHtml ?? renderedBody(article.content).contentHtml, publicUrl);
      const status = ghostStatus(article.status);
      const by = article.firstByline ? bylineGhostId(article.firstByline) : null;
      const publishedAt = status === "scheduled" ? article.scheduledAt : status === "published" ? article.publishedAt : null;
      yield {
        id: ghostId("post", article.id),
        uuid: article.id,
        title: clip(article.title, 255),
        slug: article.slug,
        mobiledoc: null,
        lexical: null,
        html,
        comment_id: article.id,
        plaintext: plaintextOf(html),
        feature_image: absolute(article.featuredImageUrl, publicUrl),
        featured: false,
        type: "post",
        status,
        locale: null,
        visibility: "public",
        email_recipient_filter: "all",
        created_at: iso(article.createdAt),
        updated_at: iso(article.updatedAt),
        published_at: iso(publishedAt),
        custom_excerpt: clip(article.excerpt, 300),
        codeinjection_head: null,
        codeinjection_foot: null,
        custom_template: null,
        canonical_url: null,
        // Without a public byline the keys are left out: Ghost fills in its owner without a warning.
        ...(by ? { created_by: by, updated_by: by, published_by: status === "draft" ? null : by } : {}),
      };
    }
  }
}

async function* ghostTags(db: AppDb) {
  for await (const page of pagesById((after) =>
    db
      .select({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description, createdAt: categories.createdAt })
      .from(categories)
      .where(afterId(categories.id, after))
      .orderBy(asc(categories.id))
      .limit(pageSize),
  )) {
    for (const category of page) yield ghostTag(category);
  }
  // A tag named as a category is the same Ghost tag (Ghost's slugs are one address space).
  for await (const page of pagesById((after) =>
    db
      .select({ id: tags.id, name: tags.name, slug: tags.slug, description: sql<string | null>`null`, createdAt: tags.createdAt })
      .from(tags)
      .where(and(afterId(tags.id, after), notInArray(tags.slug, db.select({ slug: categories.slug }).from(categories))))
      .orderBy(asc(tags.id))
      .limit(pageSize),
  )) {
    for (const tag of page) yield ghostTag(tag);
  }
}

function ghostTag(tag: { name: string; slug: string; description: string | null; createdAt: Date }) {
  return {
    id: tagId(tag.slug),
    name: clip(tag.name, 191),
    slug: tag.slug,
    description: clip(tag.description, 500),
    feature_image: null,
    parent_id: null,
    visibility: "public",
    meta_title: null,
    meta_description: null,
    created_at: iso(tag.createdAt),
    updated_at: iso(tag.createdAt),
  };
}

/** Article ids a page at a time, for the relation tables. */
const articleIdPages = (db: AppDb) =>
  pagesById((after) =>
    db
      .select({ id: articles.id, categorySlug: categories.slug })
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .where(afterId(articles.id, after))
      .orderBy(asc(articles.id))
      .limit(pageSize),
  );

async function* postsTags(db: AppDb) {
  for await (const page of articleIdPages(db)) {
    const rows = await db
      .select({ articleId: articleTags.articleId, slug: tags.slug })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .where(
        inArray(
          articleTags.articleId,
          page.map((article) => article.id),
        ),
      )
      .orderBy(asc(articleTags.articleId), asc(articleTags.position), asc(tags.slug));
    for (const article of page) {
      const slugs = [article.categorySlug, ...rows.filter((row) => row.articleId === article.id).map((row) => row.slug)];
      const unique = slugs.filter((slug, index) => slugs.indexOf(slug) === index);
      for (const [sortOrder, slug] of unique.entries()) {
        yield { id: ghostId("posts_tags", `${article.id}:${slug}`), post_id: ghostId("post", article.id), tag_id: tagId(slug), sort_order: sortOrder };
      }
    }
  }
}

async function* postsAuthors(db: AppDb) {
  for await (const page of articleIdPages(db)) {
    const rows = await db
      .select({ articleId: articleAuthors.articleId, userId: articleAuthors.userId, guestId: articleAuthors.guestId })
      .from(articleAuthors)
      .leftJoin(profiles, eq(profiles.id, articleAuthors.userId))
      .where(
        and(
          inArray(
            articleAuthors.articleId,
            page.map((article) => article.id),
          ),
          publicByline,
        ),
      )
      .orderBy(asc(articleAuthors.articleId), asc(articleAuthors.position));
    for (const article of page) {
      const bylines = rows.filter((row) => row.articleId === article.id);
      for (const [sortOrder, byline] of bylines.entries()) {
        const authorId = byline.userId ? staffId(byline.userId) : guestId(byline.guestId!);
        yield { id: ghostId("posts_authors", `${article.id}:${authorId}`), post_id: ghostId("post", article.id), author_id: authorId, sort_order: sortOrder };
      }
    }
  }
}

async function* postsMeta(db: AppDb) {
  for await (const page of pagesById((after) =>
    db
      .select({ id: articles.id, alt: articles.featuredImageAlt })
      .from(articles)
      .where(and(afterId(articles.id, after), isNotNull(articles.featuredImageAlt)))
      .orderBy(asc(articles.id))
      .limit(pageSize),
  )) {
    for (const article of page) {
      yield { id: ghostId("posts_meta", article.id), post_id: ghostId("post", article.id), feature_image_alt: clip(article.alt, 191), email_only: false };
    }
  }
}

/** Staff with a public author profile, then guest bylines: the users (`role` names their Ghost role). */
async function* authors(db: AppDb, publicUrl: string) {
  for await (const page of pagesById((after) =>
    db
      .select({
        id: profiles.id,
        name: profiles.displayName,
        slug: profiles.authorSlug,
        email: users.email,
        bio: profiles.bio,
        image: profiles.avatarUrl,
        createdAt: profiles.createdAt,
        updatedAt: profiles.updatedAt,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(and(afterId(profiles.id, after), isNotNull(profiles.authorSlug), isNotNull(profiles.displayName)))
      .orderBy(asc(profiles.id))
      .limit(pageSize),
  )) {
    for (const staff of page)
      yield { role: "Author" as const, user: ghostUser(staffId(staff.id), { ...staff, name: staff.name!, slug: staff.slug! }, publicUrl) };
  }
  for await (const page of pagesById((after) =>
    db
      .select({
        id: guestAuthors.id,
        name: guestAuthors.name,
        slug: guestAuthors.slug,
        bio: guestAuthors.bio,
        image: guestAuthors.photoUrl,
        createdAt: guestAuthors.createdAt,
        updatedAt: guestAuthors.updatedAt,
      })
      .from(guestAuthors)
      .where(afterId(guestAuthors.id, after))
      .orderBy(asc(guestAuthors.id))
      .limit(pageSize),
  )) {
    for (const guest of page)
      yield { role: "Contributor" as const, user: ghostUser(guestId(guest.id), { ...guest, email: guestEmail(guest.slug) }, publicUrl) };
  }
}

function ghostUser(
  id: string,
  person: { name: string; slug: string; email: string; bio: string | null; image: string | null; createdAt: Date; updatedAt: Date },
  publicUrl: string,
) {
  return {
    id,
    name: clip(person.name, 191),
    slug: person.slug,
    email: person.email,
    profile_image: absolute(person.image, publicUrl),
    cover_image: null,
    bio: clip(person.bio, 200),
    website: null,
    location: null,
    facebook: null,
    twitter: null,
    accessibility: null,
    status: "active",
    locale: null,
    visibility: "public",
    meta_title: null,
    meta_description: null,
    tour: null,
    last_seen: null,
    created_at: iso(person.createdAt),
    updated_at: iso(person.updatedAt),
  };
}

async function* usersOnly(db: AppDb, publicUrl: string) {
  for await (const { user } of authors(db, publicUrl)) yield user;
}

async function* rolesUsers(db: AppDb, publicUrl: string) {
  for await (const { role, user } of authors(db, publicUrl)) {
    yield { id: ghostId("roles_users", user.id), role_id: roleIds[role], user_id: user.id };
  }
}

async function* roles() {
  yield { id: roleIds.Author, name: "Author", description: "Authors" };
  yield { id: roleIds.Contributor, name: "Contributor", description: "Contributors" };
}

/** One array of the export: `"name":[row,row…]`, written a row at a time. */
async function* jsonArray(name: string, rows: AsyncIterable<unknown>, counts: Record<string, number>): AsyncGenerator<string> {
  yield `${JSON.stringify(name)}:[`;
  counts[name] = 0;
  for await (const row of rows) {
    yield (counts[name] === 0 ? "" : ",") + JSON.stringify(row);
    counts[name]++;
  }
  yield "]";
}

/** How many rows each array of an export has, once it is written. */
export type GhostExportCounts = Partial<Record<"posts" | "tags" | "users" | "posts_tags" | "posts_authors" | "posts_meta", number>>;

/** The export as JSON text, a piece at a time (stream it to a response or a file); `counts` is filled in as it goes. */
export async function* ghostExportJson(db: AppDb, options: { publicUrl: string; now?: Date; counts?: GhostExportCounts }): AsyncGenerator<string> {
  const counts: Record<string, number> = options.counts ?? {};
  const { publicUrl } = options;
  const meta = { exported_on: (options.now ?? new Date()).getTime(), version: ghostExportVersion };
  yield `{"db":[{"meta":${JSON.stringify(meta)},"data":{`;
  const sections: [string, AsyncIterable<unknown>][] = [
    ["posts", posts(db, publicUrl)],
    ["tags", ghostTags(db)],
    ["posts_tags", postsTags(db)],
    ["users", usersOnly(db, publicUrl)],
    ["posts_authors", postsAuthors(db)],
    ["posts_meta", postsMeta(db)],
    ["roles", roles()],
    ["roles_users", rolesUsers(db, publicUrl)],
  ];
  for (const [index, [name, rows]] of sections.entries()) {
    if (index > 0) yield ",";
    yield* jsonArray(name, rows, counts);
  }
  yield "}}]}\n";
}

/** The download's file name: `the-educator-YYYY-MM-DD.ghost.json`. */
export const ghostExportFilename = (now = new Date()) => `the-educator-${now.toISOString().slice(0, 10)}.ghost.json`;
