import { eq, like, or } from "drizzle-orm";
import { articleAuthors, articles, articleTags, categories, comments, guestAuthors, importedItems, mediaUploads, profiles, tags } from "#database/schema";
import { tagLimits } from "#app/lib/tags";
import { articleBody } from "#app/server/articles/article-body.server";
import { uniqueArticleSlug } from "#app/server/articles/article-writes.server";
import { recordRevision } from "#app/server/articles/article-revisions.server";
import type { AppDb } from "#app/server/db/types.server";
import { replaceMarkdownImages } from "./import-images.server";
import { tagRefsOf, type ImportPlan, type ItemKind } from "./import-plan.server";
import type { SourcePost, SourceTerm } from "./import-source.server";

/**
 * Writes a planned import: categories, tags, guest authors (the bylines), articles with their
 * rendered bodies and first revision, comments, and the media library rows of the images
 * downloaded before. Run it in ONE transaction: a failure leaves the site as it was. Items that
 * match one already here by slug (a category, a tag, a guest author) are used, not duplicated.
 */

export interface ImportResult {
  created: { articles: number; pages: number; categories: number; tags: number; authors: number; comments: number; images: number };
  /** Items of the file matched to ones this site had (by slug), not created. */
  linked: { categories: number; tags: number; authors: number };
  /** Images that stay links to where they were, with why (a few examples). */
  imagesLeftAsLinks: number;
  imageFailures: Array<{ url: string; reason: string }>;
  skipped: Array<{ kind: string; reason: string; count: number }>;
}

interface WriteContext {
  tx: AppDb;
  plan: ImportPlan;
  importId: string | null;
  userId: string | null;
  now: Date;
}

async function remember(context: WriteContext, kind: ItemKind, sourceId: string, localId: string | null, localRef: string | null = null) {
  await context.tx
    .insert(importedItems)
    .values({ source: context.plan.source.source, kind, sourceId, localId, localRef, importId: context.importId })
    .onConflictDoNothing();
}

async function categoryBySlug(tx: AppDb, slug: string, name: string, description: string | null): Promise<{ id: string; created: boolean }> {
  const [inserted] = await tx
    .insert(categories)
    .values({ name, slug, description })
    .onConflictDoNothing({ target: categories.slug })
    .returning({ id: categories.id });
  if (inserted) return { id: inserted.id, created: true };
  const [found] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return { id: found!.id, created: false };
}

async function tagBySlug(tx: AppDb, term: SourceTerm): Promise<{ id: string; created: boolean }> {
  const name = term.name.slice(0, tagLimits.nameLength);
  const [inserted] = await tx.insert(tags).values({ name, slug: term.slug }).onConflictDoNothing({ target: tags.slug }).returning({ id: tags.id });
  if (inserted) return { id: inserted.id, created: true };
  const [found] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.slug, term.slug));
  return { id: found!.id, created: false };
}

/** A guest author with this slug is the same writer; a staff author's page holding the slug makes it -2, -3… */
async function guestBySlug(tx: AppDb, author: { name: string; slug: string; bio: string | null; photoUrl: string | null }) {
  const base = author.slug;
  const [guest] = await tx.select({ id: guestAuthors.id }).from(guestAuthors).where(eq(guestAuthors.slug, base));
  if (guest) return { id: guest.id, created: false };
  const pattern = or(eq(profiles.authorSlug, base), like(profiles.authorSlug, `${base}-%`));
  const taken = new Set([
    ...(await tx.select({ slug: profiles.authorSlug }).from(profiles).where(pattern)).map((row) => row.slug),
    ...(
      await tx
        .select({ slug: guestAuthors.slug })
        .from(guestAuthors)
        .where(or(eq(guestAuthors.slug, base), like(guestAuthors.slug, `${base}-%`)))
    ).map((row) => row.slug),
  ]);
  let slug = base;
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
  const photoUrl = author.photoUrl && /^https?:\/\//i.test(author.photoUrl) ? author.photoUrl : null;
  const [created] = await tx
    .insert(guestAuthors)
    .values({ name: author.name.slice(0, 80), slug, bio: author.bio, photoUrl })
    .returning({ id: guestAuthors.id });
  return { id: created!.id, created: true };
}

/** WordPress's automatic excerpt: the first 55 words of the text. */
function autoExcerpt(markdown: string): string | null {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.|\|)\s*/gm, "")
    .replace(/[*_`|\\]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  const words = text.split(" ");
  const excerpt = words.length > 55 ? `${words.slice(0, 55).join(" ")}…` : text;
  return excerpt.length > 1000 ? `${excerpt.slice(0, 999)}…` : excerpt;
}

function articleSlugBase(post: SourcePost, sourceSlugOf: (slug: string) => string) {
  return (
    sourceSlugOf(post.slug) ||
    sourceSlugOf(post.title) ||
    `${post.type}-${post.sourceId}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
  );
}

/** Writes the plan in `tx` (the caller's one transaction). `images`: source address → stored address of the images downloaded for it. */
export async function writeImport(
  tx: AppDb,
  plan: ImportPlan,
  options: {
    importId: string | null;
    userId: string | null;
    images: Map<string, string>;
    imageFailures: Map<string, string>;
    sourceSlug: (slug: string) => string;
    now?: Date;
  },
): Promise<ImportResult> {
  const context: WriteContext = { tx, plan, importId: options.importId, userId: options.userId, now: options.now ?? new Date() };
  const created = { articles: 0, pages: 0, categories: 0, tags: 0, authors: 0, comments: 0, images: 0 };
  const linked = { categories: 0, tags: 0, authors: 0 };
  const localOf = (kind: ItemKind, sourceId: string) => plan.known[kind].get(sourceId)?.localId ?? null;

  // Categories.
  const categoryIds = new Map<string, string>();
  for (const category of plan.categories) {
    const row = await categoryBySlug(tx, category.slug, category.name, category.description);
    if (row.created) created.categories++;
    else linked.categories++;
    categoryIds.set(category.sourceId, row.id);
    await remember(context, "category", category.sourceId, row.id);
  }
  let fallback: Record<"pages" | "uncategorised", string | null> = { pages: null, uncategorised: null };
  async function fallbackCategory(kind: "pages" | "uncategorised") {
    if (!fallback[kind]) {
      const row = await categoryBySlug(tx, kind, kind === "pages" ? "Pages" : "Uncategorised", null);
      if (row.created) created.categories++;
      fallback = { ...fallback, [kind]: row.id };
    }
    return fallback[kind]!;
  }
  async function categoryOf(post: SourcePost): Promise<{ id: string; sourceId: string | null }> {
    if (post.type === "page") return { id: await fallbackCategory("pages"), sourceId: null };
    // WordPress puts every post in "Uncategorized" until another is chosen: a real one first.
    const ordered = [...post.categoryIds.filter((id) => id !== "uncategorized"), ...post.categoryIds.filter((id) => id === "uncategorized")];
    for (const id of ordered) {
      const local = categoryIds.get(id) ?? localOf("category", id);
      if (local) return { id: local, sourceId: id };
    }
    return { id: await fallbackCategory("uncategorised"), sourceId: null };
  }

  // Tags (WordPress's categories after an article's first are its tags, "category:<slug>").
  const tagIds = new Map<string, string>();
  for (const tag of plan.tags) {
    const row = await tagBySlug(tx, tag);
    if (row.created) created.tags++;
    else linked.tags++;
    tagIds.set(tag.sourceId, row.id);
    await remember(context, "tag", tag.sourceId, row.id);
  }

  // Authors: guest bylines.
  const authorIds = new Map<string, string>();
  for (const author of plan.authors) {
    const row = await guestBySlug(tx, author);
    if (row.created) created.authors++;
    else linked.authors++;
    authorIds.set(author.sourceId, row.id);
    await remember(context, "author", author.sourceId, row.id);
  }

  // Images: the media library rows, and the addresses articles use.
  const storedOf = (url: string) => options.images.get(url) ?? plan.knownImages.get(url);
  for (const [url, stored] of options.images) {
    await tx.insert(mediaUploads).values({ url: stored, uploadedBy: options.userId }).onConflictDoNothing();
    await remember(context, "image", url, null, stored);
    created.images++;
  }

  // Articles.
  for (const post of plan.posts) {
    const content = replaceMarkdownImages(post.markdown, storedOf);
    const featuredSource = post.featuredImage?.url ?? null;
    // Kept as a link only when it is a web address (the editor accepts no other): a relative one has no site here.
    const featuredImageUrl = featuredSource ? (storedOf(featuredSource) ?? (/^https?:\/\//i.test(featuredSource) ? featuredSource : null)) : null;
    const scheduled = post.status === "scheduled";
    const category = await categoryOf(post);
    const primary = category.sourceId;
    const state = {
      title: post.title,
      excerpt: post.excerpt ?? autoExcerpt(content),
      content,
      categoryId: category.id,
      status: post.status,
      featuredImageUrl,
      // Required to publish with an image: the image's own description, else the article's title.
      featuredImageAlt: featuredImageUrl ? (post.featuredImage?.alt ?? post.title).slice(0, 300) : null,
      scheduledAt: scheduled ? post.publishedAt : null,
    };
    const [article] = await tx
      .insert(articles)
      .values({
        ...state,
        ...articleBody(content),
        authorId: options.userId,
        slug: await uniqueArticleSlug(tx, articleSlugBase(post, options.sourceSlug)),
        language: plan.source.language ?? "en",
        publishedAt: post.status === "published" ? (post.publishedAt ?? context.now) : null,
        createdAt: post.createdAt ?? context.now,
        updatedAt: post.updatedAt ?? post.createdAt ?? context.now,
      })
      .returning({ id: articles.id });
    const articleId = article!.id;
    created.articles++;
    if (post.type === "page") created.pages++;
    await remember(context, "article", post.sourceId, articleId);

    const bylines = [
      ...new Set(post.authorIds.map((id) => authorIds.get(id) ?? localOf("author", id)).filter((id): id is string => id !== null && id !== undefined)),
    ];
    if (bylines.length > 0) await tx.insert(articleAuthors).values(bylines.map((guestId, position) => ({ articleId, position, guestId })));
    const tagRefs = tagRefsOf(post).filter((id) => id !== `category:${primary}`);
    const articleTagIds = [...new Set(tagRefs.map((id) => tagIds.get(id) ?? localOf("tag", id)).filter((id): id is string => Boolean(id)))];
    if (articleTagIds.length > 0) await tx.insert(articleTags).values(articleTagIds.map((tagId, position) => ({ articleId, tagId, position })));
    await recordRevision(tx, articleId, state, options.userId);
    created.comments += await writeComments(context, post, articleId);
  }
  for (const { post, articleId } of plan.laterComments) created.comments += await writeComments(context, post, articleId);

  const failures = [...options.imageFailures];
  return {
    created,
    linked,
    imagesLeftAsLinks: failures.length,
    imageFailures: failures.slice(0, 20).map(([url, reason]) => ({ url, reason })),
    skipped: plan.preview.skipped.map(({ kind, reason, count }) => ({ kind, reason, count })),
  };
}

async function writeComments(context: WriteContext, post: SourcePost, articleId: string): Promise<number> {
  if (post.comments.length === 0) return 0;
  const rows = await context.tx
    .insert(comments)
    .values(
      post.comments.map((comment) => ({
        articleId,
        content: comment.content,
        status: "approved" as const,
        userId: null,
        authorName: comment.authorName,
        createdAt: comment.createdAt,
      })),
    )
    .returning({ id: comments.id });
  for (const [index, row] of rows.entries()) await remember(context, "comment", post.comments[index]!.sourceId, row.id);
  return rows.length;
}
