import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResets, profiles, users } from "#database/schema";
import { AuthError, createAccount, sha256, verifyPassword } from "#app/server/auth/auth.server";
import type { AppDb } from "#app/server/db/types.server";
import { ensureOwner, OwnerRoleError } from "#app/server/auth/owner.server";
import { lockDataDir } from "#app/server/db/data-folder-lock.server";
import { commonPasswordMessage } from "#app/lib/auth-schema";
import { AdminCommandError, createAdmin, demoteAdmin, listAdmins, passwordResetLink, promoteAdmin } from "#scripts/lib/admin-commands";
import { createTestDatabase, temporaryFolder, testDatabaseKind, type TestDatabase } from "#tests/helpers/database";
import { runTsx } from "#tests/helpers/processes";

let testDatabase: TestDatabase;
let db: AppDb;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase.drop());

async function roleOf(email: string) {
  const [row] = await db.select({ role: profiles.role }).from(profiles).innerJoin(users, eq(users.id, profiles.id)).where(eq(users.email, email));
  return row?.role;
}

describe(`admin commands (${testDatabaseKind})`, () => {
  it("creates a verified admin with the given password and name", async () => {
    const created = await createAdmin(db, { email: "Editor@Example.com", password: "editor-secret", displayName: "The Editor" });
    expect(created).toMatchObject({ email: "editor@example.com", generatedPassword: undefined });
    const [user] = await db.select().from(users).where(eq(users.id, created.userId));
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword("editor-secret", user!.passwordHash)).toBe(true);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, created.userId));
    expect(profile).toMatchObject({ role: "admin", displayName: "The Editor" });
  });

  it("generates a password when none is given, and it signs in", async () => {
    const created = await createAdmin(db, { email: "generated@example.com" });
    expect(created.generatedPassword).toMatch(/^[\w-]{16}$/);
    const [user] = await db.select().from(users).where(eq(users.id, created.userId));
    expect(await verifyPassword(created.generatedPassword!, user!.passwordHash)).toBe(true);
  });

  it("refuses a taken email, a bad email, a short password and a common one", async () => {
    await expect(createAdmin(db, { email: "EDITOR@example.com", password: "editor-secret" })).rejects.toThrow(AuthError);
    await expect(createAdmin(db, { email: "not-an-email", password: "editor-secret" })).rejects.toThrow(AdminCommandError);
    await expect(createAdmin(db, { email: "short@example.com", password: "abc" })).rejects.toThrow(/at least 6 characters/);
    await expect(createAdmin(db, { email: "common@example.com", password: "123456" })).rejects.toThrow(commonPasswordMessage);
  });

  it("promotes and demotes by email, case-insensitively", async () => {
    await createAccount(db, { email: "reader@example.com", password: "secret12", role: "user", verified: true });
    await promoteAdmin(db, "Reader@Example.com");
    expect(await roleOf("reader@example.com")).toBe("admin");
    await demoteAdmin(db, "reader@example.com");
    expect(await roleOf("reader@example.com")).toBe("user");
  });

  it("gives a staff role with --role, and demotes to a reader", async () => {
    await createAccount(db, { email: "teacher@example.com", password: "secret12", role: "user", verified: true });
    await promoteAdmin(db, "teacher@example.com", "contributor");
    expect(await roleOf("teacher@example.com")).toBe("contributor");
    await promoteAdmin(db, "teacher@example.com", "editor");
    expect(await roleOf("teacher@example.com")).toBe("editor");
    await demoteAdmin(db, "teacher@example.com");
    expect(await roleOf("teacher@example.com")).toBe("user");
  });

  it("names an unknown email", async () => {
    await expect(promoteAdmin(db, "nobody@example.com")).rejects.toThrow("No account with the email nobody@example.com.");
    await expect(demoteAdmin(db, "nobody@example.com")).rejects.toThrow(AdminCommandError);
  });

  it("never demotes the site owner", async () => {
    await ensureOwner(db, { email: "owner@example.com", password: "secret12" });
    await expect(demoteAdmin(db, "owner@example.com")).rejects.toThrow(OwnerRoleError);
    expect(await roleOf("owner@example.com")).toBe("admin");
  });

  it("makes a one-time, one-hour password reset link for the operator to hand on", async () => {
    const link = await passwordResetLink(db, "Reader@Example.com", "https://educator.example");
    const token = /^https:\/\/educator\.example\/auth\/reset\?token=([\w-]{43})$/.exec(link)![1]!;
    const [stored] = await db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, sha256(token)));
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    await expect(passwordResetLink(db, "nobody@example.com", "https://educator.example")).rejects.toThrow("No account with the email nobody@example.com.");
  });

  it("lists the admins, oldest first", async () => {
    const admins = await listAdmins(db);
    expect(admins.map((admin) => admin.email)).toEqual(["editor@example.com", "generated@example.com", "owner@example.com"]);
    expect(admins[0]).toMatchObject({ displayName: "The Editor", createdAt: expect.any(Date) });
  });
});

describe("admin CLI (spawned)", () => {
  it("lists the admins of a new DATA_DIR", async () => {
    const dataDir = temporaryFolder();
    const run = runTsx("scripts/admin.ts", ["list"], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain("No admins yet.");
    const reset = runTsx("scripts/admin.ts", ["reset-password", "--email", "nobody@example.com"], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(await reset.exited).toBe(1);
    expect(reset.output()).toContain("No account with the email nobody@example.com.");
    const badRole = runTsx("scripts/admin.ts", ["promote", "--email", "someone@example.com", "--role", "owner"], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(await badRole.exited).toBe(1);
    expect(badRole.output()).toContain("Unknown role: owner. Choose admin, editor, author or contributor (demote makes a reader).");
  }, 60_000);

  it("stops with one clear line while the server holds the DATA_DIR", async () => {
    const dataDir = temporaryFolder();
    const unlock = lockDataDir(dataDir); // this test process stands for the running server
    try {
      const run = runTsx("scripts/admin.ts", ["list"], { DATA_DIR: dataDir, DATABASE_URL: "" });
      expect(await run.exited).toBe(1);
      expect(run.output().trim()).toBe("The server is running on this DATA_DIR: stop it first, then run this again.");
    } finally {
      unlock();
    }
  }, 60_000);
});
