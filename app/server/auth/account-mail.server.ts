import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { emailChanges, emailVerifications, passwordResets, users } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import type { Mail } from "#app/server/core/mail.server";
import { enqueueMail, type ComposeMail, type QueuedMail } from "#app/server/core/mail-queue.server";
import { services } from "#app/server/core/services.server";
import { newToken, sha256 } from "./tokens.server";

// The account's mails. A request only queues one (see core/mail-queue.server.ts); the account is
// looked up and any link made when the queue sends it, so the request's work and timing are the
// same whether or not an email has an account, and no link is ever stored in clear.

const hourMs = 60 * 60 * 1000;
const resetLinkMs = hourMs;
const verificationLinkMs = 3 * 24 * hourMs;

type AccountMailJob =
  /** A confirmation link for an account still waiting for one, found by id (sign-up) or by email (resend). */
  | { kind: "verify-email"; userId: string }
  | { kind: "verify-email"; email: string }
  /** "Forgot password?": a reset link, when the email has an account. */
  | { kind: "password-reset"; email: string }
  /** Someone signed up with an email that has an account: its owner is told (or sent a confirmation link if still waiting). */
  | { kind: "sign-up-taken"; email: string }
  | { kind: "password-changed"; userId: string }
  /** The link that confirms an email change, to the new address. */
  | { kind: "email-change-confirm"; emailChangeId: string }
  /** The notice with its undo link, to the old address. */
  | { kind: "email-change-notice"; emailChangeId: string };

export function queueAccountMail(db: AppDb, job: AccountMailJob) {
  return enqueueMail(db, job);
}

/** Tells this instance's mail worker that mails were queued: call it once they are committed. */
export function wakeMailQueue() {
  services().wakeMailQueue?.();
}

/** The token of a one-hour, single-use link to choose a new password (stored hashed). */
export async function createPasswordResetToken(db: AppDb, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(passwordResets).values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + resetLinkMs) });
  return token;
}

export const resetPath = (token: string) => `/auth/reset?token=${token}`;

/** A one-hour, single-use link to choose a new password. */
export async function createPasswordResetLink(db: AppDb, userId: string, publicUrl: string): Promise<string> {
  return publicUrl + resetPath(await createPasswordResetToken(db, userId));
}

async function accountOf(db: AppDb, job: QueuedMail) {
  const [account] = await db
    .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(job.userId ? eq(users.id, job.userId) : sql`lower(${users.email}) = ${job.email ?? ""}`);
  return account;
}

async function verificationMail(db: AppDb, account: { id: string; email: string }, publicUrl: string): Promise<Mail> {
  const token = newToken();
  await db.insert(emailVerifications).values({ tokenHash: sha256(token), userId: account.id, expiresAt: new Date(Date.now() + verificationLinkMs) });
  return {
    to: account.email,
    subject: "Confirm your email for The Educator",
    text: `Welcome to The Educator!\n\nConfirm your email address by opening this link:\n${publicUrl}/auth/verify?token=${token}\n\nIf you did not sign up, ignore this message.`,
  };
}

/** Makes the token of one of an email change's two links, storing its hash; undefined when the change is gone or past it. */
async function emailChangeLink(db: AppDb, id: string, link: "confirm" | "undo") {
  const token = newToken();
  const now = new Date();
  const [change] = await db
    .update(emailChanges)
    .set(link === "confirm" ? { tokenHash: sha256(token) } : { undoTokenHash: sha256(token) })
    .where(
      and(
        eq(emailChanges.id, id),
        link === "confirm" ? and(isNull(emailChanges.confirmedAt), gt(emailChanges.expiresAt, now)) : gt(emailChanges.undoExpiresAt, now),
      ),
    )
    .returning({ oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail });
  return change && { ...change, token };
}

type Account = { id: string; email: string; emailVerifiedAt: Date | null };

/** Mails to an account, found by id or by the email asked about: none when there is no such account. */
const accountMails: Record<string, (db: AppDb, account: Account, publicUrl: string) => Promise<Mail | null>> = {
  "verify-email": async (db, account, publicUrl) => (account.emailVerifiedAt ? null : verificationMail(db, account, publicUrl)),
  "password-reset": async (db, account, publicUrl) => ({
    to: account.email,
    subject: "Choose a new password for The Educator",
    text: `Someone asked to reset the password of your account at The Educator.\n\nChoose a new password by opening this link (it works once, for one hour):\n${await createPasswordResetLink(db, account.id, publicUrl)}\n\nIf it was not you, ignore this message: your password stays as it is.`,
  }),
  // An account still waiting for confirmation gets its link again; a confirmed one, a note.
  "sign-up-taken": async (db, account, publicUrl) =>
    account.emailVerifiedAt
      ? {
          to: account.email,
          subject: "You already have an account at The Educator",
          text: `Someone, perhaps you, tried to sign up at The Educator with this email, which already has an account. Nothing was changed.\n\nSign in: ${publicUrl}/auth\nForgot your password? Choose a new one: ${publicUrl}/auth/forgot\n\nIf it was not you, ignore this message.`,
        }
      : verificationMail(db, account, publicUrl),
  "password-changed": async (_db, account, publicUrl) => ({
    to: account.email,
    subject: "Your password at The Educator was changed",
    text: `The password of your account at The Educator was just changed, and other devices were signed out.\n\nIf it was you, there is nothing to do. If it was not, choose a new password now (this signs every device out): ${publicUrl}/auth/forgot`,
  }),
};

type LinkedChange = { oldEmail: string; newEmail: string; token: string };

/** The two mails of an email change, each with its link: none once the change is cancelled or past it. */
const emailChangeMails: Record<string, { link: "confirm" | "undo"; mail: (change: LinkedChange, publicUrl: string) => Mail }> = {
  "email-change-confirm": {
    link: "confirm",
    mail: (change, publicUrl) => ({
      to: change.newEmail,
      subject: "Confirm your new email for The Educator",
      text: `Open this link, signed in to your account at The Educator, to use this address for it (it works for one day):\n${publicUrl}/account/email?token=${change.token}\n\nIf you did not ask for this, ignore this message.`,
    }),
  },
  "email-change-notice": {
    link: "undo",
    mail: (change, publicUrl) => ({
      to: change.oldEmail,
      subject: "The email of your account at The Educator is being changed",
      text: `Someone signed in to your account at The Educator asked to change its email from ${change.oldEmail} to ${change.newEmail}.\n\nIf it was you, there is nothing to do.\n\nIf it was not you, open this link: it stops the change, or undoes it if it was already made, signs every device out, and lets you choose a new password. It works until 7 days after the change.\n${publicUrl}/account/email/undo?token=${change.token}`,
    }),
  },
};

/** The queue's `compose` for account mails. */
export const composeAccountMail: ComposeMail = async (db, job) => {
  const publicUrl = services().config.PUBLIC_URL;
  const toAccount = accountMails[job.kind];
  if (toAccount) {
    const account = await accountOf(db, job);
    return account ? toAccount(db, account, publicUrl) : null;
  }
  const ofChange = emailChangeMails[job.kind];
  if (ofChange) {
    const change = await emailChangeLink(db, job.emailChangeId!, ofChange.link);
    return change ? ofChange.mail(change, publicUrl) : null;
  }
  throw new Error(`Unknown account mail: ${job.kind}`);
};
