import net from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailQueue } from "#database/schema";
import { AuthError, createAccount, signIn, signUp, verifyEmail } from "#app/server/auth/auth.server";
import { requestPasswordReset } from "#app/server/auth/account.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServices, type TestServices } from "#tests/helpers/services";
import { startSmtpSink, type SmtpSink } from "#tests/helpers/smtp";

let smtp: SmtpSink;
let started: TestServices;
const client = { ip: "127.0.0.1" };

beforeAll(async () => {
  smtp = await startSmtpSink();
  started = await startTestServices({ SMTP_URL: smtp.url, PUBLIC_URL: "https://educator.example" });
});
afterAll(async () => {
  await started.stop();
  await smtp.close();
});

const mailsTo = (email: string) => smtp.inbox.filter((message) => message.to.includes(email));

async function waitFor(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`email verification through SMTP (${testDatabaseKind})`, () => {
  it("sends the link, refuses sign-in until it is opened, then lets the user in", async () => {
    const result = await signUp({ email: "new.teacher@example.com", password: "new-teacher-secret" }, client);
    expect(result.sessionToken).toBeNull();
    const token = new URL(await smtp.linkFor("new.teacher@example.com", "https://educator.example/auth/verify?token=")).searchParams.get("token")!;
    expect(mailsTo("new.teacher@example.com")[0]!.body).toContain("Subject: Confirm your email for The Educator");

    const refused = await signIn({ email: "new.teacher@example.com", password: "new-teacher-secret" }, client).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthError);
    expect((refused as AuthError).message).toBe("Please confirm your email first: open the link we sent you.");

    expect(await verifyEmail(token)).toBe(true);
    expect(await verifyEmail(token)).toBe(false); // one use only
    expect(await signIn({ email: "new.teacher@example.com", password: "new-teacher-secret" }, client)).toEqual(expect.any(String));
  });

  it("answers a sign-up the same whether or not the email is taken, and mails its owner instead", async () => {
    const { db } = started.services;
    const email = "taken@example.com";
    await createAccount(db, { email, password: "the-owners-secret", role: "user", verified: true });
    const again = await signUp({ email: "Taken@Example.com", password: "someone-elses-secret" }, { ip: "127.0.0.2" });
    const fresh = await signUp({ email: "not-taken@example.com", password: "someone-elses-secret" }, { ip: "127.0.0.2" });
    // The same answer (no session, nothing said), and the caller learns nothing from it but the new account's id.
    expect(again).toEqual({ userId: null, sessionToken: null });
    expect(fresh).toEqual({ userId: expect.any(String), sessionToken: null });

    await waitFor(() => mailsTo(email).length > 0, "the note to the owner");
    const note = mailsTo(email)[0]!.body;
    expect(note).toContain("Subject: You already have an account at The Educator");
    expect(note).toContain("https://educator.example/auth/forgot");
    expect(note).not.toContain("/auth/verify?token=");
    // The owner's password is untouched.
    expect(await signIn({ email, password: "the-owners-secret" }, { ip: "127.0.0.3" })).toEqual(expect.any(String));
  });

  it("sends a new confirmation link when the taken email is still waiting for one", async () => {
    const email = "still-waiting@example.com";
    await signUp({ email, password: "waiting-secret" }, { ip: "127.0.0.4" });
    await smtp.linkFor(email, "https://educator.example/auth/verify?token=");
    await signUp({ email, password: "waiting-secret" }, { ip: "127.0.0.4" });
    await waitFor(() => mailsTo(email).length === 2, "a second confirmation link");
    expect(mailsTo(email).every((mail) => mail.body.includes("https://educator.example/auth/verify?token="))).toBe(true);
  });
});

describe(`account mails leave the request (${testDatabaseKind})`, () => {
  it("answers at once while the mail server hangs; the mails wait in the queue", async () => {
    // An SMTP server that accepts connections and never says a word.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const hanging = await startTestServices({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
    try {
      const { db } = hanging.services;
      await createAccount(db, { email: "known@example.com", password: "known-secret", role: "user", verified: true });
      for (const email of ["known@example.com", "unknown@example.com"]) {
        const started = performance.now();
        await requestPasswordReset({ email }, { ip: "127.0.0.5" });
        expect(performance.now() - started).toBeLessThan(1000);
      }
      const signUpStarted = performance.now();
      await signUp({ email: "hanging@example.com", password: "hanging-secret" }, { ip: "127.0.0.6" });
      expect(performance.now() - signUpStarted).toBeLessThan(2000); // a password hash, no mail
      // Both resets were queued alike, known account or not; the queue looks it up when it sends.
      const queued = await db.select({ kind: mailQueue.kind, email: mailQueue.email }).from(mailQueue).where(eq(mailQueue.kind, "password-reset"));
      expect(queued.map((row) => row.email).sort()).toEqual(["known@example.com", "unknown@example.com"]);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await hanging.stop();
    }
  });
});
