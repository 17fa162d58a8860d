import crypto from "node:crypto";
import { and, eq, lte, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { webhookDeliveries } from "#database/schema";
import { selectRows, type AppDb, type Database } from "#app/server/db/types.server";
import { outboundFetch, OutboundFetchError } from "#app/server/core/outbound-fetch.server";
import { startQueueWorker } from "#app/server/core/minute-job.server";
import { pingEvent, webhookChannel } from "./webhook-events.server";

// Sending webhook deliveries (docs/operations.md "Webhooks"). The database queues them in the
// transaction that raised the event (migration 0044); any number of senders, on any number of
// instances (WEBHOOK_WORKER), each claim one due delivery at a time with FOR UPDATE SKIP LOCKED.
// A claim is a lease: a delivery still "sending" when it runs out (its sender crashed) is due
// again, so every delivery is sent at least once; the receiver tells repeats apart by the event id.

export const webhookUserAgent = "TheEducator-Webhooks/1";
/** A receiver answers within this, or the attempt counts as failed. */
const timeoutMs = 10_000;
/** Longer than an attempt can take: past it, a delivery still "sending" was left by a crash. */
const defaultLeaseSeconds = 60;
/** What is read of a receiver's answer (its status is what counts). */
const maxAnswerBytes = 1024 * 1024;
/** Finished deliveries are kept in the log this long. */
const keepDays = 30;

/**
 * The signature a receiver checks: hex HMAC-SHA256, under the webhook's secret, of the timestamp
 * header, a dot and the exact body. Sent as `X-Educator-Signature: sha256=<hex>`.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * The wait before attempt `attempts + 1`: `retrySeconds` doubled for each attempt made (30 s, 1 min,
 * 2 min, 4 min… by default), at most `maxRetrySeconds`, give or take a fifth (so receivers that
 * came back up are not hit by every sender at the same moment).
 */
export function retryDelayMs(attempts: number, retrySeconds: number, maxRetrySeconds: number, random = Math.random): number {
  const base = Math.min(retrySeconds * 2 ** Math.max(0, attempts - 1), maxRetrySeconds) * 1000;
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface WebhookSenderOptions {
  db: AppDb;
  log: Logger;
  /** OUTBOUND_ALLOW_PRIVATE: whether receivers on this machine or private networks are reached. */
  allowPrivate: boolean;
  /** The first retry's wait (then doubled); default 30 s. */
  retrySeconds?: number;
  /** The longest wait between two attempts; default an hour. */
  maxRetrySeconds?: number;
  leaseSeconds?: number;
  /** How often an idle sender looks for due deliveries besides being woken; default 5 s. */
  idleMs?: number;
}

type Claimed = {
  id: string;
  event: string;
  event_id: string;
  payload: string;
  attempts: number;
  expires_at: Date | string;
  url: string;
  secret: string;
};

/** Takes the next due delivery of a working webhook, in the one statement that finds it. */
async function claimNext(db: AppDb, leaseSeconds: number): Promise<Claimed | undefined> {
  const [row] = await selectRows<Claimed>(
    db,
    sql`with claimed as (
        update webhook_deliveries set status = 'sending', attempts = attempts + 1, claimed_at = now(),
          next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        where id = (
          select d.id from webhook_deliveries d
          join webhooks w on w.id = d.webhook_id and w.disabled_at is null
          where d.status in ('queued', 'sending') and d.next_attempt_at <= now() and d.expires_at > now()
          order by d.next_attempt_at, d.id
          limit 1
          for update of d skip locked)
        returning id, webhook_id, event, event_id, payload, attempts, expires_at)
      select c.id, c.event, c.event_id, c.payload, c.attempts, c.expires_at, w.url, w.secret
      from claimed c join webhooks w on w.id = c.webhook_id`,
  );
  return row;
}

/** This sender's claim of the delivery: a later claim of it (after the lease ran out) is another's. */
const ours = (claimed: Claimed) =>
  and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.status, "sending"), eq(webhookDeliveries.attempts, claimed.attempts));

export type WebhookOutcome = "delivered" | "retry" | "failed" | "idle";

/** The text kept of a refused delivery: the status and the start of the receiver's answer. */
function answerSummary(status: number, body: Buffer) {
  const text = body.toString("utf8", 0, Math.min(body.length, 300)).replace(/\s+/g, " ").trim();
  return text ? `HTTP ${status}: ${text.slice(0, 200)}` : `HTTP ${status}`;
}

/** Sends one due delivery, if any: claimed, POSTed, then marked delivered, or due again later, or failed. */
export async function deliverNextWebhook(options: WebhookSenderOptions): Promise<WebhookOutcome> {
  const { db } = options;
  const claimed = await claimNext(db, options.leaseSeconds ?? defaultLeaseSeconds);
  if (!claimed) return "idle";
  const timestamp = String(Math.floor(Date.now() / 1000));
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const answer = await outboundFetch(claimed.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": webhookUserAgent,
        "X-Educator-Event": claimed.event,
        "X-Educator-Delivery": claimed.id,
        "X-Educator-Event-Id": claimed.event_id,
        "Idempotency-Key": claimed.event_id,
        "X-Educator-Timestamp": timestamp,
        "X-Educator-Signature": signWebhook(claimed.secret, timestamp, claimed.payload),
      },
      body: claimed.payload,
      timeoutMs,
      maxBytes: maxAnswerBytes,
      allowPrivate: options.allowPrivate,
      maxRedirects: 0,
    });
    status = answer.status;
    if (status < 200 || status >= 300) error = answerSummary(status, answer.body);
  } catch (thrown) {
    if (!(thrown instanceof OutboundFetchError)) throw thrown;
    error = thrown.message;
  }
  const durationMs = Math.round(performance.now() - started);
  if (error === null) {
    // Marked whatever happened meanwhile: it arrived (even if the lease ran out and another sender took it).
    await db
      .update(webhookDeliveries)
      .set({ status: "delivered", deliveredAt: sql`now()`, lastStatusCode: status, lastError: null, lastDurationMs: durationMs })
      .where(and(eq(webhookDeliveries.id, claimed.id), ne(webhookDeliveries.status, "delivered")));
    return "delivered";
  }
  const nextAt = new Date(Date.now() + retryDelayMs(claimed.attempts, options.retrySeconds ?? 30, options.maxRetrySeconds ?? 3600));
  // A test event is for the admin watching the log: it fails at once, with why, rather than wait to retry.
  const retry = claimed.event !== pingEvent && nextAt < new Date(claimed.expires_at);
  await db
    .update(webhookDeliveries)
    .set({
      status: retry ? "queued" : "failed",
      nextAttemptAt: nextAt,
      lastStatusCode: status,
      lastError: error.slice(0, 500),
      lastDurationMs: durationMs,
    })
    .where(ours(claimed));
  options.log.warn({ deliveryId: claimed.id, event: claimed.event, attempts: claimed.attempts, status, reason: error, retry }, "webhook not delivered");
  return retry ? "retry" : "failed";
}

/**
 * Housekeeping: a delivery whose day of retries has passed (its webhook was off, or its sender
 * crashed at the end) is failed; finished deliveries older than 30 days leave the log.
 */
export async function settleWebhookDeliveries(db: AppDb): Promise<number> {
  const expired = await db
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: sql`coalesce(${webhookDeliveries.lastError}, 'Not delivered within a day.')` })
    .where(and(sql`${webhookDeliveries.status} in ('queued', 'sending')`, lte(webhookDeliveries.expiresAt, sql`now()`)))
    .returning({ id: webhookDeliveries.id });
  await db
    .delete(webhookDeliveries)
    .where(and(sql`${webhookDeliveries.status} in ('delivered', 'failed')`, sql`${webhookDeliveries.createdAt} < now() - make_interval(days => ${keepDays})`));
  return expired.length;
}

export interface WebhookSender {
  /** Look for due deliveries now. */
  wake(): void;
  /** Stops after the delivery in hand is sent and marked. */
  stop(): Promise<void>;
}

/**
 * Sends due deliveries until stopped, woken at once when the database announces new ones (on any
 * instance: LISTEN), and every `idleMs` otherwise (retries come due by the clock).
 */
export async function startWebhookSender(options: WebhookSenderOptions & { database: Pick<Database, "listen">; concurrency?: number }): Promise<WebhookSender> {
  const idleMs = options.idleMs ?? 5000;
  // A few loops side by side: one slow receiver (up to 10 s an attempt) does not hold up the others.
  const workers = Array.from({ length: options.concurrency ?? 4 }, (_, index) =>
    startQueueWorker<WebhookOutcome>({
      step: () => deliverNextWebhook(options),
      async settle() {
        if (index > 0) return;
        const expired = await settleWebhookDeliveries(options.db);
        if (expired > 0) options.log.warn({ deliveries: expired }, "webhook deliveries given up after a day");
      },
      settleEveryMs: Math.max(idleMs, 30_000),
      pauseMs: (outcome) => (outcome === "idle" || outcome === undefined ? idleMs : 0),
      log: options.log,
      failure: "webhook sender failed; trying again shortly",
      rememberWake: true,
    }),
  );
  const wake = () => workers.forEach((worker) => worker.wake());
  const stopListening = await options.database.listen(webhookChannel, wake);
  return {
    wake,
    async stop() {
      stopListening();
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
