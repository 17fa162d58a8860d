// Small rows for tests that need one article, one account or one message: quicker to read than the
// demo magazine, and a test says exactly what it relies on. Each factory fills what the test does
// not care about with unique, valid values, and any column can be given instead.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import {
  articleAuthors,
  articles,
  categories,
  comments,
  communityQuestions,
  contactMessages,
  emailChanges,
  newsletterSubscribers,
  profiles,
  teamMembers,
  users,
} from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import { articleBody } from "#app/server/articles/article-body.server";
import { wholeMagazine } from "#app/lib/school-pack-selection";
import { createAccount } from "#app/server/auth/auth.server";
import { sha256 } from "#app/server/auth/tokens.server";
import { slugify } from "#app/lib/slug";
import type { Role } from "#app/lib/access";

const unique = () => crypto.randomBytes(4).toString("hex");
const hour = 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms);

// --- Articles ----------------------------------------------------------------------------------

export async function aCategory(db: AppDb, fields: Partial<typeof categories.$inferInsert> = {}) {
  const name = fields.name ?? `Category ${unique()}`;
  const [category] = await db
    .insert(categories)
    .values({ name, slug: slugify(name), ...fields })
    .returning();
  return category!;
}

/**
 * A published article (in a new category unless one is given), its body rendered as a save would.
 * A draft has no publication date; a scheduled one is due tomorrow unless `scheduledAt` is given.
 */
export async function anArticle(db: AppDb, fields: Partial<typeof articles.$inferInsert> = {}) {
  const title = fields.title ?? `Article ${unique()}`;
  const content = fields.content ?? "Plain words for a test.";
  const status = fields.status ?? "published";
  const [article] = await db
    .insert(articles)
    .values({
      title,
      content,
      ...articleBody(content),
      categoryId: fields.categoryId ?? (await aCategory(db)).id,
      slug: `${slugify(title) || "article"}-${unique()}`,
      status,
      publishedAt: status === "published" ? new Date() : null,
      scheduledAt: status === "scheduled" ? fromNow(24 * hour) : null,
      ...fields,
    })
    .returning();
  // Its creator is its byline, as for an article saved from the admin form.
  if (article!.authorId) await db.insert(articleAuthors).values({ articleId: article!.id, position: 0, userId: article!.authorId });
  return article!;
}

/**
 * A reader's comment, pending unless a status is given, on a new article unless one is given.
 * Like a posted comment it keeps its author's display name as it is now.
 */
export async function aComment(db: AppDb, fields: Partial<typeof comments.$inferInsert> = {}) {
  const authorName =
    "authorName" in fields || !fields.userId
      ? fields.authorName
      : (await db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, fields.userId)))[0]?.name;
  const [comment] = await db
    .insert(comments)
    .values({
      content: `A comment ${unique()}`,
      articleId: fields.articleId ?? (await anArticle(db)).id,
      status: "pending",
      ...fields,
      authorName,
    })
    .returning();
  return comment!;
}

// --- Accounts ----------------------------------------------------------------------------------

/** A confirmed account; `password` to sign in with. */
export async function anAccount(db: AppDb, fields: { role?: Role; displayName?: string; email?: string } = {}) {
  const email = fields.email ?? `someone-${unique()}@example.com`;
  const password = `password-${unique()}`;
  const id = await createAccount(db, { email, password, role: fields.role ?? "user", verified: true, displayName: fields.displayName });
  return { id, email, password };
}

/** A pending change of `userId`'s email, from the address the account has now; its links live as the app's do. */
export async function anEmailChange(db: AppDb, fields: Partial<typeof emailChanges.$inferInsert> & { userId: string }) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, fields.userId));
  const [change] = await db
    .insert(emailChanges)
    .values({
      oldEmail: user!.email,
      newEmail: `moved-${unique()}@example.com`,
      expiresAt: fromNow(24 * hour),
      undoExpiresAt: fromNow(7 * 24 * hour),
      ...fields,
    })
    .returning();
  return change!;
}

// --- Inbox and the About page ----------------------------------------------------------------

/** A message sent from the Contact page, unread. */
export async function aContactMessage(db: AppDb, fields: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [message] = await db
    .insert(contactMessages)
    .values({
      firstName: "Test",
      lastName: `Sender ${unique()}`,
      email: `sender-${unique()}@example.com`,
      subject: `Subject ${unique()}`,
      message: "Hello.",
      ...fields,
    })
    .returning();
  return message!;
}

/** A question asked on the Ask Kafundisha page, anonymously and unread. */
export async function aCommunityQuestion(db: AppDb, fields: Partial<typeof communityQuestions.$inferInsert> = {}) {
  const [question] = await db
    .insert(communityQuestions)
    .values({ title: `Question ${unique()}`, categories: ["classroom"], description: "Where do I start?", ...fields })
    .returning();
  return question!;
}

/** An active member of the team shown on the About page. */
export async function aTeamMember(db: AppDb, fields: Partial<typeof teamMembers.$inferInsert> = {}) {
  const [member] = await db
    .insert(teamMembers)
    .values({ name: `Member ${unique()}`, position: "Writer", ...fields })
    .returning();
  return member!;
}

// --- Newsletter ----------------------------------------------------------------------------------

/**
 * A subscriber of the weekly digest, confirmed unless a status is given. A pending one waits
 * with a confirmation link (stored hashed) valid for 7 days, as a subscribe leaves it.
 */
export async function aSubscriber(db: AppDb, fields: Partial<typeof newsletterSubscribers.$inferInsert> = {}) {
  const status = fields.status ?? "confirmed";
  const [subscriber] = await db
    .insert(newsletterSubscribers)
    .values({
      email: `reader-${unique()}@example.com`,
      status,
      confirmedAt: status === "confirmed" ? new Date() : null,
      ...(status === "pending" ? { confirmTokenHash: sha256(unique()), confirmExpiresAt: fromNow(7 * 24 * hour) } : {}),
      ...(status === "unsubscribed" ? { unsubscribedAt: new Date() } : {}),
      ...fields,
    })
    .returning();
  return subscriber!;
}

// --- School packs ------------------------------------------------------------------------------

/** What a stand-in pack file (a few bytes, not a real pack) says it holds, for tests of storing and serving packs. */
export const standInPackContents = {
  sha256: "0".repeat(64),
  questionCount: 0,
  resourceCount: 0,
  languages: ["en"],
  selection: wholeMagazine,
  contents: "The whole magazine",
};
