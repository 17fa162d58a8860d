import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { makePrivateFolder, privateFileMode } from "#app/server/db/private-folder.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`. */
  html?: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

/** Email with one face and two bodies: SMTP when configured, otherwise a folder of .eml files is the outbox. */
export interface Mailer {
  readonly delivers: boolean;
  /** Where mails are written when none can leave (no SMTP_URL): the outbox folder; null when they are sent. */
  readonly outbox: string | null;
  send(mail: Mail): Promise<void>;
}

/**
 * A mail hangs no longer than this (nodemailer's own defaults run to ten minutes): the newsletter's
 * queue holds a mail being sent for a few minutes (its lease) and counts on it being over by then.
 */
const smtpTimeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function createMailer(options: { smtpUrl?: string; from: string; log: Logger; outboxDir: string }): Mailer {
  if (!options.smtpUrl) {
    const { outboxDir, log } = options;
    return {
      delivers: false,
      outbox: outboxDir,
      // Mails carry sign-in links and addresses, which the log must never hold: the log only says where the mail is.
      async send(mail) {
        makePrivateFolder(outboxDir);
        const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.eml`);
        await fs.writeFile(file, outboxMessage(options.from, mail), { mode: privateFileMode, flag: "wx" });
        log.info({ file }, "email not sent (no SMTP_URL): written to the outbox folder");
      },
    };
  }
  const smtpUrl = options.smtpUrl;
  // nodemailer loads with the first mail, not with the server (a tenth of a second of its start).
  let transport: Promise<Transporter> | undefined;
  return {
    delivers: true,
    outbox: null,
    async send(mail) {
      transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport({ url: smtpUrl, ...smtpTimeouts }));
      await (await transport).sendMail({ from: options.from, ...mail });
    },
  };
}

/**
 * Whether a failure may be tried again without risk of a second copy: the server answered 4xx
 * ("try later"), or no connection was made. A failure after the message went out with no answer
 * (a dropped connection during DATA) is not: the server may have taken it.
 */
export function isTemporaryFailure(error: unknown): boolean {
  const failure = error as { responseCode?: number; code?: string; command?: string };
  if (typeof failure.responseCode === "number") return failure.responseCode >= 400 && failure.responseCode < 500;
  return failure.command === "CONN" || failure.code === "ECONNECTION" || failure.code === "ECONNREFUSED";
}

/** A mail as a plain-text .eml file, which any mail program opens. */
function outboxMessage(from: string, mail: Mail): string {
  const headers = {
    From: from,
    To: mail.to,
    Subject: mail.subject,
    Date: new Date().toUTCString(),
    ...mail.headers,
    "Content-Type": "text/plain; charset=utf-8",
  };
  return `${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value.replace(/[\r\n]+/g, " ")}`)
    .join("\r\n")}\r\n\r\n${mail.text}\r\n`;
}

/**
 * What a queue writes on a mail whose sending failed: queued again after a wait that doubles with
 * each try while the failure is temporary and tries remain, else failed; with the error's message.
 */
export function failedSendUpdate(error: unknown, attempts: number, policy: { maxAttempts: number; retrySeconds: number }) {
  const retry = isTemporaryFailure(error) && attempts < policy.maxAttempts;
  const waitSeconds = policy.retrySeconds * 2 ** (attempts - 1);
  return {
    retry,
    set: {
      status: retry ? ("queued" as const) : ("failed" as const),
      lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      nextAttemptAt: retry ? sql`now() + make_interval(secs => ${waitSeconds})` : undefined,
    },
  };
}
