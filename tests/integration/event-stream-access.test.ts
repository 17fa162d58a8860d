import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, sessions, type Role } from "#database/schema";
import { aContactMessage, anAccount } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type TestServer, type CookieJar } from "#tests/helpers/server";
import { connectSse, type SseClient } from "#tests/helpers/sse";

let server: TestServer;

beforeAll(async () => {
  // A stream looks at its session every second here (60 s in production).
  server = await startTestServer({ EVENT_STREAM_RECHECK_SECONDS: "1" });
});
afterAll(() => server.close());

const staffOnly = (data: Record<string, unknown>) => data.table === "contact_messages";

/** An account of `role`, signed in over HTTP, with its event stream open. */
async function signedInStream(role: Role): Promise<{ id: string; jar: CookieJar; stream: SseClient }> {
  const account = await anAccount(server.services.db, { role });
  const jar = await signInOverHttp(server.url, account.email, account.password);
  const stream = await connectSse(`${server.url}/api/events`, { Cookie: jar.header() });
  return { id: account.id, jar, stream };
}

/** Resolves true when the stream has been ended by the server within `ms`, else false. */
const endsWithin = (stream: SseClient, ms: number) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe(`event streams follow their session (${testDatabaseKind})`, () => {
  it("ends a demoted admin's stream, and sends it no staff-only change made with or after the demotion", async () => {
    const { id, stream } = await signedInStream("admin");
    try {
      await aContactMessage(server.services.db, { subject: "Before" });
      expect(await stream.next((data) => staffOnly(data))).toMatchObject({ table: "contact_messages", op: "insert" });
      await server.services.db.transaction(async (tx) => {
        await tx.update(profiles).set({ role: "user" }).where(eq(profiles.id, id));
        await aContactMessage(tx, { subject: "With the demotion" });
      });
      await aContactMessage(server.services.db, { subject: "After" });
      expect(await endsWithin(stream, 5_000)).toBe(true);
      expect(stream.received.filter(staffOnly)).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it("ends an admin's stream when the admin signs out, before any later staff-only change", async () => {
    const { jar, stream } = await signedInStream("admin");
    try {
      const signedOut = await fetch(`${server.url}/sign-out`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: jar.header() } });
      expect(signedOut.status).toBe(302);
      await aContactMessage(server.services.db, { subject: "After sign-out" });
      expect(await endsWithin(stream, 5_000)).toBe(true);
      expect(stream.received.filter(staffOnly)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it("looks at the session again on its own: a session past its time ends the stream within the re-check interval", async () => {
    const { id, stream } = await signedInStream("admin");
    try {
      // Expiry is announced by nothing: only the periodic look can find it.
      await server.services.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, id));
      expect(await endsWithin(stream, 3_000)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it("counts an open stream as no use of the session: a staff session unused for 12 hours ends it", async () => {
    const { id, stream } = await signedInStream("admin");
    try {
      const aWhileAgo = new Date(Date.now() - 5 * 60 * 1000);
      await server.services.db.update(sessions).set({ lastUsedAt: aWhileAgo }).where(eq(sessions.userId, id));
      expect(await endsWithin(stream, 2_500)).toBe(false); // two looks and more, none of them a use
      const [session] = await server.services.db.select({ lastUsedAt: sessions.lastUsedAt }).from(sessions).where(eq(sessions.userId, id));
      expect(session!.lastUsedAt).toEqual(aWhileAgo);
      await server.services.db
        .update(sessions)
        .set({ lastUsedAt: new Date(Date.now() - 13 * 60 * 60 * 1000) })
        .where(eq(sessions.userId, id));
      expect(await endsWithin(stream, 3_000)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it("keeps a reader's and an admin's streams open while nothing changes, and a reader never gets staff-only changes", async () => {
    const admin = await signedInStream("admin");
    const reader = await signedInStream("user");
    try {
      expect(await endsWithin(admin.stream, 2_500)).toBe(false); // two re-checks and more
      expect(await endsWithin(reader.stream, 100)).toBe(false);
      // A change of another account's role is no reason to end these streams.
      const other = await anAccount(server.services.db);
      await server.services.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, other.id));
      await aContactMessage(server.services.db, { subject: "For staff" });
      await admin.stream.next((data) => staffOnly(data) && data.op === "insert");
      expect(reader.stream.received.filter(staffOnly)).toEqual([]);
      expect(await endsWithin(admin.stream, 1_500)).toBe(false);
    } finally {
      admin.stream.close();
      reader.stream.close();
    }
  });

  it("ends a reader's stream when the reader is made staff, so it reconnects with what staff see", async () => {
    const { id, stream } = await signedInStream("user");
    try {
      await server.services.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, id));
      expect(await endsWithin(stream, 5_000)).toBe(true);
    } finally {
      stream.close();
    }
  });
});
