import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";
import { createMailer } from "./mail.server";

describe("the outbox without SMTP_URL", () => {
  it("keeps each mail as a private .eml file and logs only where it is, never the address or the link", async () => {
    const lines: string[] = [];
    const log = createLogger("info", { write: (line: string) => void lines.push(line) });
    const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "educator-mail-")), "outbox");
    const mailer = createMailer({ from: "The Educator <no-reply@localhost>", log, outboxDir });
    expect(mailer.delivers).toBe(false);

    const link = "http://localhost:3000/auth/reset?token=s3cret-t0ken";
    await mailer.send({ to: "teacher@example.org", subject: "Reset your password\r\nBcc: x@evil.example", text: `Choose a new password: ${link}` });

    const [file] = fs.readdirSync(outboxDir);
    expect(file).toMatch(/\.eml$/);
    const mail = fs.readFileSync(path.join(outboxDir, file!), "utf8");
    expect(mail).toContain("To: teacher@example.org\r\n");
    expect(mail).toContain("Subject: Reset your password Bcc: x@evil.example\r\n"); // one header line, not two
    expect(mail).toContain(link);
    expect(fs.statSync(path.join(outboxDir, file!)).mode & 0o077).toBe(0);
    expect(fs.statSync(outboxDir).mode & 0o077).toBe(0);

    const written = lines.join("");
    expect(written).toContain("written to the outbox folder");
    expect(written).toContain(file);
    for (const secret of ["teacher@example.org", "s3cret-t0ken", "Choose a new password"]) expect(written).not.toContain(secret);
  });
});
