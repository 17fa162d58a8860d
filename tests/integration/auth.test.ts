import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailChanges, passwordResets, profiles, rateLimits, sessions, users } from "#database/schema";
import {
  AuthError,
  createAccount,
  createSession,
  getUser,
  PasswordNeededError,
  requireRecentPassword,
  sessionCookies,
  sha256,
  signIn,
  signInLimits,
  signUp,
  staffIdleMs,
} from "#app/server/auth/auth.server";
import { createPasswordResetLink } from "#app/server/auth/account.server";
import { isCommonPassword } from "#app/server/auth/common-passwords.server";
import { commonPasswordMessage } from "#app/lib/auth-schema";
import { ensureOwner, OwnerRoleError, ownerUserId, setRole } from "#app/server/auth/owner.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServices, type TestServices } from "#tests/helpers/services";
import { anEmailChange } from "#tests/factories";

let started: TestServices;
const client = (ip: string) => ({ ip });

beforeAll(async () => {
  started = await startTestServices();
});
afterAll(() => started.stop());

async function authError(attempt: Promise<unknown>): Promise<AuthError> {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error("expected an AuthError");
}

describe(`auth (${testDatabaseKind})`, () => {
  it("signs up with a profile (role user, name from the email) and a memory-hard hash", async () => {
    const result = await signUp({ email: "Chanda.Teacher@Example.com", password: "chalk-and-slate" }, client("10.0.0.1"));
    expect(result.sessionToken).toEqual(expect.any(String)); // no SMTP: the account works at once
    const { db } = started.services;
    const [user] = await db.select().from(users).where(eq(users.id, result.userId!));
    expect(user!.email).toBe("chanda.teacher@example.com");
    expect(user!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(user!.passwordHash).not.toContain("chalk-and-slate");
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, result.userId!));
    expect(profile).toMatchObject({ role: "user", displayName: "chanda teacher" });
  });

  it("requires 6+ characters and a unique email on sign-up", async () => {
    expect((await authError(signUp({ email: "short@example.com", password: "12345" }, client("10.0.0.2")))).message).toBe(
      "Password must be at least 6 characters.",
    );
    expect((await authError(signUp({ email: "not-an-email", password: "chalk-and-slate" }, client("10.0.0.2")))).message).toBe(
      "Please enter a valid email address.",
    );
    await signUp({ email: "twice@example.com", password: "chalk-and-slate" }, client("10.0.0.2"));
    // Without mail the account would be signed in at once, so there is no one to tell instead: a taken email is said.
    expect((await authError(signUp({ email: "TWICE@example.com", password: "chalk-and-slate" }, client("10.0.0.2")))).message).toMatch(/already exists/);
  });

  it("refuses the most common passwords, whatever their case, with a clear message", async () => {
    for (const password of ["123456", "password", "Password1", "qwerty123", "iloveyou"]) {
      const refused = await authError(signUp({ email: "common@example.com", password }, client("10.0.0.5")));
      expect(refused.message).toBe(commonPasswordMessage);
      expect(refused.status).toBe(400);
    }
    expect(await started.services.db.select().from(users).where(eq(users.email, "common@example.com"))).toEqual([]);
    // The list is long (zxcvbn-ts's, tens of thousands), and a password merely containing a common one is fine.
    expect(await isCommonPassword("sunshine")).toBe(true);
    expect(await isCommonPassword("sunshine over Lusaka")).toBe(false);
  });

  it("signs in with the right password only, with one message for unknown email and wrong password", async () => {
    await signUp({ email: "reader@example.com", password: "right-password" }, client("10.0.0.3"));
    expect(await signIn({ email: "reader@example.com", password: "right-password" }, client("10.0.0.3"))).toEqual(expect.any(String));
    const wrong = await authError(signIn({ email: "reader@example.com", password: "wrong-password" }, client("10.0.0.3")));
    const unknown = await authError(signIn({ email: "nobody@example.com", password: "whatever" }, client("10.0.0.3")));
    expect(wrong.message).toBe("Invalid email or password.");
    expect(unknown.message).toBe(wrong.message);
    expect(wrong.status).toBe(401);
  });

  it("slows guessing one account from one address, and never locks the owner out from another", async () => {
    await signUp({ email: "target@example.com", password: "correct-horse" }, client("10.0.1.1"));
    const guess = (ip: string, password = "guess") => signIn({ email: "target@example.com", password }, client(ip));
    for (let attempt = 0; attempt < signInLimits.freeFailures; attempt++) expect((await authError(guess("10.1.0.1"))).status).toBe(401);
    // The next failure closes this email for this address, for 2 seconds: even the right password waits.
    expect((await authError(guess("10.1.0.1"))).status).toBe(401);
    const closed = await authError(guess("10.1.0.1", "correct-horse"));
    expect(closed.status).toBe(429);
    expect(closed.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    // Fifty failures from other addresses (many are refused outright) leave the owner's own address alone.
    for (let attempt = 0; attempt < 50; attempt++) await authError(guess(`10.1.1.${attempt % 3}`));
    expect(await guess("10.2.0.1", "correct-horse")).toEqual(expect.any(String));
    // Once the delay has passed, the right password works from the guessing address too, and wipes its count.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await guess("10.1.0.1", "correct-horse")).toEqual(expect.any(String));
    expect((await authError(guess("10.1.0.1"))).status).toBe(401);
  });

  it("doubles the delay with each further failure", async () => {
    const { db } = started.services;
    await signUp({ email: "doubling@example.com", password: "correct-horse" }, client("10.0.1.2"));
    const closedFor = async () => (await db.select().from(rateLimits).where(eq(rateLimits.key, "sign-in:closed:doubling@example.com:10.3.0.1")))[0];
    const delays: number[] = [];
    for (let failure = 1; failure <= signInLimits.freeFailures + 3; failure++) {
      await db.delete(rateLimits).where(eq(rateLimits.key, "sign-in:closed:doubling@example.com:10.3.0.1")); // skip the wait
      await authError(signIn({ email: "doubling@example.com", password: "guess" }, client("10.3.0.1")));
      const row = await closedFor();
      delays.push(row ? Math.round((row.windowEndsAt.getTime() - Date.now()) / 1000) : 0);
    }
    expect(delays).toEqual([0, 0, 0, 0, 0, 2, 4, 8]);
  });

  it("limits sign-in attempts per client, whatever the email", async () => {
    for (let attempt = 0; attempt < signInLimits.attemptsPerAddress; attempt++) {
      await authError(signIn({ email: `spray${attempt}@example.com`, password: "guess" }, client("10.9.9.9")));
    }
    const limited = await authError(signIn({ email: "fresh@example.com", password: "guess" }, client("10.9.9.9")));
    expect(limited.status).toBe(429);
  });

  it("makes sure the configured owner exists as admin and can never be demoted", async () => {
    const { db } = started.services;
    const created = await ensureOwner(db, { email: "owner@example.com", password: "owner-pass" });
    expect(created).toEqual({ email: "owner@example.com", created: true, generatedPassword: undefined });
    const ownerId = await ownerUserId(db);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, ownerId!));
    expect(profile!.role).toBe("admin");
    await expect(setRole(db, ownerId!, "user")).rejects.toBeInstanceOf(OwnerRoleError);

    // Naming someone else's account is not enough to own it: without OWNER_PASSWORD it stays as it is.
    const userId = (await signUp({ email: "promoted@example.com", password: "chalk-and-slate" }, client("10.0.2.1"))).userId!;
    await signIn({ email: "promoted@example.com", password: "chalk-and-slate" }, client("10.0.2.2"));
    const sessionsOf = async (id: string) => (await db.select().from(sessions).where(eq(sessions.userId, id))).length;
    const roleOf = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0]!.role;
    expect(await sessionsOf(userId)).toBeGreaterThan(0);
    expect(await ensureOwner(db, { email: "promoted@example.com" })).toEqual({ email: "promoted@example.com", created: false, refused: true });
    expect(await roleOf(userId)).toBe("user");
    expect(await sessionsOf(userId)).toBeGreaterThan(0);
    // With the password too it is taken over, and whoever was signed in to it is signed out.
    expect(await ensureOwner(db, { email: "promoted@example.com", password: "new-owner-pass" })).toEqual({ email: "promoted@example.com", created: false });
    expect(await roleOf(userId)).toBe("admin");
    expect(await sessionsOf(userId)).toBe(0);
    expect(await signIn({ email: "promoted@example.com", password: "new-owner-pass" }, client("10.0.2.3"))).toEqual(expect.any(String));
    // A password reset through OWNER_PASSWORD signs the owner out everywhere too; a restart without a change does not.
    expect(await sessionsOf(userId)).toBe(1);
    await ensureOwner(db, { email: "promoted@example.com" });
    await ensureOwner(db, { email: "promoted@example.com", password: "new-owner-pass" });
    expect(await sessionsOf(userId)).toBe(1);
    await ensureOwner(db, { email: "promoted@example.com", password: "newer-owner-pass" });
    expect(await sessionsOf(userId)).toBe(0);
  });

  it("signs a promoted account out everywhere, so its new role starts with a new session", async () => {
    const { db } = started.services;
    const userId = (await signUp({ email: "editor-to-be@example.com", password: "chalk-and-slate" }, client("10.0.4.1"))).userId!;
    await signIn({ email: "editor-to-be@example.com", password: "chalk-and-slate" }, client("10.0.4.2"));
    const count = async () => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    expect(await count()).toBeGreaterThan(0);
    await setRole(db, userId, "admin");
    expect(await count()).toBe(0);
    await signIn({ email: "editor-to-be@example.com", password: "chalk-and-slate" }, client("10.0.4.3"));
    await setRole(db, userId, "admin"); // already admin: nothing changes
    expect(await count()).toBe(1);
  });

  it("creates an owner with a random password when there is no admin and no OWNER_EMAIL", async () => {
    const { db } = started.services;
    // The services' own start already created it (this test database had no admin); without admins it is made again.
    expect(await db.select().from(users).where(eq(users.email, "owner@the-educator.local"))).toHaveLength(1);
    await db.update(profiles).set({ role: "user" });
    const result = await ensureOwner(db, {});
    expect(result).toMatchObject({ email: "owner@the-educator.local" });
    expect(result!.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await signIn({ email: "owner@the-educator.local", password: result!.generatedPassword! }, client("10.0.3.1"))).toEqual(expect.any(String));
    expect(await ensureOwner(db, {})).toBeNull(); // an admin exists now: nothing printed again
  });

  it("voids the reset links and pending email change of an account the owner's configuration takes over", async () => {
    const { db, config } = started.services;
    // Someone signed up first with the address that later becomes OWNER_EMAIL, and asked to move the account to theirs.
    const squatter = await createAccount(db, { email: "future-owner@example.com", password: "squatter-secret", role: "user", verified: true });
    await createPasswordResetLink(db, squatter, config.PUBLIC_URL);
    await anEmailChange(db, { userId: squatter, newEmail: "squatter@example.com", tokenHash: sha256("pending-link") });
    await ensureOwner(db, { email: "future-owner@example.com", password: "the-real-owner-secret" });
    expect(await db.select().from(emailChanges).where(eq(emailChanges.userId, squatter))).toEqual([]);
    expect(await db.select().from(passwordResets).where(eq(passwordResets.userId, squatter))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, squatter))).toEqual([]);
  });
});

/** A request carrying the session cookie of `token`, as a browser would send it. */
async function requestWith(token: string) {
  const cookie = (await sessionCookies(token))[0]!.split(";")[0]!;
  return new Request("http://127.0.0.1/account", { headers: { Cookie: cookie } });
}

describe(`sessions (${testDatabaseKind})`, () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
  const lastUsed = async (token: string) =>
    (
      await started.services.db
        .select({ at: sessions.lastUsedAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)))
    )[0]?.at;

  it("ends a staff session after 12 idle hours, while a reader's lives on", async () => {
    const { db } = started.services;
    const admin = await createAccount(db, { email: "idle-admin@example.com", password: "idle-admin-secret", role: "admin", verified: true });
    const reader = await createAccount(db, { email: "idle-reader@example.com", password: "idle-reader-secret", role: "user", verified: true });
    const [adminToken, readerToken, busyAdminToken] = [await createSession(db, admin), await createSession(db, reader), await createSession(db, admin)];
    const idle = new Date(Date.now() - staffIdleMs - 60_000);
    await db.update(sessions).set({ lastUsedAt: idle }).where(eq(sessions.userId, reader));
    await db
      .update(sessions)
      .set({ lastUsedAt: idle })
      .where(eq(sessions.tokenHash, sha256(adminToken)));
    await db
      .update(sessions)
      .set({ lastUsedAt: hoursAgo(11) })
      .where(eq(sessions.tokenHash, sha256(busyAdminToken)));

    expect(await getUser(await requestWith(adminToken))).toBeNull();
    expect(await lastUsed(adminToken)).toBeUndefined(); // the session is gone for good
    expect(await getUser(await requestWith(readerToken))).toMatchObject({ id: reader, role: "user" });
    expect(await getUser(await requestWith(busyAdminToken))).toMatchObject({ id: admin, role: "admin" });
    // Used now: both are written as used (so the admin's 12 hours start again).
    for (const token of [readerToken, busyAdminToken]) expect(Date.now() - (await lastUsed(token))!.getTime()).toBeLessThan(5_000);
  });

  it("writes a session's last use at most once a minute", async () => {
    const { db } = started.services;
    const reader = await createAccount(db, { email: "minute@example.com", password: "minute-secret", role: "user", verified: true });
    const token = await createSession(db, reader);
    const thirtySecondsAgo = new Date(Date.now() - 30_000);
    await db
      .update(sessions)
      .set({ lastUsedAt: thirtySecondsAgo })
      .where(eq(sessions.tokenHash, sha256(token)));
    for (let request = 0; request < 3; request++) expect(await getUser(await requestWith(token))).not.toBeNull();
    expect((await lastUsed(token))!.getTime()).toBe(thirtySecondsAgo.getTime());
  });

  it("asks for the password again once the session's is 10 minutes old, then not for another 10", async () => {
    const { db } = started.services;
    const admin = await createAccount(db, { email: "recheck@example.com", password: "recheck-secret", role: "admin", verified: true });
    const token = await createSession(db, admin);
    const fresh = (await getUser(await requestWith(token)))!;
    await expect(requireRecentPassword(await requestWith(token), fresh, undefined)).resolves.toBeUndefined(); // just signed in

    await db
      .update(sessions)
      .set({ passwordConfirmedAt: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where(eq(sessions.tokenHash, sha256(token)));
    const request = await requestWith(token);
    const stale = (await getUser(request))!;
    const needed = await authError(requireRecentPassword(request, stale, undefined));
    expect(needed).toBeInstanceOf(PasswordNeededError);
    expect(needed.status).toBe(403);
    expect((await authError(requireRecentPassword(request, stale, "not-it"))).message).toBe("Your current password is not correct.");
    await requireRecentPassword(request, stale, "recheck-secret");
    await expect(requireRecentPassword(await requestWith(token), (await getUser(await requestWith(token)))!, undefined)).resolves.toBeUndefined();
  });
});
