import pino, { type DestinationStream, type Logger } from "pino";

/**
 * Fields that may carry a secret or what a person wrote wherever they appear in a log entry (one
 * level deep): passwords, tokens, cookies, emails, names, message bodies and query parameters.
 */
const privateFields = [
  "password",
  "passwordHash",
  "currentPassword",
  "newPassword",
  "emailPassword",
  "deletePassword",
  "token",
  "sessionSecret",
  "cookie",
  "authorization",
  "apiKey",
  "email",
  "newEmail",
  "oldEmail",
  "displayName",
  "firstName",
  "lastName",
  "content",
  "body",
  "params",
  "parameters",
];

// An email address in a message (an SMTP refusal quotes its recipient).
const emailAddress = /[^\s@"'<>()[\]]+@[^\s@"'<>()[\]]+\.[a-z]{2,}/gi;

/**
 * What a logged error may say. A failed query's message carries its parameters (Drizzle's
 * "Failed query: …\nparams: …"), and a database's message may quote the value it refused
 * (`invalid input syntax for type uuid: "…"`): both are cut, as are email addresses.
 */
function safeMessage(message: string, fromDatabase: boolean): string {
  let safe = message.replace(/\nparams: [\s\S]*$/, "");
  if (fromDatabase) safe = safe.replace(/: "[\s\S]*$/, "");
  return safe.replace(emailAddress, "[email]");
}

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  /** A database error's SQLSTATE, and the constraint, table or column it names. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The failed statement, with its placeholders ($1) and never their values. */
  query?: string;
  cause?: LoggedError;
}

/**
 * A database error's `detail` ("Key (email)=(…) already exists"), `where`, `params` and the like
 * are left out: only its kind, its cut message, its place in the code and its statement are kept.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: safeMessage(String(error), false) };
  const fields = error as Error & { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown; query?: unknown };
  const code = typeof fields.code === "string" ? fields.code : undefined;
  const fromDatabase = code !== undefined && /^[0-9A-Z]{5}$/.test(code);
  const message = safeMessage(error.message, fromDatabase);
  const frames = error.stack?.split("\n").filter((line) => line.startsWith("    at "));
  const logged: LoggedError = { type: error.constructor?.name || error.name, message };
  if (frames?.length) logged.stack = [`${error.name}: ${message}`, ...frames].join("\n");
  if (code) logged.code = code;
  for (const key of ["constraint", "table", "column"] as const) if (typeof fields[key] === "string") logged[key] = fields[key];
  if (typeof fields.query === "string") logged.query = fields.query;
  if (error.cause !== undefined && depth < 5) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** The server's logger (to stdout unless told otherwise): secrets and people's data in logged objects are replaced, never written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: privateFields.flatMap((field) => [field, `*.${field}`]), censor: "[redacted]" },
    serializers: { err: serializeError, error: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
