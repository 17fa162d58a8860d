import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthError, signIn, signUp, verifyEmail } from "#app/server/auth/auth.server";
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

describe(`email verification through SMTP (${testDatabaseKind})`, () => {
  it("sends the link, refuses sign-in until it is opened, then lets the user in", async () => {
    const result = await signUp({ email: "new.teacher@example.com", password: "123456" }, client);
    expect(result.sessionToken).toBeNull();
    const mail = smtp.inbox.find((message) => message.to.includes("new.teacher@example.com"))!;
    expect(mail.body).toContain("Subject: Confirm your email for The Educator");
    const token = new URL(await smtp.linkFor("new.teacher@example.com", "https://educator.example/auth/verify?token=")).searchParams.get("token")!;

    const refused = await signIn({ email: "new.teacher@example.com", password: "123456" }, client).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthError);
    expect((refused as AuthError).message).toBe("Please confirm your email first: open the link we sent you.");

    expect(await verifyEmail(token)).toBe(true);
    expect(await verifyEmail(token)).toBe(false); // one use only
    expect(await signIn({ email: "new.teacher@example.com", password: "123456" }, client)).toEqual(expect.any(String));
  });
});
