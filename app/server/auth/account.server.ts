import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { emailChanges, emailVerifications, passwordResets, profiles, sessions, users } from "#database/schema";
import { emailSchema, newPasswordSchema } from "#app/lib/auth-schema";
import { ownerCannotLeaveText, resetLinkInvalidText } from "#app/lib/account-texts";
import {
  AuthError,
  type ClientInfo,
  createSession,
  decoyPasswordHash,
  hashPassword,
  newToken,
  normalizeEmail,
  revokeSessions,
  sendVerificationLink,
  type SessionUser,
  sha256,
  verifyPassword,
} from "./auth.server";
import type { AppDb } from "#app/server/db/types.server";
import { sqlState } from "#app/server/db/types.server";
import { ownerUserId } from "./owner.server";
import { describeWait, hitRateLimits } from "./rate-limit.server";
import { services } from "#app/server/core/services.server";
import { validateDisplayName } from "#app/lib/comment-schema";
import { addressKey } from "#app/server/core/address-key.server";

const resetLinkMs = 60 * 60 * 1000;
const emailChangeLinkMs = 24 * 60 * 60 * 1000;

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

async function findAccount(db: AppDb, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return user;
}

/** A one-hour, single-use link to choose a new password (stored hashed). */
export async function createPasswordResetLink(db: AppDb, userId: string, publicUrl: string): Promise<string> {
  const token = newToken();
  await db.insert(passwordResets).values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + resetLinkMs) });
  return `${publicUrl}/auth/reset?token=${token}`;
}

/**
 * "Forgot password?": mails a reset link when the email has an account. The account is looked up
 * and the mail sent after the reply, so neither its text nor its timing tells whether it exists.
 */
export async function requestPasswordReset(input: { email: string }, client: ClientInfo): Promise<void> {
  const { db, log } = services();
  const email = normalizeEmail(parsed(emailSchema.safeParse(input.email)));
  await limitLinkRequests(db, "password-reset", email, client);
  void mailPasswordReset(db, email).catch((error: unknown) => log.error({ err: error }, "password reset email failed"));
}

async function mailPasswordReset(db: AppDb, email: string) {
  const { mailer, config } = services();
  const account = await findAccount(db, email);
  if (!account) return;
  const link = await createPasswordResetLink(db, account.id, config.PUBLIC_URL);
  await mailer.send({
    to: account.email,
    subject: "Choose a new password for The Educator",
    text: `Someone asked to reset the password of your account at The Educator.\n\nChoose a new password by opening this link (it works once, for one hour):\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.`,
  });
}

export async function isUsableResetToken(token: string): Promise<boolean> {
  const [row] = await services()
    .db.select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sha256(token)), gt(passwordResets.expiresAt, new Date())));
  return row !== undefined;
}

/**
 * Sets the new password from a reset link (used up), signs the account out everywhere and in on
 * this device. The email is confirmed too: the link reached its inbox. Returns the new session.
 */
export async function resetPassword(input: { token: string; password: string }, client: ClientInfo): Promise<string> {
  const { db } = services();
  const password = parsed(newPasswordSchema.safeParse(input.password));
  const [link] = await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sha256(input.token)), gt(passwordResets.expiresAt, new Date())))
    .returning({ userId: passwordResets.userId });
  if (!link) throw new AuthError(resetLinkInvalidText, 400);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, link.userId));
  await db.delete(passwordResets).where(eq(passwordResets.userId, link.userId));
  await revokeSessions(db, link.userId);
  return createSession(db, link.userId, client);
}

/** A new confirmation link for an account that still waits for one; the same reply either way. */
export async function resendConfirmation(input: { email: string }, client: ClientInfo): Promise<void> {
  const { db, log } = services();
  const email = normalizeEmail(parsed(emailSchema.safeParse(input.email)));
  await limitLinkRequests(db, "resend-confirmation", email, client);
  void (async () => {
    const account = await findAccount(db, email);
    if (account && !account.emailVerifiedAt) await sendVerificationLink(db, account.id, account.email);
  })().catch((error: unknown) => log.error({ err: error }, "confirmation email failed"));
}

async function requirePassword(db: AppDb, user: SessionUser, password: string) {
  await limit(db, [{ key: `account-password:${user.id}`, limit: 10, windowSeconds: 15 * 60 }]);
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!(await verifyPassword(password, row?.passwordHash ?? (await decoyPasswordHash())))) {
    throw new AuthError("Your current password is not correct.", 400);
  }
}

export async function updateDisplayName(user: SessionUser, input: { displayName: string }) {
  const checked = validateDisplayName(input.displayName);
  if (!checked.ok) throw new AuthError(checked.error);
  const displayName = checked.name;
  await services().db.update(profiles).set({ displayName, updatedAt: new Date() }).where(eq(profiles.id, user.id));
}

/** Needs the current password; every other session of the account ends, this one stays. */
export async function changePassword(user: SessionUser, sessionToken: string, input: { currentPassword: string; newPassword: string }) {
  const { db } = services();
  const newPassword = parsed(newPasswordSchema.safeParse(input.newPassword));
  await requirePassword(db, user, input.currentPassword);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(users.id, user.id));
  await revokeSessions(db, user.id, sha256(sessionToken));
}

/** The new address gets a link; the email changes only when it is opened. */
export async function requestEmailChange(user: SessionUser, input: { newEmail: string; password: string }) {
  const { db, mailer, config } = services();
  const newEmail = normalizeEmail(parsed(emailSchema.safeParse(input.newEmail)));
  if (newEmail === normalizeEmail(user.email)) throw new AuthError("That is already your email.");
  await requirePassword(db, user, input.password);
  await limit(db, [{ key: `email-change:${user.id}`, limit: 5, windowSeconds: 60 * 60 }]);
  const token = newToken();
  await db.delete(emailChanges).where(eq(emailChanges.userId, user.id));
  await db.insert(emailChanges).values({ tokenHash: sha256(token), userId: user.id, newEmail, expiresAt: new Date(Date.now() + emailChangeLinkMs) });
  await mailer.send({
    to: newEmail,
    subject: "Confirm your new email for The Educator",
    text: `Open this link to use this address for your account at The Educator (it works for one day):\n${config.PUBLIC_URL}/account/email?token=${token}\n\nIf you did not ask for this, ignore this message.`,
  });
}

export async function pendingEmailChange(userId: string): Promise<string | null> {
  const [row] = await services()
    .db.select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, new Date())));
  return row?.newEmail ?? null;
}

/** Opens the link sent to a new address: "changed", or why not. */
export async function confirmEmailChange(token: string): Promise<"changed" | "invalid" | "taken"> {
  const { db } = services();
  const [change] = await db
    .delete(emailChanges)
    .where(and(eq(emailChanges.tokenHash, sha256(token)), gt(emailChanges.expiresAt, new Date())))
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  if (!change) return "invalid";
  try {
    await db.update(users).set({ email: change.newEmail, emailVerifiedAt: new Date() }).where(eq(users.id, change.userId));
  } catch (error) {
    if (sqlState(error) === "23505") return "taken"; // someone signed up with it meanwhile
    throw error;
  }
  return "changed";
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

export async function signOutOtherSessions(user: SessionUser, sessionToken: string) {
  await revokeSessions(services().db, user.id, sha256(sessionToken));
}

/**
 * Deletes the account: its sessions and links go with it; its comments stay, shown as an
 * anonymous reader's; articles it wrote stay without an author.
 */
export async function deleteAccount(user: SessionUser, input: { password: string }) {
  const { db } = services();
  if ((await ownerUserId(db)) === user.id) throw new AuthError(ownerCannotLeaveText, 400);
  await requirePassword(db, user, input.password);
  await db.delete(users).where(eq(users.id, user.id));
}

/** Maintenance: sessions and links past their time. */
export async function pruneExpiredAccountRows(db: AppDb, now = new Date()) {
  await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, now)),
    db.delete(passwordResets).where(lt(passwordResets.expiresAt, now)),
    db.delete(emailChanges).where(lt(emailChanges.expiresAt, now)),
  ]);
}
