import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Email with one face and two bodies: SMTP when configured, otherwise the log is the outbox. */
export interface Mailer {
  readonly delivers: boolean;
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  if (!options.smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        options.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, "email not sent (no SMTP_URL): outbox");
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}
