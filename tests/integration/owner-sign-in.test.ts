import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings } from "#database/schema";
import { createSession, revokeSessions } from "#app/server/auth/auth.server";
import { ensureOwner } from "#app/server/auth/owner.server";
import { forgetOwnerSignIn, ownerSignIn, watchOwnerSignIn } from "#app/server/start/owner-sign-in.server";
import { publicUrlForCommand, rememberPublicUrl } from "#app/server/core/public-url.server";
import { startRealtime, type Realtime } from "#app/server/core/realtime.server";
import type { AppDb } from "#app/server/db/types.server";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#tests/helpers/database";
import { anAccount } from "#tests/factories";

// What every start reads to decide whether to say how to sign in (server/main.ts), on both databases.
let testDatabase: TestDatabase;
let db: AppDb;
let realtime: Realtime;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  realtime = await startRealtime(testDatabase.database);
});
afterAll(async () => {
  realtime.close();
  await testDatabase.drop();
});

async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("not within 5 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`the owner's first sign-in (${testDatabaseKind})`, () => {
  it("is unknown without an owner, not yet after the server made one, and known once a session of theirs is seen", async () => {
    expect(await ownerSignIn(db)).toBeNull();
    const owner = await ensureOwner(db, {});
    expect(owner?.generatedPassword).toBeDefined();
    const before = await ownerSignIn(db);
    expect(before).toMatchObject({ email: "owner@the-educator.local", signedIn: false });

    await createSession(db, before!.userId);
    expect(await ownerSignIn(db)).toMatchObject({ signedIn: true });
    await revokeSessions(db, before!.userId);
    expect(await ownerSignIn(db)).toMatchObject({ signedIn: true }); // remembered, with no session left

    await forgetOwnerSignIn(db); // what a start does when it makes up a new password
    expect(await ownerSignIn(db)).toMatchObject({ signedIn: false });
  });

  it("is remembered when a session of the owner's ends while the server runs, not when another account's does", async () => {
    const owner = (await ownerSignIn(db))!;
    expect(owner.signedIn).toBe(false);
    const errors: unknown[] = [];
    const stop = watchOwnerSignIn(db, realtime, owner.userId, (error) => errors.push(error));
    try {
      const remembered = async () => (await db.select().from(appSettings).where(eq(appSettings.key, "owner_signed_in")))[0]?.value;
      const reader = await anAccount(db);
      await createSession(db, reader.id);
      await revokeSessions(db, reader.id);
      await new Promise((resolve) => setTimeout(resolve, 300)); // its announcement has come and gone
      expect(await remembered()).toBeUndefined();

      await createSession(db, owner.userId);
      await revokeSessions(db, owner.userId); // signed out: the session is gone before any start could see it
      await eventually(async () => (await remembered()) === owner.userId);
      expect(await ownerSignIn(db)).toMatchObject({ signedIn: true });
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });
});

describe(`the address a command makes links with (${testDatabaseKind})`, () => {
  it("is the one the server last started with, unless the command's environment names one", async () => {
    const config = { PUBLIC_URL: "http://127.0.0.1:3000" };
    expect(await publicUrlForCommand(db, config, {})).toBe("http://127.0.0.1:3000"); // no server has started
    await rememberPublicUrl(db, "http://127.0.0.1:4123");
    expect(await publicUrlForCommand(db, config, {})).toBe("http://127.0.0.1:4123");
    expect(await publicUrlForCommand(db, config, { PORT: "" })).toBe("http://127.0.0.1:4123");
    expect(await publicUrlForCommand(db, { PUBLIC_URL: "http://127.0.0.1:5000" }, { PORT: "5000" })).toBe("http://127.0.0.1:5000");
    expect(await publicUrlForCommand(db, { PUBLIC_URL: "https://educator.example" }, { PUBLIC_URL: "https://educator.example" })).toBe(
      "https://educator.example",
    );
  });
});
