import { z } from "zod";
import { ImportFileError } from "./import-file.server";
import { htmlToMarkdown, htmlToText } from "./html-to-markdown.server";
import { skipReasons, type ImportSource, type SkippedItem, type SourceAuthor, type SourcePost, type SourceTerm } from "./import-source.server";
import { itemSlug, plainLine, sourceDate } from "./source-text.server";

/**
 * Reads a Ghost JSON export (Settings → Migration → Export; Ghost 1 to 5): posts and pages with
 * their HTML, tags (the first public one is the article's category, as Ghost's "primary tag"),
 * authors and feature images. Ghost writes `__GHOST_URL__` for its own address: `siteUrl` resolves
 * it; without one, such images stay relative links (the preview says so).
 */

const maxDepth = 64;
const maxArrayLength = 500_000;

/** Refuses JSON nested deeper than any export (a hostile file) or with absurdly long lists. */
function checkShape(value: unknown, fileName: string) {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth > maxDepth) throw new ImportFileError(`${fileName} is nested ${maxDepth} levels deep or more: not a Ghost export.`);
    const children = Array.isArray(node) ? node : Object.values(node);
    if (children.length > maxArrayLength)
      throw new ImportFileError(`${fileName} has a list of more than ${maxArrayLength.toLocaleString("en")} entries: too large to import.`);
    for (const child of children) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
}

const id = z.union([z.string(), z.number()]).transform(String);
const text = z.string().nullish().catch(null);
const date = z.union([z.string(), z.number()]).nullish().catch(null);

const postSchema = z.looseObject({
  id,
  uuid: text,
  title: text,
  slug: text,
  html: text,
  plaintext: text,
  feature_image: text,
  type: text,
  page: z.union([z.boolean(), z.number()]).nullish().catch(null),
  status: text,
  published_at: date,
  created_at: date,
  updated_at: date,
  custom_excerpt: text,
  author_id: id.nullish().catch(null),
});
const tagSchema = z.looseObject({ id, name: text, slug: text, description: text, visibility: text });
const userSchema = z.looseObject({ id, name: text, slug: text, bio: text, profile_image: text });
const linkSchema = z.looseObject({ post_id: id, sort_order: z.number().nullish().catch(null) });
const listOf = <T extends z.ZodType>(schema: T) =>
  z
    .array(z.unknown())
    .nullish()
    .transform((entries) =>
      (entries ?? []).flatMap((entry) => {
        const parsed = schema.safeParse(entry);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );

const exportSchema = z.object({
  meta: z.looseObject({ version: z.string().nullish() }).nullish(),
  data: z.looseObject({
    posts: listOf(postSchema),
    tags: listOf(tagSchema),
    users: listOf(userSchema),
    posts_tags: listOf(linkSchema.extend({ tag_id: id })),
    posts_authors: listOf(linkSchema.extend({ author_id: id })),
    posts_meta: listOf(z.looseObject({ post_id: id, feature_image_alt: text })),
    settings: listOf(z.looseObject({ key: z.string(), value: z.unknown() })),
  }),
});

function parseJson(json: string, fileName: string): unknown {
  try {
    return JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new ImportFileError(`${fileName} is not valid JSON (${(error as Error).message}). Is it cut short? Export the site again.`);
  }
}

const inOrder = <T extends { sort_order?: number | null }>(links: T[]) => [...links].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));

/** Reads a Ghost export already decoded to text. Throws ImportFileError when it is not one. */
export function readGhostExport(json: string, fileName: string, options: { siteUrl?: string | null; now?: Date } = {}): ImportSource {
  const document = parseJson(json, fileName);
  checkShape(document, fileName);
  const root = (document as { db?: unknown[] } | null)?.db;
  const candidate = Array.isArray(root) ? root[0] : document;
  const parsed = exportSchema.safeParse(candidate);
  if (!parsed.success || !Array.isArray((candidate as { data?: { posts?: unknown } }).data?.posts)) {
    throw new ImportFileError(
      `${fileName} is JSON but not a Ghost export: it has no db[0].data.posts. Export it from Ghost with Settings → Migration → Export content.`,
    );
  }
  const { data } = parsed.data;
  const now = options.now ?? new Date();
  const siteUrl = options.siteUrl?.replace(/\/+$/, "") || null;
  let unresolved = 0;
  const resolve = (value: string) => {
    if (!value.includes("__GHOST_URL__")) return value;
    if (!siteUrl) unresolved++;
    return value.replaceAll("__GHOST_URL__", siteUrl ?? "");
  };
  const setting = (key: string) => {
    const value = data.settings.find((entry) => entry.key === key)?.value;
    return typeof value === "string" ? value : null;
  };
  const siteTitle = plainLine(setting("title") ?? "", 200) || "Ghost site";
  const skipped: SkippedItem[] = [];

  const tags = new Map<string, SourceTerm>();
  const internal = new Set<string>();
  for (const tag of data.tags) {
    const name = plainLine(tag.name ?? "", 80);
    if (!name) continue;
    if (tag.visibility === "internal" || name.startsWith("#")) {
      internal.add(tag.id);
      skipped.push({ kind: "tag", reason: skipReasons.internalTag, title: name });
      continue;
    }
    tags.set(tag.id, {
      sourceId: tag.id,
      name,
      slug: itemSlug("tag", tag.id, tag.slug ?? "", name),
      description: plainLine(tag.description ?? "", 500) || null,
    });
  }
  const authors: SourceAuthor[] = data.users.map((user) => {
    const name = plainLine(user.name ?? "", 80) || user.slug || "Author";
    return {
      sourceId: user.id,
      name,
      slug: itemSlug("author", user.id, user.slug ?? "", name),
      bio: user.bio ? plainLine(user.bio, 500) : null,
      photoUrl: user.profile_image ? resolve(user.profile_image) : null,
    };
  });
  const alts = new Map(data.posts_meta.map((meta) => [meta.post_id, meta.feature_image_alt]));
  const tagLinks = inOrder(data.posts_tags);
  const authorLinks = inOrder(data.posts_authors);

  const posts: SourcePost[] = [];
  const categoryIds = new Set<string>();
  for (const post of data.posts) {
    const title = plainLine(post.title ?? "", 300) || "(untitled)";
    const type = post.type === "page" || post.page === true || post.page === 1 ? "page" : "post";
    if (post.status === "sent") {
      skipped.push({ kind: "article", reason: skipReasons.emailOnly, title });
      continue;
    }
    const publishedAt = sourceDate(post.published_at);
    const status: SourcePost["status"] =
      post.status === "published" ? "published" : post.status === "scheduled" ? (publishedAt && publishedAt > now ? "scheduled" : "published") : "draft";
    const postTags = tagLinks.filter((link) => link.post_id === post.id && tags.has(link.tag_id)).map((link) => link.tag_id);
    const [primary, ...rest] = type === "post" ? postTags : [undefined, ...postTags];
    if (primary) categoryIds.add(primary);
    const byAuthors = authorLinks.filter((link) => link.post_id === post.id).map((link) => link.author_id);
    const html = resolve(post.html ?? "");
    const markdown = html.trim() ? htmlToMarkdown(html) : (post.plaintext ?? "").trim();
    const feature = post.feature_image ? resolve(post.feature_image) : null;
    posts.push({
      sourceId: post.id,
      type,
      title,
      slug: post.slug ?? "",
      markdown,
      excerpt: post.custom_excerpt ? plainLine(htmlToText(post.custom_excerpt), 1000) : null,
      status,
      publishedAt,
      createdAt: sourceDate(post.created_at) ?? publishedAt,
      updatedAt: sourceDate(post.updated_at),
      featuredImage: feature ? { url: feature, alt: alts.get(post.id) ? plainLine(alts.get(post.id)!, 300) : null } : null,
      categoryIds: primary ? [primary] : [],
      tagIds: rest.filter((tag): tag is string => tag !== undefined),
      authorIds: byAuthors.length > 0 ? byAuthors : post.author_id ? [post.author_id] : [],
      comments: [],
    });
  }
  const notices: string[] = [];
  if (unresolved > 0) {
    notices.push(
      `${unresolved} ${unresolved === 1 ? "address" : "addresses"} in this export point at the Ghost site itself (__GHOST_URL__). Give the old site's address to download those images; without it they stay as relative links.`,
    );
  }
  return {
    format: "ghost",
    source: `ghost:${setting("db_hash") ?? siteTitle}`,
    siteTitle,
    siteUrl,
    language: null,
    // A Ghost post's first public tag is its category here, its other tags stay tags.
    categories: [...categoryIds].map((tagId) => tags.get(tagId)!),
    tags: [...tags.values()],
    authors,
    posts,
    skipped,
    notices,
  };
}
