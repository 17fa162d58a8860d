import { and, eq, isNull, sql } from "drizzle-orm";
import { communityQuestions, contactMessages } from "#database/schema";
import { questionSlug } from "#app/lib/community";
import type { CommunityQuestionInput, ContactMessageInput } from "#app/lib/inbox-schema";
import { normalizeEmail, type ClientInfo } from "#app/server/auth/auth.server";
import type { AppDb } from "#app/server/db/types.server";
import { firstPage, keysetPage, type KeysetOrder, type PageRequest } from "#app/server/db/keyset.server";
import { describeWait, hitRateLimits } from "#app/server/auth/rate-limit.server";
import { services } from "#app/server/core/services.server";
import { addressKey } from "#app/server/core/address-key.server";

/** Submissions allowed per client address and form within one hour. */
export const submissionsPerHour = 5;
/** Questions a signed-in teacher who is not yet trusted may ask within one hour. */
export const newAccountQuestionsPerHour = 3;

export class TooManySubmissions extends Error {}

async function limitSubmissions(form: "contact" | "question", client: ClientInfo, newAccountId?: string) {
  const wait = await hitRateLimits(services().db, [
    { key: `${form}:ip:${addressKey(client.ip)}`, limit: submissionsPerHour, windowSeconds: 60 * 60 },
    ...(newAccountId ? [{ key: `${form}:new-account:${newAccountId}`, limit: newAccountQuestionsPerHour, windowSeconds: 60 * 60 }] : []),
  ]);
  if (wait !== null) {
    const what = form === "contact" ? "messages" : "questions";
    throw new TooManySubmissions(`You have sent several ${what} in a short time. Please try again in ${describeWait(wait)}.`);
  }
}

/** Stores a Contact page message. Throws TooManySubmissions when the sender is over the limit. */
export async function storeContactMessage(message: ContactMessageInput, client: ClientInfo): Promise<void> {
  await limitSubmissions("contact", client);
  await services().db.insert(contactMessages).values(message);
}

/**
 * Stores an Ask Kafundisha question, linked to the asker when signed in: published at once for a
 * trusted asker (app/server/community/), waiting for a moderator otherwise. A visitor who is not
 * signed in may leave an email to hear back; a signed-in asker hears at their account's address.
 */
export async function storeCommunityQuestion(
  { email, ...question }: CommunityQuestionInput,
  asker: { id: string; trusted: boolean } | null,
  client: ClientInfo,
): Promise<{ id: string; slug: string; status: "pending" | "published" }> {
  await limitSubmissions("question", client, asker && !asker.trusted ? asker.id : undefined);
  const publish = asker?.trusted ?? false;
  const [row] = await services()
    .db.insert(communityQuestions)
    .values({
      ...question,
      userId: asker?.id ?? null,
      notifyEmail: asker || !email ? null : normalizeEmail(email),
      slug: questionSlug(question.title),
      ...(publish ? { status: "published", publishedAt: new Date() } : {}),
    })
    .returning({ id: communityQuestions.id, slug: communityQuestions.slug, status: communityQuestions.status });
  return row as { id: string; slug: string; status: "pending" | "published" };
}

const messageOrder: KeysetOrder = { name: "inbox-messages", columns: [contactMessages.createdAt, contactMessages.id], direction: "desc" };

/** Contact messages for the admin Inbox, newest first, a page at a time. */
export function listMessages(db: AppDb, page: PageRequest = firstPage) {
  return keysetPage(messageOrder, page, (keyset) =>
    db
      .select({
        cursor: keyset.cursor,
        id: contactMessages.id,
        firstName: contactMessages.firstName,
        lastName: contactMessages.lastName,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        readAt: contactMessages.readAt,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(keyset.where)
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
}

/**
 * How many Contact messages there are, and how many are unread, over all pages. The Inbox holds
 * these only: Ask Kafundisha questions are handled on its own moderation screen.
 */
export async function inboxCounts(db: AppDb) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where ${contactMessages.readAt} is null))::int` })
    .from(contactMessages);
  return row ?? { total: 0, unread: 0 };
}

/** Marks a message read (keeping the first read time). False when no such message exists. */
export async function markMessageRead(db: AppDb, id: string): Promise<boolean> {
  await db
    .update(contactMessages)
    .set({ readAt: new Date() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
  const [row] = await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
  return row !== undefined;
}
