import type { Logger } from "pino";
import type { Transporter } from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`. */
  html?: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

/** Email with one face and two bodies: SMTP when configured, otherwise the log is the outbox. */
export interface Mailer {
  readonly delivers: boolean;
  send(mail: Mail): Promise<void>;
}

/**
 * A mail hangs no longer than this (nodemailer's own defaults run to ten minutes): the newsletter's
 * queue holds a mail being sent for a few minutes (its lease) and counts on it being over by then.
 */
const smtpTimeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function createMailer(options: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  if (!options.smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        options.log.info({ to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers }, "email not sent (no SMTP_URL): outbox");
      },
    };
  }
  const smtpUrl = options.smtpUrl;
  // nodemailer loads with the first mail, not with the server (a tenth of a second of its start).
  let transport: Promise<Transporter> | undefined;
  return {
    delivers: true,
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
