import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { invitations, profiles, users } from "#database/schema";
import { roles, type Role } from "#app/lib/access";
import { validateDisplayName } from "#app/lib/comment-schema";
import { invitationInvalidText } from "#app/lib/account-texts";
import type { AppDb } from "#app/server/db/types.server";
import type { Mail } from "#app/server/core/mail.server";
import { enqueueMail, type ComposeMail } from "#app/server/core/mail-queue.server";
import { services } from "#app/server/core/services.server";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import {
  AuthError,
  createAccount,
  createSession,
  hashPassword,
  newToken,
  normalizeEmail,
  parseNewPassword,
  secureAccount,
  sha256,
  type ClientInfo,
} from "#app/server/auth/auth.server";

// Invitations to the staff: an admin names an email and a role; the mail's link (single use,
// 7 days) lets the person choose a password (and their name), which creates their account, or
// raises an existing account to the role (never lowers it), and signs them in.

const invitationDays = 7;

/** The roles an invitation can give, lowest first. */
export const invitableRoles = roles.filter((role): role is Exclude<Role, "user"> => role !== "user");

export const invitationSchema = z.object({
  email: z
    .string({ message: "Enter the email address to invite." })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "Enter a valid email address." }).max(254, { message: "Enter a valid email address." })),
  role: z.enum(invitableRoles, { message: "Choose the role to give: contributor, author, editor or admin." }),
});

/**
 * Invites `email` with `role`: any earlier invitation of the address not yet used is replaced, so
 * only the newest link works. With a mail server (`mailed`) the mail is queued, its link made as
 * it is sent (wake the queue after); without one, no mail could reach them: the link is made now
 * and answered, for the admin to pass on.
 */
export async function invite(
  db: AppDb,
  input: unknown,
  invitedBy: string,
  { mailed }: { mailed: boolean },
): Promise<{ email: string; role: Role; link: string | null }> {
  const parsed = invitationSchema.safeParse(input);
  if (!parsed.success) throw new AdminInputError(parsed.error.issues[0]!.message);
  const { email, role } = parsed.data;
  const token = mailed ? null : newToken();
  await db.transaction(async (tx) => {
    await tx.delete(invitations).where(and(eq(invitations.email, email), isNull(invitations.acceptedAt)));
    await tx.insert(invitations).values({
      email,
      role,
      invitedBy,
      expiresAt: new Date(Date.now() + invitationDays * 24 * 60 * 60 * 1000),
      ...(token ? { tokenHash: sha256(token) } : {}),
    });
    if (mailed) await enqueueMail(tx, { kind: "invitation", email });
  });
  return { email, role, link: token && invitationLink(token) };
}

const invitationLink = (token: string) => `${services().config.PUBLIC_URL}/invite?token=${token}`;

/** Invitations not used yet and still valid, newest first, for the Users screen. */
export function listOpenInvitations(db: AppDb) {
  return db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, createdAt: invitations.createdAt, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
    .orderBy(desc(invitations.createdAt));
}

/** Withdraws an invitation: its link stops working. */
export async function revokeInvitation(db: AppDb, id: string) {
  const removed = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  if (removed.length === 0) throw new AdminInputError("This invitation was already used or withdrawn.");
}

const usable = (token: string) => and(eq(invitations.tokenHash, sha256(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date()));

/** The invitation a link opens (email and role), or null when the link is not (or no longer) valid. */
export async function openInvitation(token: string) {
  if (!token) return null;
  const [found] = await services().db.select({ email: invitations.email, role: invitations.role }).from(invitations).where(usable(token));
  return found ?? null;
}

const rank = (role: Role) => roles.indexOf(role);

/**
 * Takes up an invitation: the link is used up, the account created with the chosen password and
 * name (confirmed: the link reached its inbox), or an existing account gets the password and, if
 * higher, the role, and every other device is signed out. Returns the new session on this device.
 */
export async function acceptInvitation(input: { token: string; password: string; displayName: string }, client: ClientInfo): Promise<string> {
  const { db } = services();
  const invited = await openInvitation(input.token);
  if (!invited) throw new AuthError(invitationInvalidText, 400);
  const name = validateDisplayName(input.displayName);
  if (!name.ok) throw new AuthError(name.error);
  const password = await parseNewPassword(input.password);
  const [existing] = await db
    .select({ id: users.id, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(sql`lower(${users.email}) = ${normalizeEmail(invited.email)}`);
  // Hashed once, before the transaction: a new account's is made by createAccount.
  const passwordHash = existing ? await hashPassword(password) : null;
  const session = await db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(usable(input.token))
      .returning({ email: invitations.email, role: invitations.role });
    if (!invitation) return null;
    if (!existing || !passwordHash) {
      const userId = await createAccount(tx, { email: invitation.email, password, role: invitation.role, verified: true, displayName: name.name });
      return createSession(tx, userId, client);
    }
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, existing.id));
    const role = rank(invitation.role) > rank(existing.role) ? invitation.role : existing.role;
    await tx.update(profiles).set({ role, displayName: name.name, updatedAt: new Date() }).where(eq(profiles.id, existing.id));
    await secureAccount(tx, existing.id);
    return createSession(tx, existing.id, client);
  });
  if (!session) throw new AuthError(invitationInvalidText, 400);
  return session;
}

/** The queue's `compose` for invitations: the newest open invitation of the address gets a fresh link. */
export const composeInvitationMail: ComposeMail = async (db, job) => {
  if (!job.email) return null;
  const token = newToken();
  const [invitation] = await db
    .update(invitations)
    .set({ tokenHash: sha256(token) })
    .where(
      eq(
        invitations.id,
        sql`(select id from ${invitations} where ${invitations.email} = ${job.email} and ${invitations.acceptedAt} is null and ${invitations.expiresAt} > now() order by ${invitations.createdAt} desc limit 1)`,
      ),
    )
    .returning({ email: invitations.email, role: invitations.role, invitedBy: invitations.invitedBy });
  if (!invitation) return null;
  const [inviter] = invitation.invitedBy ? await db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, invitation.invitedBy)) : [];
  const article = /^[aeiou]/.test(invitation.role) ? "an" : "a";
  const mail: Mail = {
    to: invitation.email,
    subject: `You are invited to write for The Educator`,
    text: `${inviter?.name ?? "An admin"} invites you to join The Educator as ${article} ${invitation.role}.\n\nChoose your password and the name readers will see by opening this link (it works once, for ${invitationDays} days):\n${invitationLink(token)}\n\nIf you did not expect this, ignore this message.`,
  };
  return mail;
};
