import type { Role } from "#app/lib/access";
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { appSettings, profiles, users } from "#database/schema";
import { createAccount, hashPassword, secureAccount, verifyPassword } from "./auth.server";
import { endSessions } from "./session-endings.server";
import type { AppDb } from "#app/server/db/types.server";

export interface OwnerResult {
  email: string;
  /** Only when the server made up the password: print it once. */
  generatedPassword?: string;
  created: boolean;
  /** OWNER_EMAIL names an account that is not an admin, and without OWNER_PASSWORD it is left as it is. */
  refused?: boolean;
}

/** Whether the account's password is already `password` (a restart with the same OWNER_PASSWORD changes nothing). */
async function hasPassword(db: AppDb, userId: string, password: string) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row !== undefined && (await verifyPassword(password, row.passwordHash));
}

export async function roleOf(db: AppDb, userId: string) {
  const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId));
  return row?.role;
}

async function findUserId(db: AppDb, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row?.id;
}

async function rememberOwner(db: AppDb, userId: string) {
  await db
    .insert(appSettings)
    .values({ key: "owner_user_id", value: userId })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: userId } });
}

export async function ownerUserId(db: AppDb): Promise<string | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, "owner_user_id"));
  return row?.value ?? null;
}

/**
 * At start: OWNER_EMAIL (and OWNER_PASSWORD) make sure that account exists with the admin
 * role. An existing reader's account is taken over only with OWNER_PASSWORD too (whoever signed
 * up with that email is signed out everywhere, and its reset links and pending email changes die);
 * naming an email is not enough to own an account someone else made. With no OWNER_EMAIL and no
 * admin at all, an owner is created with a random password.
 */
export async function ensureOwner(db: AppDb, owner: { email?: string; password?: string }): Promise<OwnerResult | null> {
  if (owner.email) {
    const email = owner.email.toLowerCase();
    const existing = await findUserId(db, email);
    if (existing) {
      const isAdmin = (await roleOf(db, existing)) === "admin";
      if (!isAdmin && !owner.password) return { email, created: false, refused: true };
      const newPassword = owner.password !== undefined && !(await hasPassword(db, existing, owner.password));
      const passwordHash = newPassword ? await hashPassword(owner.password!) : null;
      await db.transaction(async (tx) => {
        if (!isAdmin) await tx.update(profiles).set({ role: "admin", updatedAt: new Date() }).where(eq(profiles.id, existing));
        if (passwordHash) await tx.update(users).set({ passwordHash }).where(eq(users.id, existing));
        if (!isAdmin || passwordHash) await secureAccount(tx, existing);
        await rememberOwner(tx, existing);
      });
      return { email, created: false };
    }
    const generatedPassword = owner.password ? undefined : randomPassword();
    await createAccount(db, { email, password: owner.password ?? generatedPassword!, role: "admin", verified: true }, rememberOwner);
    return { email, generatedPassword, created: true };
  }
  const [admin] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, "admin")).limit(1);
  if (admin) return null;
  const email = "owner@the-educator.local";
  const generatedPassword = randomPassword();
  const existing = await findUserId(db, email);
  if (existing) {
    const passwordHash = await hashPassword(generatedPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, existing));
      await tx.update(profiles).set({ role: "admin" }).where(eq(profiles.id, existing));
      await secureAccount(tx, existing);
      await rememberOwner(tx, existing);
    });
    return { email, generatedPassword, created: false };
  }
  await createAccount(db, { email, password: generatedPassword, role: "admin", verified: true, displayName: "Site Owner" }, rememberOwner);
  return { email, generatedPassword, created: true };
}

function randomPassword() {
  return crypto.randomBytes(12).toString("base64url");
}

export class OwnerRoleError extends Error {
  constructor() {
    super("The site owner always keeps the admin role.");
  }
}

/**
 * The one way a role changes: the owner can never lose admin. A changed role signs the account out
 * everywhere, so it starts afresh with the rules of its new role, and each of its browsers is told
 * why on its next visit. Returns whether the role changed.
 */
export async function setRole(db: AppDb, userId: string, role: Role): Promise<boolean> {
  if (role !== "admin" && (await ownerUserId(db)) === userId) throw new OwnerRoleError();
  const current = await roleOf(db, userId);
  if (current === undefined || current === role) return false;
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await endSessions(tx, userId, "role-changed");
  });
  return true;
}
