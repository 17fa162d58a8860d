import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { appSettings, newsletterDeliveries, newsletterSends, newsletterSubscribers, users } from "#database/schema";
import { emailSchema } from "#app/lib/auth-schema";
import { digestPeriod, digestSlots, type DigestSchedule } from "#app/lib/newsletter-schedule";
import { type ClientInfo, newToken, normalizeEmail, sha256 } from "#app/server/auth/auth.server";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { countedPage, firstPage, keysetPage, type KeysetOrder, type PageRequest } from "#app/server/db/keyset.server";
import { composeDigest, digestArticles } from "./newsletter-digest.server";
import { describeWait, hitRateLimits } from "#app/server/auth/rate-limit.server";
import { services } from "#app/server/core/services.server";
import { addressKey } from "#app/server/core/address-key.server";
import { idOfSigned, signId } from "#app/server/core/signed-id.server";
import type { ComposeMail } from "#app/server/core/mail-queue.server";

export const confirmLinkMs = 7 * 24 * 60 * 60 * 1000;

export class NewsletterInputError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

// --- Tokens and links -------------------------------------------------------------------------

const unsubscribePurpose = "newsletter-unsubscribe";

/** A subscriber's unsubscribe token (app/server/core/signed-id.server.ts: nothing is stored). */
export const unsubscribeToken = (secret: string, subscriberId: string) => signId(secret, unsubscribePurpose, subscriberId);

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/newsletter/unsubscribe?token=${token}`;

// --- Readers ----------------------------------------------------------------------------------

/**
 * "Subscribe": the same answer whether or not the email is already subscribed. Limited per client
 * address and per email like the account links; the confirmation mail goes after the reply.
 */
export async function requestSubscription(input: { email: string }, client: ClientInfo): Promise<void> {
  const { db, log } = services();
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) throw new NewsletterInputError(parsed.error.issues[0]!.message);
  const email = normalizeEmail(parsed.data);
  const wait = await hitRateLimits(db, [
    { key: `newsletter:ip:${addressKey(client.ip)}`, limit: 10, windowSeconds: 15 * 60 },
    { key: `newsletter:email:${email}`, limit: 3, windowSeconds: 60 * 60 },
  ]);
  if (wait !== null) throw new NewsletterInputError(`Too many attempts. Please try again in ${describeWait(wait)}.`, 429);
  void mailConfirmation(db, email).catch((error: unknown) => log.error({ err: error }, "newsletter confirmation email failed"));
}

/** A new confirmation link for an address not yet confirmed (new, pending or unsubscribed); a confirmed one gets nothing. */
async function mailConfirmation(db: AppDb, email: string) {
  const { mailer, config } = services();
  const token = newToken();
  const expiresAt = new Date(Date.now() + confirmLinkMs);
  const tokenHash = sha256(token);
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`insert into newsletter_subscribers (email, confirm_token_hash, confirm_expires_at) values (${email}, ${tokenHash}, ${expiresAt.toISOString()})
      on conflict (lower(email)) do update set status = 'pending', confirm_token_hash = excluded.confirm_token_hash, confirm_expires_at = excluded.confirm_expires_at
      where newsletter_subscribers.status <> 'confirmed'
      returning id`,
  );
  if (!row) return; // already confirmed
  await mailer.send(confirmationMail(email, token, config.PUBLIC_URL));
}

/** The mail with a confirmation link: the same whether the reader signed up or an admin imported the address. */
function confirmationMail(email: string, token: string, publicUrl: string) {
  return {
    to: email,
    subject: "Confirm your subscription to The Educator",
    text: `Someone, hopefully you, asked for The Educator's weekly digest at this address.\n\nConfirm by opening this link (it works for 7 days):\n${publicUrl}/newsletter/confirm?token=${token}\n\nIf it was not you, ignore this message: nothing will be sent.`,
  };
}

/** The mail queue's kind for a confirmation link to an address still pending (an imported one). */
export const newsletterConfirmMailKind = "newsletter-confirm";

/**
 * The queue's `compose` for `newsletterConfirmMailKind`: a new link (valid 7 days from now) for an
 * address still pending when the mail goes; nothing for one confirmed, unsubscribed or removed since.
 */
export const composeNewsletterConfirmMail: ComposeMail = async (db, job) => {
  const token = newToken();
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ confirmTokenHash: sha256(token), confirmExpiresAt: new Date(Date.now() + confirmLinkMs) })
    .where(and(sql`lower(${newsletterSubscribers.email}) = ${job.email ?? ""}`, eq(newsletterSubscribers.status, "pending")))
    .returning({ email: newsletterSubscribers.email });
  return row ? confirmationMail(row.email, token, services().config.PUBLIC_URL) : null;
};

/** Opens a confirmation link (single use): true when the subscription is now confirmed. */
export async function confirmSubscription(token: string): Promise<boolean> {
  if (!token) return false;
  const [row] = await services()
    .db.update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: new Date(), unsubscribedAt: null, confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, sha256(token)),
        eq(newsletterSubscribers.status, "pending"),
        sql`${newsletterSubscribers.confirmExpiresAt} > now()`,
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return row !== undefined;
}

/** Who an unsubscribe link is for, or null when it is not valid (the subscriber may be gone). */
export async function subscriberForUnsubscribe(token: string) {
  const { db, sessionSecret } = services();
  const id = idOfSigned(sessionSecret, unsubscribePurpose, token);
  if (!id) return null;
  const [row] = await db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  return row ?? null;
}

/** Queued mails to these subscribers are not sent (they left, or were removed). */
function cancelQueued(db: AppDb, subscriberIds: string[]) {
  return db
    .update(newsletterDeliveries)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(inArray(newsletterDeliveries.subscriberId, subscriberIds), eq(newsletterDeliveries.status, "queued")));
}

/** Unsubscribes the reader an unsubscribe token names (no session needed); false for a token that is not valid. */
export async function unsubscribe(token: string): Promise<boolean> {
  const { db } = services();
  const subscriber = await subscriberForUnsubscribe(token);
  if (!subscriber) return false;
  await db.transaction(async (tx) => {
    await tx
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date(), confirmTokenHash: null, confirmExpiresAt: null })
      .where(and(eq(newsletterSubscribers.id, subscriber.id), sql`${newsletterSubscribers.status} <> 'unsubscribed'`));
    await cancelQueued(tx, [subscriber.id]);
  });
  return true;
}

/** Maintenance: addresses that never opened their confirmation link before it expired. */
export function prunePendingSubscribers(db: AppDb, now = new Date()) {
  return db.delete(newsletterSubscribers).where(and(eq(newsletterSubscribers.status, "pending"), lt(newsletterSubscribers.confirmExpiresAt, now)));
}

// --- Digest issues ----------------------------------------------------------------------------

export type CreatedSend =
  { outcome: "queued"; sendId: string; recipients: number; articles: number } | { outcome: "no-articles" } | { outcome: "already-created" };

/**
 * Creates one digest issue for the period and queues it for every confirmed subscriber, in one
 * transaction. A scheduled issue names its slot: of instances racing for the same slot, one
 * creates it. With no new article nothing is mailed; a scheduled slot is recorded as skipped.
 */
export async function createDigestSend(
  db: AppDb,
  options: { period: { start: Date; end: Date }; scheduledFor?: Date; createdBy?: string; publicUrl: string },
): Promise<CreatedSend> {
  const items = await digestArticles(db, options.period);
  const scheduledFor = options.scheduledFor ?? null;
  if (items.length === 0 && !scheduledFor) return { outcome: "no-articles" };
  const digest = items.length > 0 ? composeDigest(items, options.publicUrl) : { subject: "(skipped)", text: "", html: "" };
  return db.transaction(async (tx) => {
    const [send] = await tx
      .insert(newsletterSends)
      .values({
        scheduledFor,
        periodStart: options.period.start,
        periodEnd: options.period.end,
        subject: digest.subject,
        textBody: digest.text,
        htmlBody: digest.html,
        articleCount: items.length,
        skippedReason: items.length === 0 ? "No articles were published in the week." : null,
        createdBy: options.createdBy ?? null,
      })
      .onConflictDoNothing({ target: newsletterSends.scheduledFor })
      .returning({ id: newsletterSends.id });
    if (!send) return { outcome: "already-created" } as const;
    if (items.length === 0) return { outcome: "no-articles" } as const;
    const queued = await selectRows<{ id: string }>(
      tx as unknown as AppDb,
      sql`insert into newsletter_deliveries (send_id, subscriber_id, email)
        select ${send.id}, id, email from newsletter_subscribers where status = 'confirmed'
        on conflict (send_id, subscriber_id) do nothing
        returning id`,
    );
    const recipients = queued.length;
    return { outcome: "queued", sendId: send.id, recipients, articles: items.length } as const;
  });
}

const scheduleKey = "newsletter_schedule";

export async function readDigestSchedule(db: AppDb): Promise<DigestSchedule | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, scheduleKey));
  if (!row) return null;
  try {
    return JSON.parse(row.value) as DigestSchedule;
  } catch {
    return null;
  }
}

/** Sets the weekly schedule (from now on: no slot before this moment is sent), or turns it off. */
export async function saveDigestSchedule(db: AppDb, schedule: Omit<DigestSchedule, "since"> | null) {
  if (!schedule) {
    await db.delete(appSettings).where(eq(appSettings.key, scheduleKey));
    return;
  }
  const value = JSON.stringify({ ...schedule, since: new Date().toISOString() } satisfies DigestSchedule);
  await db.insert(appSettings).values({ key: scheduleKey, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/**
 * The minute's check: when the schedule's last slot has passed (since it was set) and has no issue
 * yet, creates it (catching up at start on a slot missed while no instance ran). True when mails were queued.
 */
export async function runScheduledDigest(db: AppDb, log: Logger, options: { publicUrl: string; timeZone: string; now?: Date }): Promise<boolean> {
  const schedule = await readDigestSchedule(db);
  if (!schedule) return false;
  const now = options.now ?? new Date();
  const { last } = digestSlots(schedule, now, options.timeZone);
  if (!last || last.getTime() < Date.parse(schedule.since)) return false;
  const [existing] = await db.select({ id: newsletterSends.id }).from(newsletterSends).where(eq(newsletterSends.scheduledFor, last));
  if (existing) return false;
  const created = await createDigestSend(db, { period: digestPeriod(last), scheduledFor: last, publicUrl: options.publicUrl });
  if (created.outcome === "no-articles") log.info({ scheduledFor: last.toISOString() }, "newsletter digest skipped: no articles published this week");
  if (created.outcome === "queued")
    log.info({ sendId: created.sendId, recipients: created.recipients, articles: created.articles }, "newsletter digest queued");
  return created.outcome === "queued";
}

// --- The admin screen -------------------------------------------------------------------------

export async function subscriberCounts(db: AppDb) {
  const rows = await db.select({ status: newsletterSubscribers.status, n: count() }).from(newsletterSubscribers).groupBy(newsletterSubscribers.status);
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

const subscriberOrder: KeysetOrder = {
  name: "newsletter-subscribers",
  columns: [newsletterSubscribers.createdAt, newsletterSubscribers.id],
  direction: "desc",
};

/** What the Newsletter screen and the subscribers CSV show of a subscriber. */
export const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  createdAt: newsletterSubscribers.createdAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
};

/** Subscribers, newest first, a page at a time, with how many there are. */
export function listSubscribers(db: AppDb, page: PageRequest = firstPage) {
  const rows = keysetPage(subscriberOrder, page, (keyset) =>
    db
      .select({
        cursor: keyset.cursor,
        ...subscriberColumns,
      })
      .from(newsletterSubscribers)
      .where(keyset.where)
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  return countedPage(rows, db.select({ total: count() }).from(newsletterSubscribers));
}

/** Removes a subscriber (its queued mails are cancelled first); false when it was gone already. */
export async function removeSubscriber(db: AppDb, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await cancelQueued(tx as unknown as AppDb, [id]);
    const deleted = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning({ id: newsletterSubscribers.id });
    return deleted.length > 0;
  });
}

/** The latest issues with their delivery counts and the last errors of their failed mails. */
export async function listSends(db: AppDb, limit = 20) {
  const sends = await db
    .select({
      id: newsletterSends.id,
      subject: newsletterSends.subject,
      scheduledFor: newsletterSends.scheduledFor,
      articleCount: newsletterSends.articleCount,
      skippedReason: newsletterSends.skippedReason,
      createdAt: newsletterSends.createdAt,
      createdBy: users.email,
      sent: sql<number>`count(*) filter (where ${newsletterDeliveries.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${newsletterDeliveries.status} = 'failed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${newsletterDeliveries.status} in ('queued', 'sending'))`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${newsletterDeliveries.status} = 'cancelled')`.mapWith(Number),
    })
    .from(newsletterSends)
    .leftJoin(users, eq(users.id, newsletterSends.createdBy))
    .leftJoin(newsletterDeliveries, eq(newsletterDeliveries.sendId, newsletterSends.id))
    .groupBy(newsletterSends.id, users.email)
    .orderBy(desc(newsletterSends.createdAt), desc(newsletterSends.id))
    .limit(limit);
  const failedIds = sends.filter((send) => send.failed > 0).map((send) => send.id);
  const failures =
    failedIds.length === 0
      ? []
      : await db
          .select({
            sendId: newsletterDeliveries.sendId,
            email: newsletterDeliveries.email,
            lastError: newsletterDeliveries.lastError,
            attempts: newsletterDeliveries.attempts,
          })
          .from(newsletterDeliveries)
          .where(and(inArray(newsletterDeliveries.sendId, failedIds), eq(newsletterDeliveries.status, "failed")))
          .orderBy(desc(newsletterDeliveries.updatedAt))
          .limit(200);
  return sends.map((send) => ({ ...send, failures: failures.filter((failure) => failure.sendId === send.id).slice(0, 10) }));
}
