import { and, eq, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { mailQueue } from "#database/schema";
import { selectRows, type AppDb } from "#app/server/db/types.server";
import { failedSendUpdate, type Mail, type Mailer } from "./mail.server";
import { startQueueWorker } from "./minute-job.server";

/** What a queued mail is about: the worker's `compose` turns it into a mail when it sends it. */
export interface MailJob {
  kind: string;
  /** An address asked about (a reset, a sign-up): whether it has an account is found out by the worker. */
  email?: string;
  userId?: string;
  emailChangeId?: string;
  /** The article a review mail is about. */
  articleId?: string;
  /** The Ask Kafundisha question or answer a community mail is about. */
  questionId?: string;
  answerId?: string;
}

export interface QueuedMail extends MailJob {
  id: string;
  attempts: number;
}

/** A mail made from a queued row, and what to note once it has gone (not before: a failed send is tried again). */
export type ComposedMail = Mail & { afterSend?: (db: AppDb) => Promise<void> };

/** The mail for a queued row, made as it is sent (links included), or null when there is nothing to send. */
export type ComposeMail = (db: AppDb, job: QueuedMail) => Promise<ComposedMail | null>;

export interface MailQueueOptions {
  db: AppDb;
  mailer: Mailer;
  log: Logger;
  compose: ComposeMail;
  /** Tries on temporary failures (4xx, no connection) before a mail counts as failed. */
  maxAttempts?: number;
  /** Wait before the first retry; doubled for each next one. */
  retrySeconds?: number;
  /** A row "sending" for longer than this was left by a stopped server: it is queued again. */
  leaseSeconds?: number;
  /** How often an idle worker looks for mails queued by another instance. */
  idleMs?: number;
}

/**
 * Queues a mail; the request that asks for it goes on without waiting for SMTP (the worker on
 * this instance is woken by the caller, any instance's worker may send it).
 */
export async function enqueueMail(db: AppDb, job: MailJob): Promise<void> {
  const { kind, email, userId, emailChangeId, articleId, questionId, answerId } = job;
  await db.insert(mailQueue).values({ kind, email, userId, emailChangeId, articleId, questionId, answerId });
}

type ClaimedRow = {
  id: string;
  kind: string;
  email: string | null;
  user_id: string | null;
  email_change_id: string | null;
  article_id: string | null;
  question_id: string | null;
  answer_id: string | null;
  attempts: number;
};

/** Takes the next due mail (FOR UPDATE SKIP LOCKED: workers of other instances pass over it). */
async function claimNext(db: AppDb): Promise<QueuedMail | undefined> {
  const [row] = await selectRows<ClaimedRow>(
    db,
    sql`update mail_queue set status = 'sending', claimed_at = now(), attempts = attempts + 1
      where id = (select id from mail_queue where status = 'queued' and next_attempt_at <= now()
        order by next_attempt_at, id limit 1 for update skip locked)
      returning id, kind, email, user_id, email_change_id, article_id, question_id, answer_id, attempts`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    email: row.email ?? undefined,
    userId: row.user_id ?? undefined,
    emailChangeId: row.email_change_id ?? undefined,
    articleId: row.article_id ?? undefined,
    questionId: row.question_id ?? undefined,
    answerId: row.answer_id ?? undefined,
    attempts: row.attempts,
  };
}

/**
 * Sends one due mail, if any. Sent (or nothing to send): the row is deleted. A temporary failure
 * waits and tries again; any other failure is kept as failed, with its error, for a week. An
 * account mail may go twice after a crash mid-send (at least once), never zero times.
 */
export async function sendNextMail(options: MailQueueOptions): Promise<"sent" | "retry" | "failed" | "idle"> {
  const { db, log } = options;
  const job = await claimNext(db);
  if (!job) return "idle";
  try {
    const composed = await options.compose(db, job);
    if (composed) {
      const { afterSend, ...mail } = composed;
      await options.mailer.send(mail);
      await afterSend?.(db);
    }
  } catch (error) {
    const { retry, set } = failedSendUpdate(error, job.attempts, { maxAttempts: options.maxAttempts ?? 4, retrySeconds: options.retrySeconds ?? 30 });
    await db.update(mailQueue).set(set).where(eq(mailQueue.id, job.id));
    log.warn({ mailId: job.id, kind: job.kind, attempts: job.attempts, retry, err: error }, "account mail not sent");
    return retry ? "retry" : "failed";
  }
  await db.delete(mailQueue).where(eq(mailQueue.id, job.id));
  return "sent";
}

/** Rows a crash left "sending" go back to the queue; failed rows older than a week are forgotten. */
export async function settleMailQueue(db: AppDb, leaseSeconds = 5 * 60) {
  await db
    .update(mailQueue)
    .set({ status: "queued", nextAttemptAt: new Date() })
    .where(and(eq(mailQueue.status, "sending"), sql`${mailQueue.claimedAt} < now() - make_interval(secs => ${leaseSeconds})`));
  await db.delete(mailQueue).where(and(eq(mailQueue.status, "failed"), lt(mailQueue.createdAt, new Date(Date.now() - 7 * 24 * 60 * 60 * 1000))));
}

export interface MailQueueWorker {
  /** Look for queued mails now (right after queuing one on this instance). */
  wake(): void;
  /** Stops after the mail in hand. */
  stop(): Promise<void>;
}

/**
 * Sends queued account mails as they come, on every instance (each mail is claimed by one): one
 * after another while there are any, then a look every `idleMs` or when woken.
 */
export function startMailQueue(options: MailQueueOptions): MailQueueWorker {
  const idleMs = options.idleMs ?? 10_000;
  return startQueueWorker({
    step: () => sendNextMail(options),
    settle: () => settleMailQueue(options.db, options.leaseSeconds),
    settleEveryMs: 60_000,
    pauseMs: (outcome) => (outcome === "idle" || outcome === undefined ? idleMs : 0),
    log: options.log,
    failure: "mail queue failed; trying again shortly",
    // A mail queued while one was being sent is looked for at once, not after idleMs.
    rememberWake: true,
  });
}
