import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthError, signIn, signUp, verifyEmail } from "../../app/server/auth.server";
import { testDatabaseKind } from "../helpers/database";
import { startTestServices, type TestServices } from "../helpers/services";

interface ReceivedMail {
  to: string[];
  body: string;
}

let smtp: SMTPServer;
let started: TestServices;
const inbox: ReceivedMail[] = [];
const client = { ip: "127.0.0.1" };

beforeAll(async () => {
  // A real SMTP server on loopback: the mailer is tested at the network edge.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  started = await startTestServices({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "https://educator.example" });
});
afterAll(async () => {
  await started.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe(`email verification through SMTP (${testDatabaseKind})`, () => {
  it("sends the link, refuses sign-in until it is opened, then lets the user in", async () => {
    const result = await signUp({ email: "new.teacher@example.com", password: "123456" }, client);
    expect(result.sessionToken).toBeNull();
    const mail = inbox.find((message) => message.to.includes("new.teacher@example.com"))!;
    expect(mail.body).toContain("Subject: Confirm your email for The Educator");
    const body = mail.body.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const token = /https:\/\/educator\.example\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(body)![1]!;

    const refused = await signIn({ email: "new.teacher@example.com", password: "123456" }, client).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthError);
    expect((refused as AuthError).message).toBe("Please confirm your email first: open the link we sent you.");

    expect(await verifyEmail(token)).toBe(true);
    expect(await verifyEmail(token)).toBe(false); // one use only
    expect(await signIn({ email: "new.teacher@example.com", password: "123456" }, client)).toEqual(expect.any(String));
  });
});
