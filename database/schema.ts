import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Login identity. Its public face is `profiles` (same id). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    // The Users screen's search (its words anywhere in the address).
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie token: a leaked table cannot be replayed as cookies. */
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** "Chrome on Android", for the account page's list of sessions; never the raw user agent. */
    device: text("device"),
    /** Last request made with it, kept to the minute: a staff session ends after 12 idle hours. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the password was last typed in it: role changes ask again once this is 10 minutes old. */
    passwordConfirmedAt: timestamp("password_confirmed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/**
 * Why sessions were ended for their holder (an administrator changed the account's role), kept
 * under each ended session's token hash: the browser still holding that cookie is told once, on
 * its next visit, and nobody else can ask. Lives as long as the session would have.
 */
export const sessionEndings = pgTable(
  "session_endings",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["role-changed"] }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("session_endings_user_id_idx").on(t.userId), index("session_endings_expires_at_idx").on(t.expiresAt)],
);

export const emailVerifications = pgTable("email_verifications", {
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** "Forgot password?" links: single use, an hour, stored hashed like sessions. */
export const passwordResets = pgTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * An email change. Pending (`confirmed_at` null) until the link sent to the new address is opened
 * by the account signed in, before `expires_at`; the old address gets an undo link that works until
 * `undo_expires_at` (7 days after the change). Both tokens are made, and only their hashes stored,
 * when the mail queue sends the mails: a change cancelled before then sends nothing.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash"),
    undoTokenHash: text("undo_token_hash"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    undoExpiresAt: timestamp("undo_expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("email_changes_token_hash_key").on(t.tokenHash),
    uniqueIndex("email_changes_undo_token_hash_key").on(t.undoTokenHash),
    index("email_changes_user_id_idx").on(t.userId),
  ],
);

/**
 * Account mails waiting to be sent (links, notices), so no request waits for SMTP. A row names
 * what to send, not the mail: the worker looks the account up and makes any link as it sends,
 * so no token is ever stored in clear, and a request answers after the same work whether or
 * not the email has an account. Sent rows are deleted; failed ones are kept a week for the log.
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    /** The address asked about (reset, sign-up): the worker finds its account, if any. */
    email: text("email"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    emailChangeId: uuid("email_change_id").references(() => emailChanges.id, { onDelete: "cascade" }),
    // The article a review mail is about (it goes unsent if the article goes).
    articleId: uuid("article_id").references((): AnyPgColumn => articles.id, { onDelete: "cascade" }),
    // The Ask Kafundisha question or answer a community mail is about.
    questionId: uuid("question_id").references((): AnyPgColumn => communityQuestions.id, { onDelete: "cascade" }),
    answerId: uuid("answer_id").references((): AnyPgColumn => communityAnswers.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "sending", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("mail_queue_status_check", sql`${t.status} in ('queued', 'sending', 'failed')`),
    index("mail_queue_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    // One waiting mail about new answers per question: later answers join it.
    uniqueIndex("mail_queue_question_answered_idx")
      .on(t.questionId)
      .where(sql`${t.kind} = 'question-answered' and ${t.status} = 'queued'`),
  ],
);

/**
 * An admin's invitation to join the staff with a role: a single-use link, valid 7 days, that
 * creates the account (or raises an existing one to the role) once a password is chosen. The link
 * is made as the mail is sent; only its hash is kept.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role", { enum: ["contributor", "author", "editor", "admin"] }).notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("invitations_role_check", sql`${t.role} in ('contributor', 'author', 'editor', 'admin')`),
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    index("invitations_email_idx").on(t.email, t.createdAt.desc().nullsFirst()),
  ],
);

/** Fixed-window counters shared by every instance (sign-in, sign-up, comments...). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name"),
    // The roles of app/lib/access.ts, lowest first (a unit test keeps the two lists equal).
    role: text("role", { enum: ["user", "contributor", "author", "editor", "admin"] })
      .notNull()
      .default("user"),
    bio: text("bio"),
    avatarUrl: text("avatar_url"),
    // A staff member's public author page, /author/{slug}: set when they fill in their author profile.
    authorSlug: text("author_slug"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_role_check", sql`${t.role} in ('user', 'contributor', 'author', 'editor', 'admin')`),
    uniqueIndex("profiles_author_slug_key").on(t.authorSlug),
    check("profiles_author_slug_format", sql`${t.authorSlug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index("profiles_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("profiles_role_idx").on(t.role),
    // The Users screen's search: its words anywhere in a name or a bio.
    index("profiles_display_name_trgm_idx").using("gin", sql`${t.displayName} gin_trgm_ops`),
    index("profiles_bio_trgm_idx").using("gin", sql`${t.bio} gin_trgm_ops`),
  ],
);

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    icon: text("icon"),
    /** Where it comes on the public site (home tiles, filters): 1 first; none after the numbered, by name. */
    position: integer("position"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("categories_slug_key").on(t.slug),
    index("categories_name_idx").on(t.name),
    check("categories_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    // The content rendered once when saved (app/server/articles/article-body.server.ts): readers never
    // render Markdown or read `content`. NULL only until the start-up backfill renders it.
    contentHtml: text("content_html"),
    readTimeMinutes: integer("read_time_minutes"),
    // RESTRICT: a category in use cannot be deleted, so no article is lost or orphaned.
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    // "pending": submitted for review by a contributor, waiting for an editor (app/server/articles/review.server.ts).
    status: text("status", { enum: ["draft", "pending", "published", "scheduled"] })
      .notNull()
      .default("draft"),
    // When a scheduled article goes live (app/server/articles/scheduled-publishing.server.ts); null otherwise.
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    featuredImageUrl: text("featured_image_url"),
    // Required to publish with a featured image (app/lib/admin-schemas.ts); shown as the image's alt.
    featuredImageAlt: text("featured_image_alt"),
    // An author account may go; the article stays.
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    views: integer("views").notNull().default(0),
    // What a teacher filters by (app/lib/curriculum.ts): the level and kind of resource, when the
    // article is a lesson resource; its language (BCP 47) and the translations it belongs with.
    language: text("language").notNull().default("en"),
    translationGroup: uuid("translation_group"),
    level: text("level"),
    resourceType: text("resource_type"),
    // Full-text search over title, excerpt and body, ranked in that order. The `simple`
    // configuration does not stem: Bemba, Nyanja and other languages are not read as English.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(excerpt, '')), 'B') || setweight(to_tsvector('simple', content), 'D')`,
    ),
  },
  (t) => [
    uniqueIndex("articles_slug_key").on(t.slug),
    check("articles_status_check", sql`${t.status} in ('draft', 'pending', 'published', 'scheduled')`),
    check("articles_scheduled_check", sql`(${t.status} = 'scheduled') = (${t.scheduledAt} is not null)`),
    check("articles_views_check", sql`${t.views} >= 0`),
    // The curriculum filters (level, type, language), each a newest-first walk of its own articles.
    index("articles_level_published_idx")
      .on(t.level, t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.level} is not null`),
    index("articles_resource_type_published_idx")
      .on(t.resourceType, t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.resourceType} is not null`),
    index("articles_language_published_idx").on(t.language, t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("articles_translation_group_idx")
      .on(t.translationGroup)
      .where(sql`${t.translationGroup} is not null`),
    // Newest first as lists ask (`desc()` puts NULLs first; an index in the other order serves no ordered scan), the id breaking ties.
    index("articles_published_idx").on(t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("articles_category_published_idx").on(t.categoryId, t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin list's orders, each a keyset (column, then id): 100,000 articles sort in milliseconds (npm run bench:admin-lists).
    index("articles_views_id_idx").on(t.views.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("articles_updated_at_id_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("articles_title_id_idx").on(t.title, t.id),
    // The minute's due articles, found without reading the others.
    index("articles_scheduled_idx")
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled'`),
    index("articles_created_at_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("articles_author_id_idx").on(t.authorId),
    // Case-insensitive "contains" search on title and excerpt (pg_trgm) without a sequential scan.
    index("articles_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("articles_excerpt_trgm_idx").using("gin", sql`${t.excerpt} gin_trgm_ops`),
    index("articles_search_vector_idx").using("gin", t.searchVector),
  ],
);

/** Free labels on articles besides their one category, created as editors type them. */
export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tags_slug_key").on(t.slug), check("tags_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

export const articleTags = pgTable(
  "article_tags",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    // The order the editor gave them.
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index("article_tags_tag_idx").on(t.tagId, t.articleId)],
);

/** The subjects an article can be filed under (editable by admins; seeded with the Zambian curriculum's). */
export const subjects = pgTable(
  "subjects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("subjects_slug_key").on(t.slug), uniqueIndex("subjects_name_key").on(sql`lower(${t.name})`)],
);

/** An article's subjects (RESTRICT: a subject in use cannot be deleted). */
export const articleSubjects = pgTable(
  "article_subjects",
  {
    articleId: uuid("article_id")
      .notNull()
      .references((): AnyPgColumn => articles.id, { onDelete: "cascade" }),
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => subjects.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.subjectId] }), index("article_subjects_subject_idx").on(t.subjectId, t.articleId)],
);

/**
 * A file a teacher downloads from an article (a lesson plan as PDF, a worksheet as DOCX…): its
 * format decided from its bytes, kept in storage under `storageKey`, with a preview image of a PDF's
 * first page when one could be made. `downloads` is counted off the request path.
 */
export const articleResources = pgTable(
  "article_resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    articleId: uuid("article_id")
      .notNull()
      .references((): AnyPgColumn => articles.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    title: text("title").notNull(),
    resourceType: text("resource_type"),
    format: text("format", { enum: ["pdf", "docx", "pptx", "xlsx", "odt", "odp", "ods"] }).notNull(),
    storageKey: text("storage_key").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    pageCount: integer("page_count"),
    previewKey: text("preview_key"),
    /** The preview's size, so data saver can say how large it is before a tap. */
    previewBytes: integer("preview_bytes"),
    downloads: integer("downloads").notNull().default(0),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("article_resources_article_idx").on(t.articleId, t.position),
    check("article_resources_format_check", sql`${t.format} in ('pdf', 'docx', 'pptx', 'xlsx', 'odt', 'odp', 'ods')`),
    check("article_resources_downloads_check", sql`${t.downloads} >= 0`),
  ],
);

/**
 * Who downloaded a resource today, so a download is counted once per reader per day: `reader` is a
 * keyed hash of the day with the account, or with the address and browser (never either itself).
 * Only today's rows matter; older ones are swept (app/server/resources/download-counts.server.ts).
 */
export const resourceDownloadReaders = pgTable(
  "resource_download_readers",
  {
    day: date("day", { mode: "string" }).notNull(),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => articleResources.id, { onDelete: "cascade" }),
    reader: text("reader").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.resourceId, t.reader] }), index("resource_download_readers_resource_idx").on(t.resourceId)],
);

/**
 * Downloads of each resource a day (each counted once per reader per day, as the total on
 * article_resources is): what the Analytics screen sums for a period. Kept from 0051 on.
 */
export const resourceDownloadDays = pgTable(
  "resource_download_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => articleResources.id, { onDelete: "cascade" }),
    downloads: integer("downloads").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.resourceId] }), index("resource_download_days_resource_idx").on(t.resourceId)],
);

/**
 * A byline for a writer without an account (app/server/articles/bylines.server.ts): shown like a
 * staff author's, with a page at /author/{slug} (one address space with profiles.author_slug).
 */
export const guestAuthors = pgTable(
  "guest_authors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    bio: text("bio"),
    photoUrl: text("photo_url"),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("guest_authors_slug_key").on(t.slug),
    check("guest_authors_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("guest_authors_name_check", sql`length(${t.name}) between 1 and 80`),
  ],
);

/**
 * An article's bylines in order: each an account (shown when it has a public author profile) or a
 * guest. None: the article says "The Educator". `articles.author_id` stays whoever created it.
 */
export const articleAuthors = pgTable(
  "article_authors",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    // A deleted account leaves the byline; a guest in use cannot be deleted.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id").references(() => guestAuthors.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.position] }),
    check("article_authors_one_writer", sql`(${t.userId} is null) <> (${t.guestId} is null)`),
    uniqueIndex("article_authors_user_key").on(t.articleId, t.userId),
    uniqueIndex("article_authors_guest_key").on(t.articleId, t.guestId),
    index("article_authors_user_idx").on(t.userId, t.articleId),
    index("article_authors_guest_idx").on(t.guestId, t.articleId),
  ],
);

export const teamMembers = pgTable(
  "team_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    position: text("position").notNull(),
    bio: text("bio"),
    photoUrl: text("photo_url"),
    active: boolean("active").notNull().default(true),
    orderIndex: integer("order_index").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("team_members_order_index_check", sql`${t.orderIndex} >= 0`),
    index("team_members_order_idx").on(t.orderIndex),
    index("team_members_name_idx").on(t.name),
  ],
);

/**
 * What an article was after each save that changed it (the last 50 per article), with who saved
 * it. The category is kept by id without a reference: a revision never holds a category in use.
 */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    editorId: uuid("editor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    categoryId: uuid("category_id").notNull(),
    status: text("status", { enum: ["draft", "pending", "published", "scheduled"] }).notNull(),
    featuredImageUrl: text("featured_image_url"),
    featuredImageAlt: text("featured_image_alt"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
  },
  (t) => [index("article_revisions_article_idx").on(t.articleId, t.createdAt.desc().nullsFirst())],
);

/**
 * The review of an article: editors' notes to its author, and what happened (submitted, changes
 * requested with a note), each with who and when. Kept with the article, shown to its author.
 */
export const articleNotes = pgTable(
  "article_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    // Who wrote it; their name as it was then stays when the account goes.
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name"),
    kind: text("kind", { enum: ["note", "submitted", "changes-requested"] }).notNull(),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [
    check("article_notes_kind_check", sql`${t.kind} in ('note', 'submitted', 'changes-requested')`),
    check("article_notes_body_check", sql`${t.kind} = 'submitted' or (${t.body} is not null and length(${t.body}) between 1 and 5000)`),
    index("article_notes_article_idx").on(t.articleId, t.createdAt),
  ],
);

/**
 * What an editor typed in the article form, saved every few seconds while typing (not a revision):
 * offered back if the tab closes before the real save. One per editor and article ("new" before
 * the article exists).
 */
export const articleAutosaves = pgTable(
  "article_autosaves",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    articleKey: text("article_key").notNull(),
    /** The form's fields as typed, as JSON. */
    fields: text("fields").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleKey] })],
);

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    content: text("content").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    // Deleting a user keeps what they wrote, anonymously ("anon").
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's display name when the comment was posted: a later rename leaves approved comments as they were. */
    authorName: text("author_name"),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("comments_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    // The Comments screen's keyset (newest first), all of them or one status's; its search's words anywhere in a comment.
    index("comments_created_at_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("comments_status_created_at_id_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("comments_content_trgm_idx").using("gin", sql`${t.content} gin_trgm_ops`),
    index("comments_article_id_idx").on(t.articleId, t.status, t.createdAt),
    index("comments_user_id_idx").on(t.userId),
  ],
);

export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    referrer: text("referrer"),
    visitorId: text("visitor_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("page_views_created_at_idx").on(t.createdAt)],
);

export type Role = (typeof profiles.$inferSelect)["role"];

/** Values the server generates once and every instance shares (session secret, owner account). */
/** Who uploaded each stored image, by its URL: contributors and authors see their own in the media library. */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    url: text("url").primaryKey(),
    // The image stays when its uploader's account goes.
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("media_uploads_uploaded_by_idx").on(t.uploadedBy, t.url)],
);

export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Messages sent from the Contact page; staff read them in the admin Inbox. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt.desc().nullsFirst())],
);

/** Questions asked on the Ask Kafundisha page; moderators handle them on the admin Ask Kafundisha screen. */
export const communityQuestions = pgTable(
  "community_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    categories: text("categories").array().notNull(),
    description: text("description").notNull(),
    // The asker's account, when signed in; kept anonymously if the account goes.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    // Public at /ask-kafundisha/{id}-{slug} once published (app/server/community/): at once for a
    // trusted asker, after a staff member approves it otherwise.
    status: text("status", { enum: ["pending", "published", "rejected"] })
      .notNull()
      .default("pending"),
    slug: text("slug").notNull().default("question"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    // Why a moderator turned it down (app/lib/rejection-reasons.ts) and their words: shown and mailed to the asker.
    rejectionReason: text("rejection_reason"),
    rejectionNote: text("rejection_note"),
    // Published answers, kept with each change of one (lists show it without counting).
    answerCount: integer("answer_count").notNull().default(0),
    // The votes of its published answers, kept by a trigger (Popular ranks by answers and votes).
    answerVotes: integer("answer_votes").notNull().default(0),
    // Teachers who want its answer too, kept with each vote (community_question_votes holds who voted).
    votes: integer("votes").notNull().default(0),
    // Full-text search over title and description, ranked in that order; `simple`, as for articles.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')`,
    ),
    // The answer the asker (or staff) accepted: the question then shows as answered.
    acceptedAnswerId: uuid("accepted_answer_id").references((): AnyPgColumn => communityAnswers.id, { onDelete: "set null" }),
    // The address an anonymous asker left to hear back (a signed-in asker hears at their account's);
    // no mail about this question once the asker unsubscribes (app/server/community/community-mail.server.ts).
    notifyEmail: text("notify_email"),
    mailsOff: boolean("mails_off").notNull().default(false),
    // The last mail about new answers: the next waits an hour after it.
    answersMailedAt: timestamp("answers_mailed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("community_questions_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // NULLS FIRST, as `desc()` orders: otherwise no ordered scan serves the newest-first lists.
    index("community_questions_published_idx").on(t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Popular: the last 30 days ranked from the index alone (the rows are wide: no heap visit per question).
    index("community_questions_popular_idx").on(t.status, t.publishedAt.desc().nullsFirst(), t.answerCount, t.answerVotes, t.votes, t.id),
    index("community_questions_search_idx").using("gin", t.searchVector),
    check("community_questions_status_check", sql`${t.status} in ('pending', 'published', 'rejected')`),
    check("community_questions_published_check", sql`(${t.status} = 'published') <= (${t.publishedAt} is not null)`),
  ],
);

/**
 * The Ask Kafundisha page's figures, kept by triggers on questions and answers (migration 0035)
 * so the page never counts a million rows: one row.
 */
export const communityStats = pgTable(
  "community_stats",
  {
    id: boolean("id").primaryKey().default(true),
    questions: integer("questions").notNull().default(0),
    answered: integer("answered").notNull().default(0),
    answers: integer("answers").notNull().default(0),
  },
  (t) => [check("community_stats_one_row", sql`${t.id}`)],
);

/** Published questions and answers per account, kept by the same triggers: the teachers taking part. */
export const communityPosters = pgTable("community_posters", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  posts: integer("posts").notNull(),
});

/** An answer to an Ask Kafundisha question: Markdown like comments, shown once published. */
export const communityAnswers = pgTable(
  "community_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => communityQuestions.id, { onDelete: "cascade" }),
    // Kept as "A former member" when the account goes.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name"),
    // Written by staff: shown as a "Kafundisha answer".
    byStaff: boolean("by_staff").notNull().default(false),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    status: text("status", { enum: ["pending", "published", "rejected"] })
      .notNull()
      .default("pending"),
    // Why a moderator turned it down and their words, as for questions.
    rejectionReason: text("rejection_reason"),
    rejectionNote: text("rejection_note"),
    // Up-votes, kept with each vote (community_votes holds who voted).
    votes: integer("votes").notNull().default(0),
    // When it went public: the asker's mail counts the answers since the last one.
    publishedAt: timestamp("published_at", { withTimezone: true }),
    // Its writer was told it was accepted (once, however often it is accepted again).
    acceptanceMailed: boolean("acceptance_mailed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("community_answers_question_idx").on(t.questionId, t.status, t.createdAt),
    index("community_answers_user_idx").on(t.userId, t.status),
    check("community_answers_status_check", sql`${t.status} in ('pending', 'published', 'rejected')`),
    check("community_answers_body_check", sql`length(${t.body}) between 1 and 10000`),
  ],
);

/** One up-vote of one account for one answer (the primary key keeps it to one). */
export const communityVotes = pgTable(
  "community_votes",
  {
    answerId: uuid("answer_id")
      .notNull()
      .references(() => communityAnswers.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.answerId, t.userId] }), index("community_votes_user_idx").on(t.userId)],
);

/** One up-vote of one account for one question ("I want to know too"); never the asker's own. */
export const communityQuestionVotes = pgTable(
  "community_question_votes",
  {
    questionId: uuid("question_id")
      .notNull()
      .references(() => communityQuestions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] }), index("community_question_votes_user_idx").on(t.userId)],
);

/**
 * A reader's report of an Ask Kafundisha question or answer, with a reason: one per account per
 * post; open until a moderator dismisses it or acts on the post (app/server/community/).
 */
export const communityReports = pgTable(
  "community_reports",
  {
    // For the change events that keep the moderators' count live (the key is kind, post and reporter).
    id: uuid("id").notNull().defaultRandom(),
    kind: text("kind", { enum: ["question", "answer"] }).notNull(),
    postId: uuid("post_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.postId, t.userId] }),
    index("community_reports_open_idx").on(t.resolvedAt, t.kind, t.postId),
    check("community_reports_kind_check", sql`${t.kind} in ('question', 'answer')`),
    check("community_reports_reason_check", sql`length(${t.reason}) between 1 and 500`),
  ],
);

/** Every edit of an Ask Kafundisha question or answer: the text as it was before, who changed it and when. */
export const communityEdits = pgTable(
  "community_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["question", "answer"] }).notNull(),
    postId: uuid("post_id").notNull(),
    editorId: uuid("editor_id").references(() => users.id, { onDelete: "set null" }),
    // A question's title before the edit (null for an answer).
    title: text("title"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("community_edits_post_idx").on(t.kind, t.postId, t.createdAt), check("community_edits_kind_check", sql`${t.kind} in ('question', 'answer')`)],
);

/**
 * An edit of a published question or answer by an author whose posts wait for a moderator: readers
 * keep seeing the approved text until a moderator approves the edit (then it is applied, and the
 * text it replaced kept in community_edits) or rejects it. One per post: a newer edit replaces it.
 */
export const communityHeldEdits = pgTable(
  "community_held_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["question", "answer"] }).notNull(),
    postId: uuid("post_id").notNull(),
    // The question whose page the post is on: the edit goes with it.
    questionId: uuid("question_id")
      .notNull()
      .references(() => communityQuestions.id, { onDelete: "cascade" }),
    editorId: uuid("editor_id").references(() => users.id, { onDelete: "set null" }),
    // A question's new title (null for an answer).
    title: text("title"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("community_held_edits_post_key").on(t.kind, t.postId),
    index("community_held_edits_question_idx").on(t.questionId),
    check("community_held_edits_kind_check", sql`${t.kind} in ('question', 'answer')`),
  ],
);

/** News items read from RSS/Atom feeds by the news scanner, cached between refreshes. */
export const newsItems = pgTable(
  "news_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    source: text("source").notNull(),
    feedUrl: text("feed_url").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("news_items_url_key").on(t.url), index("news_items_published_at_idx").on(t.publishedAt.desc().nullsFirst())],
);

/** When each feed was last read, and how it answered (for polite, conditional refreshes). */
export const newsFeeds = pgTable("news_feeds", {
  url: text("url").primaryKey(),
  etag: text("etag"),
  lastModified: text("last_modified"),
  lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
  lastError: text("last_error"),
});

// Page-view rollups, kept by a trigger on page_views (migration 0007) so the analytics
// screen reads a few hundred rows instead of millions. Days are in SITE_TIMEZONE.
export const pageViewDays = pgTable("page_view_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  views: bigint("views", { mode: "number" }).notNull(),
  /** Distinct visitors that day: rows added to page_view_visitor_days, counted as they arrive. */
  visitors: bigint("visitors", { mode: "number" }).notNull().default(0),
});

export const pageViewVisitorDays = pgTable(
  "page_view_visitor_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitorId: text("visitor_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorId] })],
);

export const pageViewPathDays = pgTable(
  "page_view_path_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: bigint("views", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

export const pageViewReferrerDays = pgTable(
  "page_view_referrer_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** "" stands for "no referrer" (a key column cannot be null). */
    referrer: text("referrer").notNull(),
    views: bigint("views", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.referrer] })],
);

/**
 * Readers of the weekly digest (app/server/newsletter.server.ts). Double opt-in: "pending" until the
 * link mailed to the address is opened. The confirmation token is kept only as its SHA-256; the
 * unsubscribe token is not stored at all (an HMAC of the id under the site's secret).
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    status: text("status", { enum: ["pending", "confirmed", "unsubscribed"] })
      .notNull()
      .default("pending"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("newsletter_subscribers_confirm_token_key").on(t.confirmTokenHash),
    check("newsletter_subscribers_status_check", sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
    index("newsletter_subscribers_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("newsletter_subscribers_pending_idx")
      .on(t.confirmExpiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * One digest issue. Its subject and both bodies are frozen when it is created, so a restart sends
 * the same mail. A scheduled issue names the slot it is for (`scheduled_for`, unique): instances
 * racing at the same minute create one. `skipped_reason` marks a slot passed over (no new articles).
 */
export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    articleCount: integer("article_count").notNull(),
    skippedReason: text("skipped_reason"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_sends_scheduled_for_key").on(t.scheduledFor), index("newsletter_sends_created_at_idx").on(t.createdAt.desc().nullsFirst())],
);

/**
 * The queue: one row per issue and subscriber (unique), so nobody is queued twice. A worker claims
 * a row ("sending", claimed_at) with FOR UPDATE SKIP LOCKED, mails it, marks it "sent". A row left
 * "sending" past its lease by a crash is marked failed, never mailed again (at most once).
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sendId: uuid("send_id")
      .notNull()
      .references(() => newsletterSends.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").references(() => newsletterSubscribers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_send_subscriber_key").on(t.sendId, t.subscriberId),
    check("newsletter_deliveries_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'cancelled')`),
    index("newsletter_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("newsletter_deliveries_sending_idx")
      .on(t.claimedAt)
      .where(sql`${t.status} = 'sending'`),
    index("newsletter_deliveries_send_status_idx").on(t.sendId, t.status),
  ],
);

/**
 * School packs being made (app/server/school-pack/pack-runs.server.ts): one row per run, asked for
 * on the admin screen or by the monthly schedule (its slot unique, so two instances make it once).
 * At most one run is queued or running at a time; a worker claims it with FOR UPDATE SKIP LOCKED
 * and holds a lease it renews while it works. The packs themselves are kept in storage.
 */
export const schoolPackRuns = pgTable(
  "school_pack_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** The grades (levels' values), subjects (slugs) and languages chosen for this pack; null for the whole magazine. */
    selection: jsonb("selection").$type<{ levels: string[]; subjects: string[]; languages: string[] }>(),
    /** What the run is doing now, as the admin screen shows it ("Writing pages: 40 of 120"). */
    step: text("step"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    error: text("error"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("school_pack_runs_scheduled_for_key").on(t.scheduledFor),
    uniqueIndex("school_pack_runs_one_at_a_time")
      .on(sql`(true)`)
      .where(sql`${t.status} in ('queued', 'running')`),
    index("school_pack_runs_created_at_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A key for the read-only Content API (/api/content/v1/, app/server/content-api/): made and revoked
 * by admins. Only its SHA-256 is kept (the key itself is shown once, when made) beside a short
 * prefix to recognise it by. Each request counts on its row, in the same statement that checks it.
 */
export const contentApiKeys = pgTable(
  "content_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    requestCount: bigint("request_count", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex("content_api_keys_key_hash_key").on(t.keyHash),
    index("content_api_keys_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("content_api_keys_name_check", sql`length(${t.name}) between 1 and 80`),
  ],
);

/**
 * An import from another platform's export (app/server/import/): a WordPress WXR file or a Ghost
 * JSON export, uploaded on the admin Import screen or given to `npm run import`. The file waits in
 * storage (`file_key`) between its preview and the run; `step` is what the run is doing now, and
 * `summary` the counts it created and skipped. Everything it creates is written in one transaction.
 */
export const imports = pgTable(
  "imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    format: text("format", { enum: ["wordpress", "ghost"] }).notNull(),
    fileName: text("file_name").notNull(),
    fileKey: text("file_key"),
    status: text("status", { enum: ["previewed", "running", "done", "failed"] })
      .notNull()
      .default("previewed"),
    step: text("step"),
    summary: text("summary"),
    error: text("error"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("imports_status_check", sql`${t.status} in ('previewed', 'running', 'done', 'failed')`),
    check("imports_format_check", sql`${t.format} in ('wordpress', 'ghost')`),
    index("imports_created_at_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * What an import made from each item of its source (a post, a tag, an author, a comment, an image),
 * so importing the same export again creates nothing new. `source` names the site the export came
 * from ("wordpress:https://school.example", "ghost:…"); `source_id` is the item's id there.
 */
export const importedItems = pgTable(
  "imported_items",
  {
    source: text("source").notNull(),
    kind: text("kind", { enum: ["article", "category", "tag", "author", "comment", "image"] }).notNull(),
    sourceId: text("source_id").notNull(),
    /** The row made here (an image's: its stored address, in `local_ref`). */
    localId: uuid("local_id"),
    localRef: text("local_ref"),
    importId: uuid("import_id").references(() => imports.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.kind, t.sourceId] }),
    check("imported_items_kind_check", sql`${t.kind} in ('article', 'category', 'tag', 'author', 'comment', 'image')`),
    index("imported_items_local_idx").on(t.kind, t.localId),
  ],
);

/**
 * A webhook (app/server/webhooks/): an address an admin registered to be told of events as they
 * happen. `secret` signs each delivery (HMAC-SHA256); it is shown to the admin whenever asked, so
 * the receiver can check signatures: not a password, kept as it is.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull(),
    name: text("name").notNull(),
    /** The events it is sent (app/server/webhooks/webhook-events.server.ts), at least one. */
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Set while the admin has turned it off: no deliveries are made for it meanwhile. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [
    index("webhooks_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("webhooks_name_check", sql`length(${t.name}) between 1 and 80`),
    check("webhooks_url_check", sql`length(${t.url}) between 1 and 2000`),
    check("webhooks_events_check", sql`cardinality(${t.events}) > 0`),
  ],
);

/**
 * The outbox and the delivery log: one row per webhook and event, made by the database's triggers
 * in the transaction that caused the event (migration 0044), its JSON body frozen then. `event_id`
 * is the idempotency key every hook gets for one event (unique per hook). A worker claims a due row
 * with FOR UPDATE SKIP LOCKED; `next_attempt_at` is then its lease, past which a row still
 * "sending" (its sender crashed) is due again: delivered at least once. Retried with backoff until
 * `expires_at` (a day after the event, or after a replay), then "failed".
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    eventId: uuid("event_id").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["queued", "sending", "delivered", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastDurationMs: integer("last_duration_ms"),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_key").on(t.webhookId, t.eventId),
    check("webhook_deliveries_status_check", sql`${t.status} in ('queued', 'sending', 'delivered', 'failed')`),
    // The due queue: queued rows, and rows being sent whose lease (next_attempt_at) may run out.
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    // The log, newest first (all hooks, or one).
    index("webhook_deliveries_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt.desc().nullsFirst()),
  ],
);
