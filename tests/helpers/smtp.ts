import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  /** The raw message, quoted-printable soft breaks undone. */
  body: string;
}

export interface SmtpSink {
  url: string;
  inbox: ReceivedMail[];
  /** The first link in a mail to `to` whose address starts with `prefix`, waiting for the mail up to `timeoutMs`. */
  linkFor(to: string, prefix: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback: mail is tested at the network edge. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), body: body.replace(/=\r?\n/g, "").replace(/=3D/g, "=") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    async linkFor(to, prefix, timeoutMs = 5000) {
      const pattern = new RegExp(`${escape(prefix)}[^\\s]*`);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = [...inbox].reverse().find((message) => message.to.includes(to) && pattern.test(message.body));
        if (mail) return pattern.exec(mail.body)![0];
        if (Date.now() > deadline) throw new Error(`No mail to ${to} with a link starting ${prefix}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
