/**
 * What an export file holds, read into one shape whatever platform wrote it: the WordPress and
 * Ghost readers make this, the import plans and writes from it. Ids are the source site's.
 */

export type ImportFormat = "wordpress" | "ghost";

/** Why an item of the file is not imported (shown on the preview, counted in the summary). */
export const skipReasons = {
  alreadyImported: "already imported",
  sameSlug: "already on this site (same slug): used as it is",
  attachment: "attachment (its image is imported with the article that shows it)",
  revision: "revision",
  navMenuItem: "nav menu item",
  siteSetting: "theme or site setting",
  otherPostType: "content type with no equivalent here",
  trash: "in the trash",
  autoDraft: "auto-draft",
  commentNotApproved: "comment not approved",
  pingback: "pingback or trackback",
  commentOfSkippedPost: "comment on an item that is not imported",
  internalTag: "internal tag (#tag)",
  emailOnly: "email-only newsletter",
} as const;
export type SkipReason = (typeof skipReasons)[keyof typeof skipReasons];

export interface SourceImage {
  url: string;
  alt: string | null;
}

export interface SourceTerm {
  sourceId: string;
  name: string;
  slug: string;
  description: string | null;
}

export interface SourceAuthor {
  sourceId: string;
  name: string;
  slug: string;
  bio: string | null;
  photoUrl: string | null;
}

export interface SourceComment {
  sourceId: string;
  authorName: string;
  /** Plain text. */
  content: string;
  createdAt: Date;
}

export interface SourcePost {
  sourceId: string;
  type: "post" | "page";
  title: string;
  /** The slug it had there (decoded; may still need making valid here). */
  slug: string;
  /** The content as HTML, ready for the Markdown converter (WordPress's autop and shortcodes already applied). */
  markdown: string;
  excerpt: string | null;
  status: "published" | "draft" | "scheduled";
  publishedAt: Date | null;
  createdAt: Date | null;
  updatedAt: Date | null;
  featuredImage: SourceImage | null;
  /** Source ids in the file's order: the first is the article's category, the rest become tags. */
  categoryIds: string[];
  tagIds: string[];
  authorIds: string[];
  comments: SourceComment[];
}

export interface SkippedItem {
  kind: "article" | "category" | "tag" | "author" | "comment";
  reason: SkipReason;
  title: string;
}

export interface ImportSource {
  format: ImportFormat;
  /** Names the site ("wordpress:https://school.example"): with an item's id, what makes it the same item on a second import. */
  source: string;
  siteTitle: string;
  siteUrl: string | null;
  /** BCP 47 tag of the site's language, when the file says. */
  language: string | null;
  categories: SourceTerm[];
  tags: SourceTerm[];
  authors: SourceAuthor[];
  posts: SourcePost[];
  skipped: SkippedItem[];
  /** Things the admin should know before importing (e.g. Ghost images with no site address to resolve them). */
  notices: string[];
}
