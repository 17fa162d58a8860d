import { and, desc, eq, gt, gte, isNull, lt, sql } from "drizzle-orm";
import { emailChanges, emailVerifications, passwordResets, profiles, sessionEndings, sessions, users } from "#database/schema";
import { emailSchema } from "#app/lib/auth-schema";
import { ownerCannotLeaveText, resetLinkInvalidText } from "#app/lib/account-texts";
import {
  AuthError,
  type ClientInfo,
  confirmPassword,
  createSession,
  hashPassword,
  normalizeEmail,
  parseNewPassword,
  secureAccount,
  type SessionUser,
  sha256,
} from "./auth.server";
import { createPasswordResetLink, createPasswordResetToken, queueAccountMail, wakeMailQueue } from "./account-mail.server";
import type { AppDb } from "#app/server/db/types.server";
import { sqlState } from "#app/server/db/types.server";
import { ownerUserId } from "./owner.server";
import { describeWait, hitRateLimits } from "./rate-limit.server";
import { services } from "#app/server/core/services.server";
import { validateDisplayName } from "#app/lib/comment-schema";
import { addressKey } from "#app/server/core/address-key.server";

const emailChangeLinkMs = 24 * 60 * 60 * 1000;
/** The old address's undo link works this long after the change (or after the request, while it waits). */
const emailChangeUndoMs = 7 * 24 * 60 * 60 * 1000;

// The admin CLI hands such links to operators.
export { createPasswordResetLink };

function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw new AuthError(result.error.issues[0]!.message);
  return result.data;
}

async function limit(db: AppDb, limits: { key: string; limit: number; windowSeconds: number }[]) {
  const wait = await hitRateLimits(db, limits);
  if (wait !== null) throw new AuthError(`Too many attempts. Please try again in ${describeWait(wait)}.`, 429);
}

/** Links by email are limited per address and per email, whether or not the email has an account. */
function limitLinkRequests(db: AppDb, kind: string, email: string, client: ClientInfo) {
  return limit(db, [
    { key: `${kind}:ip:${addressKey(client.ip)}`, limit: 10, windowSeconds: 15 * 60 },
    { key: `${kind}:email:${email}`, limit: 3, windowSeconds: 60 * 60 },
  ]);
}

/**
 * Links by email ("Forgot password?", a new confirmation link) are queued for the email whether or
 * not it has an account: the request's work is the same either way (the limits, one insert), and
 * the mail queue looks the account up, so neither the reply nor its timing tells who has one.
 */
async function queueLinkByEmail(kind: "password-reset" | "verify-email", input: { email: string }, client: ClientInfo) {
  const { db } = services();
  const email = normalizeEmail(parsed(emailSchema.safeParse(input.email)));
  await limitLinkRequests(db, kind === "password-reset" ? "password-reset" : "resend-confirmation", email, client);
  await queueAccountMail(db, kind === "password-reset" ? { kind, email } : { kind, email });
  wakeMailQueue();
}

/** "Forgot password?": a reset link, when the email has an account. */
export function requestPasswordReset(input: { email: string }, client: ClientInfo): Promise<void> {
  return queueLinkByEmail("password-reset", input, client);
}

export async function isUsableResetToken(token: string): Promise<boolean> {
  const [row] = await services()
    .db.select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sha256(token)), gt(passwordResets.expiresAt, new Date())));
  return row !== undefined;
}

/**
 * Sets the new password from a reset link (used up), and secures the account: every device signed
 * out, every other reset link and pending email change void, a notice mailed; then signs in on
 * this device. The email is confirmed too: the link reached its inbox. Returns the new session.
 */
export async function resetPassword(input: { token: string; password: string }, client: ClientInfo): Promise<string> {
  const { db } = services();
  const password = await parseNewPassword(input.password);
  // A dead link costs no hash; the transaction takes the link for good.
  if (!(await isUsableResetToken(input.token))) throw new AuthError(resetLinkInvalidText, 400);
  const passwordHash = await hashPassword(password);
  const session = await db.transaction(async (tx) => {
    const [link] = await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.tokenHash, sha256(input.token)), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId });
    if (!link) return null;
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, link.userId));
    await secureAccount(tx, link.userId);
    await queueAccountMail(tx, { kind: "password-changed", userId: link.userId });
    return createSession(tx, link.userId, client);
  });
  if (!session) throw new AuthError(resetLinkInvalidText, 400);
  wakeMailQueue();
  return session;
}

/** A new confirmation link for an account that still waits for one; the same reply either way. */
export function resendConfirmation(input: { email: string }, client: ClientInfo): Promise<void> {
  return queueLinkByEmail("verify-email", input, client);
}

export async function updateDisplayName(user: SessionUser, input: { displayName: string }) {
  const checked = validateDisplayName(input.displayName);
  if (!checked.ok) throw new AuthError(checked.error);
  const displayName = checked.name;
  await services().db.update(profiles).set({ displayName, updatedAt: new Date() }).where(eq(profiles.id, user.id));
}

/**
 * Needs the current password. Every other session of the account ends (this one stays), every
 * reset link and pending email change dies, and a notice goes to the account's address.
 */
export async function changePassword(user: SessionUser, sessionToken: string, input: { currentPassword: string; newPassword: string }) {
  const { db } = services();
  const newPassword = await parseNewPassword(input.newPassword);
  await confirmPassword(db, user, sessionToken, input.currentPassword);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await secureAccount(tx, user.id, sha256(sessionToken));
    await queueAccountMail(tx, { kind: "password-changed", userId: user.id });
  });
  wakeMailQueue();
}

/**
 * Needs the current password. The new address gets a link, which changes the email when opened by
 * this account signed in; the old address gets a notice with an undo link (7 days). A new request
 * replaces a pending one.
 */
export async function requestEmailChange(user: SessionUser, sessionToken: string, input: { newEmail: string; password: string }) {
  const { db } = services();
  const newEmail = normalizeEmail(parsed(emailSchema.safeParse(input.newEmail)));
  if (newEmail === normalizeEmail(user.email)) throw new AuthError("That is already your email.");
  await confirmPassword(db, user, sessionToken, input.password);
  await limit(db, [{ key: `email-change:${user.id}`, limit: 5, windowSeconds: 60 * 60 }]);
  const now = Date.now();
  await db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.confirmedAt)));
    const [change] = await tx
      .insert(emailChanges)
      .values({
        userId: user.id,
        oldEmail: user.email,
        newEmail,
        expiresAt: new Date(now + emailChangeLinkMs),
        undoExpiresAt: new Date(now + emailChangeUndoMs),
      })
      .returning({ id: emailChanges.id });
    await queueAccountMail(tx, { kind: "email-change-confirm", emailChangeId: change!.id });
    await queueAccountMail(tx, { kind: "email-change-notice", emailChangeId: change!.id });
  });
  wakeMailQueue();
}

/** The new address of a change waiting for its link to be opened, if any. */
export async function pendingEmailChange(userId: string): Promise<string | null> {
  const [row] = await services()
    .db.select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), gt(emailChanges.expiresAt, new Date())));
  return row?.newEmail ?? null;
}

/** Cancels a pending email change: its link (and any mail not yet sent) is void. */
export async function cancelEmailChange(user: SessionUser) {
  await services()
    .db.delete(emailChanges)
    .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.confirmedAt)));
}

export type EmailChangeOutcome = "changed" | "invalid" | "taken" | "other-account";

/**
 * Opens the link sent to a new address, signed in as the account that asked: "changed", or why
 * not. Reset and confirmation links made for the old address die with it; the old address's undo
 * link works for 7 days from now.
 */
export async function confirmEmailChange(user: SessionUser, token: string): Promise<EmailChangeOutcome> {
  const { db } = services();
  const tokenHash = sha256(token);
  try {
    return await db.transaction(async (tx) => {
      const [change] = await tx
        .select({ id: emailChanges.id, userId: emailChanges.userId, newEmail: emailChanges.newEmail })
        .from(emailChanges)
        .where(and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.confirmedAt), gt(emailChanges.expiresAt, new Date())));
      if (!change) return "invalid";
      if (change.userId !== user.id) return "other-account";
      await tx.update(users).set({ email: change.newEmail, emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
      await tx
        .update(emailChanges)
        .set({ confirmedAt: new Date(), tokenHash: null, undoExpiresAt: new Date(Date.now() + emailChangeUndoMs) })
        .where(eq(emailChanges.id, change.id));
      await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
      await tx.delete(emailVerifications).where(eq(emailVerifications.userId, user.id));
      return "changed";
    });
  } catch (error) {
    if (sqlState(error) !== "23505") throw error;
    // Someone signed up with the new address meanwhile: the change is over.
    await db.delete(emailChanges).where(eq(emailChanges.tokenHash, tokenHash));
    return "taken";
  }
}

/** What an undo link would undo, for its page; null when it is not (or no longer) valid. */
export async function emailChangeToUndo(token: string) {
  const [change] = await services()
    .db.select({ oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail, confirmedAt: emailChanges.confirmedAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.undoTokenHash, sha256(token)), gt(emailChanges.undoExpiresAt, new Date())));
  return change ?? null;
}

export type UndoOutcome = { status: "undone"; email: string; resetToken: string } | { status: "invalid" | "taken" };

/**
 * The undo link mailed to the old address: whoever asked for the change knew the password, so the
 * person at the old address gets the account back. The address from before the change is restored
 * (or a pending change stopped); that change and any made after it end, with their undo links
 * (earlier ones keep theirs: the first address has the last word); every device is signed out,
 * every reset link and pending change is void, and a new reset link is made to choose a password.
 * An account someone made meanwhile with the freed address, never confirmed, is removed.
 */
export async function undoEmailChange(token: string): Promise<UndoOutcome> {
  return services().db.transaction(async (tx): Promise<UndoOutcome> => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.undoTokenHash, sha256(token)), gt(emailChanges.undoExpiresAt, new Date())));
    if (!change) return { status: "invalid" };
    if (change.confirmedAt) {
      const [holder] = await tx
        .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${change.oldEmail})`);
      if (holder && holder.id !== change.userId) {
        if (holder.emailVerifiedAt) return { status: "taken" };
        await tx.delete(users).where(eq(users.id, holder.id));
      }
      await tx.update(users).set({ email: change.oldEmail, emailVerifiedAt: new Date() }).where(eq(users.id, change.userId));
    }
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, change.userId), gte(emailChanges.createdAt, change.createdAt)));
    await secureAccount(tx, change.userId);
    return { status: "undone", email: change.oldEmail, resetToken: await createPasswordResetToken(tx, change.userId) };
  });
}

/** The account's sessions, newest first; `current` marks this device's. */
export async function listSessions(userId: string, sessionToken: string) {
  const rows = await services()
    .db.select({ tokenHash: sessions.tokenHash, device: sessions.device, createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
  const current = sha256(sessionToken);
  return rows.map(({ tokenHash, ...session }) => ({ ...session, device: session.device ?? "Unknown device", current: tokenHash === current }));
}

/** "Sign out everywhere else": other sessions end, and every reset link and pending email change dies with them. */
export async function signOutOtherSessions(user: SessionUser, sessionToken: string) {
  await services().db.transaction((tx) => secureAccount(tx, user.id, sha256(sessionToken)));
}

/**
 * Deletes the account: its sessions and links go with it; its comments stay, shown as an
 * anonymous reader's; articles it wrote stay without an author.
 */
export async function deleteAccount(user: SessionUser, sessionToken: string, input: { password: string }) {
  const { db } = services();
  if ((await ownerUserId(db)) === user.id) throw new AuthError(ownerCannotLeaveText, 400);
  await confirmPassword(db, user, sessionToken, input.password);
  await db.delete(users).where(eq(users.id, user.id));
}

/** Maintenance: sessions, the reasons ended ones were kept for, and links past their time. */
export async function pruneExpiredAccountRows(db: AppDb, now = new Date()) {
  await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db.delete(sessionEndings).where(lt(sessionEndings.expiresAt, now)),
    db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, now)),
    db.delete(passwordResets).where(lt(passwordResets.expiresAt, now)),
    // A change's row lives as long as its undo link (a pending change's own link dies sooner).
    db.delete(emailChanges).where(lt(emailChanges.undoExpiresAt, now)),
  ]);
}
