import pino, { type DestinationStream, type Logger } from "pino";

/** Fields that may carry a secret wherever they appear in a log entry (one level deep). */
const secretFields = ["password", "passwordHash", "currentPassword", "newPassword", "token", "sessionSecret", "cookie", "authorization", "apiKey"];

/** The server's logger (to stdout unless told otherwise): secrets in logged objects are replaced, never written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: secretFields.flatMap((field) => [field, `*.${field}`]), censor: "[redacted]" } };
  return destination ? pino(options, destination) : pino(options);
}
