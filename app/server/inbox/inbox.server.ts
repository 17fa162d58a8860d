import { and, eq, isNull, sql } from "drizzle-orm";
import { communityQuestions, contactMessages, profiles, users } from "#database/schema";
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

const questionOrder: KeysetOrder = { name: "inbox-questions", columns: [communityQuestions.createdAt, communityQuestions.id], direction: "desc" };

/** Ask Kafundisha questions for the admin Inbox, newest first, with the asker, a page at a time. */
export function listQuestions(db: AppDb, page: PageRequest = firstPage) {
  return keysetPage(questionOrder, page, (keyset) =>
    db
      .select({
        cursor: keyset.cursor,
        id: communityQuestions.id,
        title: communityQuestions.title,
        categories: communityQuestions.categories,
        description: communityQuestions.description,
        askerName: profiles.displayName,
        askerEmail: users.email,
        readAt: communityQuestions.readAt,
        createdAt: communityQuestions.createdAt,
      })
      .from(communityQuestions)
      .leftJoin(users, eq(users.id, communityQuestions.userId))
      .leftJoin(profiles, eq(profiles.id, communityQuestions.userId))
      .where(keyset.where)
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
}

/** How many messages and questions there are, and how many of each are unread, over all pages. */
export async function inboxCounts(db: AppDb) {
  const counted = (table: typeof contactMessages | typeof communityQuestions) =>
    db
      .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where ${table.readAt} is null))::int` })
      .from(table)
      .then(([row]) => row ?? { total: 0, unread: 0 });
  const [messages, questions] = await Promise.all([counted(contactMessages), counted(communityQuestions)]);
  return { messages, questions };
}

export type InboxKind = "message" | "question";

/** Marks one item read (keeping the first read time). False when no such item exists. */
export async function markInboxItemRead(kind: InboxKind, id: string): Promise<boolean> {
  const { db } = services();
  const table = kind === "message" ? contactMessages : communityQuestions;
  await db
    .update(table)
    .set({ readAt: new Date() })
    .where(and(eq(table.id, id), isNull(table.readAt)));
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row !== undefined;
}
