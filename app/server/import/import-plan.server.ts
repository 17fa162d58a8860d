import { eq, inArray } from "drizzle-orm";
import { categories as categoryTable, guestAuthors, importedItems, tags as tagTable } from "#database/schema";
import { tagLimits } from "#app/lib/tags";
import type { ImportCounts } from "#app/lib/import-texts";
import type { AppDb } from "#app/server/db/types.server";
import { absoluteImageUrl, markdownImageUrls } from "./import-images.server";
import { skipReasons, type ImportSource, type SkippedItem, type SourceAuthor, type SourcePost, type SourceTerm } from "./import-source.server";

/**
 * What an import of a file would do on this site now: the items it creates and the ones it skips,
 * and why. Items already imported from the same site (`imported_items`) are skipped, so a second
 * import of the same file creates nothing.
 */

export type ItemKind = (typeof importedItems.$inferSelect)["kind"];
export const itemKinds = ["article", "category", "tag", "author", "comment", "image"] as const satisfies readonly ItemKind[];

export type { ImportCounts };

export interface SkippedGroup {
  kind: SkippedItem["kind"];
  reason: string;
  count: number;
  /** A few of the items, to recognise them by. */
  examples: string[];
}

/** What the Import screen shows before the admin starts, and the command prints. */
export interface ImportPreview {
  format: ImportSource["format"];
  fileName: string;
  siteTitle: string;
  /** Names the site in `imported_items` ("wordpress:https://…"). */
  source: string;
  siteUrl: string | null;
  create: ImportCounts;
  skipped: SkippedGroup[];
  notices: string[];
}

export interface ImportPlan {
  source: ImportSource;
  posts: SourcePost[];
  /** Comments of articles imported before (a newer export of the same site): added to them. */
  laterComments: Array<{ post: SourcePost; articleId: string }>;
  categories: SourceTerm[];
  tags: SourceTerm[];
  authors: SourceAuthor[];
  /** Addresses of the images to download (not imported before from this site). */
  images: string[];
  /** Images imported before: source address → stored address. */
  knownImages: Map<string, string>;
  /** Each kind's source id → the local row, for the items imported before. */
  known: Record<ItemKind, Map<string, { localId: string | null; localRef: string | null }>>;
  preview: ImportPreview;
}

/**
 * An article's tags, as source ids: its tags, then (WordPress) its categories after the one that
 * is its category here ("category:<slug>"), at most the editor's limit per article.
 */
export function tagRefsOf(post: SourcePost): string[] {
  const extraCategories = post.categoryIds.filter((id) => id !== "uncategorized").slice(1);
  return [...new Set([...post.tagIds, ...extraCategories.map((id) => `category:${id}`)])].slice(0, tagLimits.perArticle);
}

export function imagesOf(post: SourcePost): string[] {
  return [...(post.featuredImage ? [post.featuredImage.url] : []), ...markdownImageUrls(post.markdown)].filter((url) => !/^data:/i.test(url));
}

function group(skipped: SkippedItem[]): SkippedGroup[] {
  const groups = new Map<string, SkippedGroup>();
  for (const item of skipped) {
    const key = `${item.kind}\u0000${item.reason}`;
    const entry = groups.get(key) ?? { kind: item.kind, reason: item.reason, count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < 3 && !entry.examples.includes(item.title)) entry.examples.push(item.title);
    groups.set(key, entry);
  }
  return [...groups.values()];
}

/** Plans the import of `source` against what this site already holds. */
export async function planImport(db: AppDb, source: ImportSource, fileName: string): Promise<ImportPlan> {
  const rows = await db
    .select({ kind: importedItems.kind, sourceId: importedItems.sourceId, localId: importedItems.localId, localRef: importedItems.localRef })
    .from(importedItems)
    .where(eq(importedItems.source, source.source));
  const known = Object.fromEntries(itemKinds.map((kind) => [kind, new Map()])) as ImportPlan["known"];
  for (const row of rows) known[row.kind].set(row.sourceId, { localId: row.localId, localRef: row.localRef });

  const skipped = [...source.skipped];
  const posts: SourcePost[] = [];
  const laterComments: ImportPlan["laterComments"] = [];
  for (const post of source.posts) {
    const before = known.article.get(post.sourceId);
    if (!before) {
      posts.push(post);
      continue;
    }
    skipped.push({ kind: "article", reason: skipReasons.alreadyImported, title: post.title });
    const newComments = post.comments.filter((comment) => !known.comment.has(comment.sourceId));
    for (const comment of post.comments)
      if (known.comment.has(comment.sourceId))
        skipped.push({ kind: "comment", reason: skipReasons.alreadyImported, title: `by ${comment.authorName} on ${post.title}` });
    if (newComments.length > 0 && before.localId) laterComments.push({ post: { ...post, comments: newComments }, articleId: before.localId });
  }

  const categories = source.categories.filter((category) => {
    if (!known.category.has(category.sourceId)) return true;
    skipped.push({ kind: "category", reason: skipReasons.alreadyImported, title: category.name });
    return false;
  });
  // Tags and authors only as the new articles use them (a tag no article uses is not kept here).
  const tagIds = new Set(posts.flatMap(tagRefsOf));
  const termOf = new Map([
    ...source.tags.map((tag) => [tag.sourceId, tag] as const),
    ...source.categories.map((category) => [`category:${category.sourceId}`, { ...category, sourceId: `category:${category.sourceId}` }] as const),
  ]);
  const tags = [...tagIds].flatMap((id) => (termOf.has(id) && !known.tag.has(id) ? [termOf.get(id)!] : []));
  const authorIds = new Set(posts.flatMap((post) => post.authorIds));
  const authors = source.authors.filter((author) => authorIds.has(author.sourceId) && !known.author.has(author.sourceId));

  const knownImages = new Map<string, string>();
  const images = new Set<string>();
  for (const url of posts.flatMap(imagesOf)) {
    const before = known.image.get(url)?.localRef;
    if (before) knownImages.set(url, before);
    // A site-relative address with no site to resolve it against stays a link (the notices say so).
    else if (absoluteImageUrl(url, source.siteUrl)) images.add(url);
  }

  // Pages go in a "Pages" category, posts without one in "Uncategorised": made once, when missing.
  const needed = [
    ...(posts.some((post) => post.type === "page") ? ["pages"] : []),
    ...(posts.some((post) => post.type === "post" && post.categoryIds.length === 0) ? ["uncategorised"] : []),
  ];
  const present = needed.length > 0 ? await db.select({ slug: categoryTable.slug }).from(categoryTable).where(inArray(categoryTable.slug, needed)) : [];
  const fallbackCategories = needed.length - present.length;
  // Categories, tags and guest authors this site has by the same slug are used, not made again.
  const existing = async <T extends { slug: string }>(rows: T[], read: (slugs: string[]) => Promise<Array<{ slug: string }>>) => {
    const slugs = [...new Set(rows.map((row) => row.slug).filter(Boolean))];
    return new Set(slugs.length > 0 ? (await read(slugs)).map((row) => row.slug) : []);
  };
  const categorySlugs = await existing(categories, (slugs) =>
    db.select({ slug: categoryTable.slug }).from(categoryTable).where(inArray(categoryTable.slug, slugs)),
  );
  const tagSlugs = await existing(tags, (slugs) => db.select({ slug: tagTable.slug }).from(tagTable).where(inArray(tagTable.slug, slugs)));
  const authorSlugs = await existing(authors, (slugs) => db.select({ slug: guestAuthors.slug }).from(guestAuthors).where(inArray(guestAuthors.slug, slugs)));
  for (const category of categories)
    if (categorySlugs.has(category.slug)) skipped.push({ kind: "category", reason: skipReasons.sameSlug, title: category.name });
  for (const author of authors) if (authorSlugs.has(author.slug)) skipped.push({ kind: "author", reason: skipReasons.sameSlug, title: author.name });
  const newTagSlugs = new Set(tags.map((tag) => tag.slug).filter((slug) => !tagSlugs.has(slug)));
  const newCategorySlugs = new Set(categories.map((category) => category.slug).filter((slug) => !categorySlugs.has(slug)));

  const newComments = posts.reduce((sum, post) => sum + post.comments.length, 0) + laterComments.reduce((sum, entry) => sum + entry.post.comments.length, 0);
  return {
    source,
    posts,
    laterComments,
    categories,
    tags,
    authors,
    images: [...images],
    knownImages,
    known,
    preview: {
      format: source.format,
      fileName,
      siteTitle: source.siteTitle,
      source: source.source,
      siteUrl: source.siteUrl,
      create: {
        articles: posts.length,
        pages: posts.filter((post) => post.type === "page").length,
        categories: newCategorySlugs.size + fallbackCategories,
        tags: newTagSlugs.size,
        authors: new Set(authors.map((author) => author.slug).filter((slug) => !authorSlugs.has(slug))).size,
        comments: newComments,
        images: images.size,
      },
      skipped: group(skipped),
      notices: [
        ...source.notices,
        ...(images.size > 0
          ? [`Images are downloaded into the media library when their site answers; those that cannot be reached stay as links to where they are now.`]
          : []),
      ],
    },
  };
}
