import { XMLParser, XMLValidator } from "fast-xml-parser";
import { canonicalLanguage } from "#app/lib/curriculum";
import { commentMaxLength, displayNameMaxLength } from "#app/lib/comment-schema";
import { ImportFileError } from "./import-file.server";
import { htmlToText, wordpressToMarkdown } from "./html-to-markdown.server";
import { skipReasons, type ImportSource, type SkippedItem, type SourceAuthor, type SourcePost, type SourceTerm } from "./import-source.server";
import { decodeEntities } from "#app/lib/html-entities";
import { itemSlug, plainLine, sourceDate } from "./source-text.server";

/**
 * Reads a WordPress eXtended RSS export (WXR 1.0–1.2, Tools → Export): posts and pages, their
 * categories, tags, authors, featured images and approved comments. A DOCTYPE that declares
 * anything (entities: "billion laughs"; external ones: files of this server) is refused before
 * the XML is parsed, and the parser expands no entity but XML's five and character references.
 */

type XmlNode = Record<string, unknown>;

const repeated = new Set(["item", "category", "wp:postmeta", "wp:comment", "wp:author", "wp:category", "wp:tag", "wp:term"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => repeated.has(name),
});

/** The prolog's DOCTYPE, if any: everything before the root element, comments and processing instructions skipped. */
function refuseDangerousDoctype(xml: string, fileName: string) {
  let index = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (index < xml.length && /\s/.test(xml[index]!)) index++;
    if (xml.startsWith("<?", index)) index = xml.indexOf("?>", index) + 2;
    else if (xml.startsWith("<!--", index)) index = xml.indexOf("-->", index) + 3;
    else break;
    if (index < 2) return; // unterminated: the validator says so
  }
  if (!/^<!DOCTYPE/i.test(xml.slice(index, index + 9))) return;
  const end = xml.indexOf(">", index);
  const doctype = xml.slice(index, end === -1 ? undefined : end + 1);
  if (doctype.includes("[") || /\b(SYSTEM|PUBLIC)\b/.test(doctype) || /<!ENTITY/i.test(xml.slice(index, index + 100_000))) {
    throw new ImportFileError(
      `${fileName} declares XML entities in a DOCTYPE (a WordPress export never does): such files can expand to gigabytes or read files of this server, so it is refused.`,
    );
  }
}

const textOf = (value: unknown): string => {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object" && "#text" in value) return textOf((value as XmlNode)["#text"]);
  return "";
};
const field = (node: XmlNode, name: string) => textOf(node[name]).trim();
const list = (value: unknown): XmlNode[] => (Array.isArray(value) ? (value as XmlNode[]) : []).filter((entry) => entry && typeof entry === "object");

function parseXml(xml: string, fileName: string): XmlNode {
  refuseDangerousDoctype(xml, fileName);
  const valid = XMLValidator.validate(xml, { allowBooleanAttributes: true });
  if (valid !== true) {
    throw new ImportFileError(`${fileName} is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}). Is it cut short? Export the site again.`);
  }
  try {
    return parser.parse(xml) as XmlNode;
  } catch (error) {
    throw new ImportFileError(`${fileName} could not be read as XML: ${(error as Error).message}`);
  }
}

const siteOf = (url: string) => url.replace(/\/+$/, "");

function readAuthors(channel: XmlNode, items: XmlNode[]): SourceAuthor[] {
  const authors = new Map<string, SourceAuthor>();
  for (const author of list(channel["wp:author"])) {
    const login = field(author, "wp:author_login");
    if (!login) continue;
    const full = `${field(author, "wp:author_first_name")} ${field(author, "wp:author_last_name")}`.trim();
    const name = plainLine(field(author, "wp:author_display_name") || full || login, 80) || login.slice(0, 80);
    authors.set(login, { sourceId: login, name, slug: itemSlug("author", login, login, name), bio: null, photoUrl: null });
  }
  // WXR 1.0 lists no authors: they are the posts' creators.
  for (const item of items) {
    const login = field(item, "dc:creator");
    if (login && !authors.has(login))
      authors.set(login, { sourceId: login, name: plainLine(login, 80), slug: itemSlug("author", login, login), bio: null, photoUrl: null });
  }
  return [...authors.values()];
}

function readTerms(channel: XmlNode): { categories: Map<string, SourceTerm>; tags: Map<string, SourceTerm> } {
  const categories = new Map<string, SourceTerm>();
  const tags = new Map<string, SourceTerm>();
  for (const category of list(channel["wp:category"])) {
    const nicename = field(category, "wp:category_nicename");
    if (!nicename) continue;
    const name = plainLine(field(category, "wp:cat_name") || nicename, 80);
    categories.set(nicename, {
      sourceId: nicename,
      name,
      slug: itemSlug("category", nicename, nicename, name),
      description: plainLine(field(category, "wp:category_description"), 500) || null,
    });
  }
  for (const tag of list(channel["wp:tag"])) {
    const slug = field(tag, "wp:tag_slug");
    if (!slug) continue;
    const name = plainLine(field(tag, "wp:tag_name") || slug, 40);
    tags.set(slug, { sourceId: slug, name, slug: itemSlug("tag", slug, slug, name), description: null });
  }
  // WXR 1.2 may list them as generic terms too.
  for (const term of list(channel["wp:term"])) {
    const taxonomy = field(term, "wp:term_taxonomy");
    const slug = field(term, "wp:term_slug");
    const target = taxonomy === "category" ? categories : taxonomy === "post_tag" ? tags : null;
    if (!target || !slug || target.has(slug)) continue;
    const name = plainLine(field(term, "wp:term_name") || slug, taxonomy === "category" ? 80 : 40);
    target.set(slug, { sourceId: slug, name, slug: itemSlug(taxonomy === "category" ? "category" : "tag", slug, slug, name), description: null });
  }
  return { categories, tags };
}

const skippedTypes: Record<string, SkippedItem["reason"]> = {
  attachment: skipReasons.attachment,
  revision: skipReasons.revision,
  nav_menu_item: skipReasons.navMenuItem,
  wp_block: skipReasons.siteSetting,
  wp_template: skipReasons.siteSetting,
  wp_template_part: skipReasons.siteSetting,
  wp_global_styles: skipReasons.siteSetting,
  wp_navigation: skipReasons.siteSetting,
  wp_font_family: skipReasons.siteSetting,
  wp_font_face: skipReasons.siteSetting,
  custom_css: skipReasons.siteSetting,
  customize_changeset: skipReasons.siteSetting,
  oembed_cache: skipReasons.siteSetting,
  user_request: skipReasons.siteSetting,
};

function postStatus(status: string, date: Date | null, now: Date, protectedPost: boolean): SourcePost["status"] {
  if (protectedPost) return "draft";
  if (status === "publish") return "published";
  if (status === "future") return date && date > now ? "scheduled" : "published";
  return "draft";
}

/** Reads a WXR file already decoded to text. Throws ImportFileError when it is not one. */
export function readWordpressExport(xml: string, fileName: string, now = new Date()): ImportSource {
  const document = parseXml(xml, fileName);
  const rss = document.rss as XmlNode | undefined;
  const channel = rss && typeof rss === "object" ? (rss.channel as XmlNode | undefined) : undefined;
  const version = channel ? field(channel, "wp:wxr_version") : "";
  if (!channel || typeof channel !== "object" || (!version && !xml.includes("wordpress.org/export/"))) {
    throw new ImportFileError(`${fileName} is XML but not a WordPress export (WXR): export it from WordPress with Tools → Export → All content.`);
  }
  const siteUrl = siteOf(field(channel, "wp:base_blog_url") || field(channel, "wp:base_site_url") || field(channel, "link")) || null;
  const items = list(channel.item);
  const { categories, tags } = readTerms(channel);
  const authors = readAuthors(channel, items);
  const skipped: SkippedItem[] = [];
  const notices: string[] = [];

  // Attachments: the featured images' addresses, by the attachment's id.
  const attachments = new Map<string, { url: string; alt: string | null }>();
  for (const item of items) {
    if (field(item, "wp:post_type") !== "attachment") continue;
    const url = field(item, "wp:attachment_url") || field(item, "guid");
    const alt = list(item["wp:postmeta"]).find((meta) => field(meta, "wp:meta_key") === "_wp_attachment_image_alt");
    if (url) attachments.set(field(item, "wp:post_id"), { url, alt: alt ? plainLine(field(alt, "wp:meta_value"), 300) || null : null });
  }

  const posts: SourcePost[] = [];
  let protectedCount = 0;
  for (const item of items) {
    const type = field(item, "wp:post_type") || "post";
    const status = field(item, "wp:status");
    const title = plainLine(field(item, "title"), 300) || "(untitled)";
    const comments = list(item["wp:comment"]);
    const skip = (reason: SkippedItem["reason"]) => {
      skipped.push({ kind: "article", reason, title });
      for (let index = 0; index < comments.length; index++) skipped.push({ kind: "comment", reason: skipReasons.commentOfSkippedPost, title: `on ${title}` });
    };
    if (type !== "post" && type !== "page") {
      skip(skippedTypes[type] ?? skipReasons.otherPostType);
      continue;
    }
    if (status === "trash") {
      skip(skipReasons.trash);
      continue;
    }
    if (status === "auto-draft" || status === "inherit") {
      skip(skipReasons.autoDraft);
      continue;
    }
    const meta = new Map(list(item["wp:postmeta"]).map((entry) => [field(entry, "wp:meta_key"), field(entry, "wp:meta_value")]));
    const publishedAt = sourceDate(field(item, "wp:post_date_gmt")) ?? sourceDate(field(item, "wp:post_date")) ?? sourceDate(field(item, "pubDate"));
    const protectedPost = field(item, "wp:post_password") !== "";
    if (protectedPost) protectedCount++;
    const itemCategories = list(item.category);
    const termsOf = (domain: string) =>
      itemCategories
        .filter((term) => term["@_domain"] === domain)
        .map((term) => textOf(term["@_nicename"]).trim())
        .filter(Boolean);
    // Categories and tags an item names but the channel does not list (a partial export) are read from the item.
    for (const term of itemCategories) {
      const nicename = textOf(term["@_nicename"]).trim();
      const target = term["@_domain"] === "category" ? categories : term["@_domain"] === "post_tag" ? tags : null;
      if (!target || !nicename || target.has(nicename)) continue;
      const name = plainLine(textOf(term), term["@_domain"] === "category" ? 80 : 40) || nicename;
      target.set(nicename, {
        sourceId: nicename,
        name,
        slug: itemSlug(term["@_domain"] === "category" ? "category" : "tag", nicename, nicename, name),
        description: null,
      });
    }
    const thumbnail = meta.get("_thumbnail_id");
    const featured = thumbnail ? attachments.get(thumbnail) : undefined;
    const creator = field(item, "dc:creator");

    const approved: SourcePost["comments"] = [];
    for (const comment of comments) {
      const author = plainLine(field(comment, "wp:comment_author"), displayNameMaxLength) || "Anonymous";
      const commentType = field(comment, "wp:comment_type");
      if (commentType === "pingback" || commentType === "trackback") {
        skipped.push({ kind: "comment", reason: skipReasons.pingback, title: `by ${author} on ${title}` });
        continue;
      }
      if (field(comment, "wp:comment_approved") !== "1") {
        skipped.push({ kind: "comment", reason: skipReasons.commentNotApproved, title: `by ${author} on ${title}` });
        continue;
      }
      const content = htmlToText(field(comment, "wp:comment_content"));
      if (!content) continue;
      approved.push({
        sourceId: field(comment, "wp:comment_id") || `${field(item, "wp:post_id")}-${approved.length}`,
        authorName: author,
        content: content.length > commentMaxLength ? `${content.slice(0, commentMaxLength - 1)}…` : content,
        createdAt: sourceDate(field(comment, "wp:comment_date_gmt")) ?? sourceDate(field(comment, "wp:comment_date")) ?? publishedAt ?? now,
      });
    }

    const excerpt = htmlToText(field(item, "excerpt:encoded"));
    posts.push({
      sourceId: field(item, "wp:post_id") || field(item, "guid") || `${type}:${title}`,
      type,
      title,
      slug: field(item, "wp:post_name"),
      markdown: wordpressToMarkdown(textOf(item["content:encoded"])),
      excerpt: excerpt ? plainLine(excerpt, 1000) : null,
      status: postStatus(status, publishedAt, now, protectedPost),
      publishedAt,
      createdAt: publishedAt,
      updatedAt: sourceDate(field(item, "wp:post_modified_gmt")) ?? publishedAt,
      featuredImage: featured ? { url: featured.url, alt: featured.alt } : null,
      categoryIds: type === "post" ? termsOf("category") : [],
      tagIds: termsOf("post_tag"),
      authorIds: creator ? [creator] : [],
      comments: approved,
    });
  }
  if (protectedCount > 0)
    notices.push(
      `${protectedCount} password-protected ${protectedCount === 1 ? "item is" : "items are"} imported as drafts: this site has no passwords on articles.`,
    );

  const language = canonicalLanguage(field(channel, "language"));
  return {
    format: "wordpress",
    source: `wordpress:${siteUrl ?? decodeEntities(field(channel, "title"))}`,
    siteTitle: plainLine(field(channel, "title"), 200) || siteUrl || fileName,
    siteUrl,
    language: language ? language.split("-")[0]!.toLowerCase() : null,
    categories: [...categories.values()],
    tags: [...tags.values()],
    authors,
    posts,
    skipped,
    notices,
  };
}
