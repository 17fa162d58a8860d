import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { newsletterDeliveries, newsletterSends } from "#database/schema";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { failedSendUpdate, type Mailer } from "#app/server/core/mail.server";
import { personalize } from "./newsletter-digest.server";
import { runScheduledDigest, unsubscribeToken, unsubscribeUrl } from "./newsletter.server";
import { startMinuteJob, startQueueWorker } from "#app/server/core/minute-job.server";

export interface DeliveryOptions {
  db: AppDb;
  mailer: Mailer;
  log: Logger;
  /** Signs unsubscribe tokens (the site's session secret). */
  secret: string;
  publicUrl: string;
  /** Mails per second from this worker. */
  ratePerSecond: number;
  /** Tries on temporary failures before a mail counts as failed. */
  maxAttempts: number;
  /** Wait before the first retry; doubled for each next one. */
  retrySeconds: number;
  /** How long a mail being sent is held by its worker; past it, a row still "sending" is one a crash left. */
  leaseSeconds?: number;
  /** How often an idle worker looks for queued mails that another instance created. */
  idleMs?: number;
}

// Longer than a mail can take (mail.server.ts: 30 s to connect, 30 s for the greeting, 60 s of silence).
const defaultLeaseSeconds = 5 * 60;

export const interruptedError =
  "Interrupted while being sent (the sending server stopped). Not sent again, so that nobody gets the digest twice: it may or may not have arrived.";

type Claimed = { id: string; send_id: string; subscriber_id: string; email: string; attempts: number };

/**
 * Takes the next due mail: marks it "sending" with the time it was claimed, in the one statement
 * that finds it (FOR UPDATE SKIP LOCKED: workers on other instances pass over it).
 */
async function claimNext(db: AppDb): Promise<Claimed | undefined> {
  const [row] = await selectRows<Claimed>(
    db,
    sql`update newsletter_deliveries set status = 'sending', claimed_at = now(), attempts = attempts + 1, updated_at = now()
      where id = (
        select d.id from newsletter_deliveries d
        join newsletter_subscribers s on s.id = d.subscriber_id and s.status = 'confirmed'
        where d.status = 'queued' and d.next_attempt_at <= now()
        order by d.next_attempt_at, d.id
        limit 1
        for update of d skip locked)
      returning id, send_id, subscriber_id, email, attempts`,
  );
  return row;
}

/**
 * Housekeeping between mails: a row still "sending" past its lease was left by a crash, between
 * claiming it and marking it; it is counted failed and never mailed again (at most once). Queued
 * mails to readers who left meanwhile are cancelled.
 */
export async function settleAbandoned(db: AppDb, leaseSeconds = defaultLeaseSeconds) {
  const abandoned = await db
    .update(newsletterDeliveries)
    .set({ status: "failed", lastError: interruptedError, updatedAt: new Date() })
    .where(and(eq(newsletterDeliveries.status, "sending"), sql`${newsletterDeliveries.claimedAt} < now() - make_interval(secs => ${leaseSeconds})`))
    .returning({ id: newsletterDeliveries.id });
  await db
    .update(newsletterDeliveries)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(
      and(
        eq(newsletterDeliveries.status, "queued"),
        or(
          isNull(newsletterDeliveries.subscriberId),
          sql`not exists (select 1 from newsletter_subscribers s where s.id = ${newsletterDeliveries.subscriberId} and s.status = 'confirmed')`,
        ),
      ),
    );
  return abandoned.length;
}

export type DeliveryOutcome = "sent" | "retry" | "failed" | "idle";

/** Sends one due mail, if any: claimed, mailed with its own unsubscribe headers, then marked. */
export async function deliverNext(
  options: DeliveryOptions,
  sendCache = new Map<string, { subject: string; textBody: string; htmlBody: string }>(),
): Promise<DeliveryOutcome> {
  const { db, mailer } = options;
  const claimed = await claimNext(db);
  if (!claimed) return "idle";
  let send = sendCache.get(claimed.send_id);
  if (!send) {
    [send] = await db
      .select({ subject: newsletterSends.subject, textBody: newsletterSends.textBody, htmlBody: newsletterSends.htmlBody })
      .from(newsletterSends)
      .where(eq(newsletterSends.id, claimed.send_id));
    if (sendCache.size > 20) sendCache.clear();
    sendCache.set(claimed.send_id, send!);
  }
  const unsubscribe = unsubscribeUrl(options.publicUrl, unsubscribeToken(options.secret, claimed.subscriber_id));
  try {
    await mailer.send({
      to: claimed.email,
      subject: send!.subject,
      text: personalize(send!.textBody, unsubscribe),
      html: personalize(send!.htmlBody, unsubscribe),
      // RFC 2369 and RFC 8058: mail programs show "Unsubscribe" and POST to the address in one click.
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
  } catch (error) {
    const { retry, set } = failedSendUpdate(error, claimed.attempts, options);
    await db
      .update(newsletterDeliveries)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(newsletterDeliveries.id, claimed.id));
    options.log.warn({ deliveryId: claimed.id, attempts: claimed.attempts, retry, err: error }, "newsletter mail not sent");
    return retry ? "retry" : "failed";
  }
  // Marked whatever happened meanwhile: it was sent (even if a lease ran out and another instance counted it failed).
  await db
    .update(newsletterDeliveries)
    .set({ status: "sent", sentAt: new Date(), lastError: null, updatedAt: new Date() })
    .where(eq(newsletterDeliveries.id, claimed.id));
  return "sent";
}

export interface DeliveryWorker {
  /** Look for queued mails now (after an issue was created on this instance). */
  wake(): void;
  /** Stops after the mail in hand is sent and marked. */
  stop(): Promise<void>;
}

/**
 * Drains the queue at `ratePerSecond`, until stopped. Any number of workers, on any number of
 * instances, may run: each mail is claimed by one.
 */
export function startDeliveryWorker(options: DeliveryOptions): DeliveryWorker {
  const spacingMs = 1000 / options.ratePerSecond;
  const idleMs = options.idleMs ?? 5000;
  const sendCache = new Map<string, { subject: string; textBody: string; htmlBody: string }>();
  return startQueueWorker<DeliveryOutcome>({
    step: () => deliverNext(options, sendCache),
    async settle() {
      const abandoned = await settleAbandoned(options.db, options.leaseSeconds);
      if (abandoned > 0) options.log.warn({ mails: abandoned }, "newsletter mails left by a stopped server counted as failed (never sent twice)");
    },
    settleEveryMs: Math.min(idleMs, 30_000),
    pauseMs: (outcome) => (outcome === "idle" || outcome === undefined ? idleMs : spacingMs),
    log: options.log,
    failure: "newsletter worker failed; trying again shortly",
  });
}

/**
 * The newsletter's background work on one instance: the minute check of the weekly schedule, and
 * (unless `worker` is false) a worker sending the queue. The returned `stop` waits for both.
 */
export function startNewsletter(options: DeliveryOptions & { worker: boolean; timeZone: string }): DeliveryWorker {
  const worker = options.worker ? startDeliveryWorker(options) : null;
  const stopSchedule = startMinuteJob(
    async () => {
      if (await runScheduledDigest(options.db, options.log, { publicUrl: options.publicUrl, timeZone: options.timeZone })) worker?.wake();
    },
    options.log,
    "newsletter schedule check failed; trying again next minute",
  );
  return {
    wake: () => worker?.wake(),
    async stop() {
      await stopSchedule();
      await worker?.stop();
    },
  };
}
