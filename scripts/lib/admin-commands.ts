import crypto from "node:crypto";
import type { Role } from "#app/lib/access";
import { asc, eq, sql } from "drizzle-orm";
import { profiles, users } from "#database/schema";
import { commonPasswordMessage, credentialsSchema } from "#app/lib/auth-schema";
import { isCommonPassword } from "#app/server/auth/common-passwords.server";
import { createAccount } from "#app/server/auth/auth.server";
import type { AppDb } from "#app/server/db/types.server";
import { setRole } from "#app/server/auth/owner.server";
import { createPasswordResetLink } from "#app/server/auth/account.server";

/** A mistake the operator can fix (unknown email, bad password): the CLI prints its message alone. */
export class AdminCommandError extends Error {}

export interface CreatedAdmin {
  userId: string;
  email: string;
  /** Only when no password was given: shown once, never stored in clear. */
  generatedPassword?: string;
}

export async function createAdmin(db: AppDb, input: { email: string; password?: string; displayName?: string }): Promise<CreatedAdmin> {
  const generatedPassword = input.password === undefined ? crypto.randomBytes(12).toString("base64url") : undefined;
  const parsed = credentialsSchema("sign-up").safeParse({ email: input.email, password: input.password ?? generatedPassword });
  if (!parsed.success) throw new AdminCommandError(parsed.error.issues[0]!.message);
  const { email, password } = parsed.data;
  if (await isCommonPassword(password)) throw new AdminCommandError(commonPasswordMessage);
  const userId = await createAccount(db, { email, password, role: "admin", verified: true, displayName: input.displayName });
  return { userId, email: email.toLowerCase(), generatedPassword };
}

async function userIdByEmail(db: AppDb, email: string): Promise<string> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  if (!row) throw new AdminCommandError(`No account with the email ${email}.`);
  return row.id;
}

/** Gives an existing account `role` (admin unless another is named); the owner stays admin (OwnerRoleError). */
export async function promoteAdmin(db: AppDb, email: string, role: Role = "admin"): Promise<void> {
  await setRole(db, await userIdByEmail(db, email), role);
}

/** Throws OwnerRoleError for the site owner, who always stays admin. */
export async function demoteAdmin(db: AppDb, email: string): Promise<void> {
  await setRole(db, await userIdByEmail(db, email), "user");
}

/** A one-time link for the operator to hand on: the account's owner chooses a new password with it. */
export async function passwordResetLink(db: AppDb, email: string, publicUrl: string): Promise<string> {
  return createPasswordResetLink(db, await userIdByEmail(db, email), publicUrl);
}

export interface AdminListing {
  email: string;
  displayName: string | null;
  createdAt: Date;
}

export async function listAdmins(db: AppDb): Promise<AdminListing[]> {
  return db
    .select({ email: users.email, displayName: profiles.displayName, createdAt: users.createdAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.role, "admin"))
    .orderBy(asc(users.createdAt), asc(users.email));
}
