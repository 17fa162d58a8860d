import proxyaddr from "proxy-addr";
import { z } from "zod";
import { plural } from "#app/lib/plural";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(p)), {
      message: `must start with ${protocols.join(" or ")}`,
    })
    .refine((value) => value === undefined || URL.canParse(value), { message: "is not a valid URL" });

/**
 * Which proxies in front of the server may name the client (X-Forwarded-For is read from the
 * right, past them): none, a count of hops, or a list of their addresses or subnets.
 */
const trustProxy = z
  .string()
  .default("false")
  .transform((value, ctx): false | number | string[] => {
    const flag = value.trim().toLowerCase();
    if (["false", "0", "no"].includes(flag)) return false;
    // "true" is one proxy, our own: trusting every hop would let a client write its own address.
    if (["true", "yes"].includes(flag)) return 1;
    if (/^\d+$/.test(flag)) return Number(flag);
    const addresses = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    try {
      proxyaddr.compile(addresses);
      return addresses;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses" });
      return z.NEVER;
    }
  });

/** RSS/Atom feeds of Zambian and international education news, read by the news scanner. */
const defaultNewsFeeds = [
  "https://www.lusakatimes.com/feed/",
  "https://www.znbc.co.zm/news/feed/",
  "https://diggers.news/feed/",
  "https://feeds.bbci.co.uk/news/education/rss.xml",
  "https://www.theguardian.com/education/rss",
  "https://news.un.org/feed/subscribe/en/news/topic/culture-and-education/feed/rss.xml",
  "https://hechingerreport.org/feed/",
];

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number({ message: "must be a number" }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
    PUBLIC_URL: optionalUrl(["http://", "https://"]),
    OWNER_EMAIL: z.email({ message: "must be an email address" }).optional(),
    OWNER_PASSWORD: z.string().min(6, { message: "must be at least 6 characters" }).optional(),
    SEED_DEMO: booleanFlag.default(true),
    SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    STORAGE_DRIVER: z.enum(["local", "s3"], { message: "must be local or s3" }).default("local"),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ENDPOINT: optionalUrl(["http://", "https://"]),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    /** Where browsers fetch stored files (a CDN or the bucket's public address). */
    S3_PUBLIC_URL: optionalUrl(["http://", "https://"]),
    SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
    MAIL_FROM: z.string().default("The Educator <no-reply@localhost>"),
    /** Any OpenAI-compatible chat-completions API (OpenAI, Ollama, vLLM, LM Studio); unset = the offline draft generator. */
    AI_BASE_URL: optionalUrl(["http://", "https://"]),
    AI_API_KEY: z.string().min(1).optional(),
    AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    /** How long the AI provider may stay silent (before its first token or between tokens). */
    AI_TIMEOUT_SECONDS: z.coerce.number({ message: "must be a number" }).int().min(1).max(600).default(60),
    NEWS_FEEDS: z
      .string()
      .default(defaultNewsFeeds.join(","))
      .transform((value) =>
        value
          .split(",")
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .refine((urls) => urls.every((url) => /^https?:\/\//.test(url) && URL.canParse(url)), { message: "must be comma-separated http(s) URLs" }),
    NEWS_REFRESH_MINUTES: z.coerce
      .number({ message: "must be a number" })
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    VACUUM_INTERVAL_MINUTES: z.coerce.number({ message: "must be a number" }).int().min(1).default(360),
    /** Multiplies every rate limit; 1 in production. */
    RATE_LIMIT_SCALE: z.coerce.number({ message: "must be a number" }).positive({ message: "must be above 0" }).default(1),
    /** Raw page views older than this are deleted; the daily rollups keep every count. */
    PAGE_VIEW_RETENTION_DAYS: z.coerce.number({ message: "must be a number" }).int().min(1).default(90),
    TRUST_PROXY: trustProxy,
    /** How often an open event stream looks at its session again (closed once signed out, revoked, expired or no longer staff). */
    EVENT_STREAM_RECHECK_SECONDS: z.coerce.number({ message: "must be a number" }).positive({ message: "must be above 0" }).max(60).default(60),
    /** A role change asks for the admin's password again once it was typed longer ago than this (at most 10; 0: every time). */
    PASSWORD_RECHECK_MINUTES: z.coerce.number({ message: "must be a number" }).min(0).max(10).default(10),
    /** Anonymous reader pages are served from a cache of rendered responses; false renders every request. */
    PAGE_CACHE: booleanFlag.default(true),
    /** Every admin is emailed when a comment awaits moderation. */
    COMMENT_ALERTS: booleanFlag.default(false),
    /** Whether this instance sends the newsletter's queued mails (any number of instances may; each mail goes once). */
    NEWSLETTER_WORKER: booleanFlag.default(true),
    /** Newsletter mails per second, per sending instance. */
    NEWSLETTER_RATE_PER_SECOND: z.coerce.number({ message: "must be a number" }).positive({ message: "must be above 0" }).max(1000).default(5),
    /** Tries of one newsletter mail on temporary SMTP failures (4xx, no connection) before it counts as failed. */
    NEWSLETTER_MAX_ATTEMPTS: z.coerce.number({ message: "must be a number" }).int().min(1).max(20).default(4),
    /** Wait before the first retry of a newsletter mail; each next retry waits twice as long. */
    NEWSLETTER_RETRY_SECONDS: z.coerce.number({ message: "must be a number" }).positive({ message: "must be above 0" }).default(60),
    /** Whether this instance makes the school packs asked for (any number may; each pack is made once). */
    SCHOOL_PACK_WORKER: booleanFlag.default(true),
    /** Resources larger than this stay out of a school pack made on the server (its page links to them online). */
    SCHOOL_PACK_MAX_RESOURCE_MB: z.coerce.number({ message: "must be a number" }).positive({ message: "must be above 0" }).max(1024).default(5),
    /** Whether this instance sends the webhook deliveries waiting (any number may; each is sent by one at a time). */
    WEBHOOK_WORKER: booleanFlag.default(true),
    /**
     * Whether webhooks and imports (their images) may reach this machine and private networks. Off,
     * only public addresses are fetched: an admin-given address cannot probe what lies behind the server.
     */
    OUTBOUND_ALLOW_PRIVATE: booleanFlag.default(false),
    /** /metrics (Prometheus) answers requests carrying `Authorization: Bearer <this>`; unset (and no METRICS_ADDRESS): /metrics is off (404). */
    METRICS_TOKEN: z.string().min(16, { message: "must be at least 16 characters" }).optional(),
    /** host:port of a separate listener serving only /metrics, without a token (e.g. 127.0.0.1:9464, reachable by the scraper only). */
    METRICS_ADDRESS: z
      .string()
      .optional()
      .transform((value, ctx): { host: string; port: number } | undefined => {
        if (value === undefined) return undefined;
        const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value.trim());
        const port = Number(match?.[3]);
        if (!match || port > 65535) {
          ctx.addIssue({ code: "custom", message: "must be host:port (e.g. 127.0.0.1:9464)" });
          return z.NEVER;
        }
        return { host: (match[1] ?? match[2])!, port };
      }),
    SITE_TIMEZONE: z
      .string()
      .default("Africa/Lusaka")
      .refine((zone) => Intl.supportedValuesOf("timeZone").includes(zone) || zone === "UTC", {
        message: "is not a known time zone",
      }),
  })
  .superRefine((value, ctx) => {
    if (value.STORAGE_DRIVER === "s3") {
      for (const name of ["S3_BUCKET", "S3_PUBLIC_URL"] as const) {
        if (!value[name]) ctx.addIssue({ code: "custom", path: [name], message: "must be set when STORAGE_DRIVER is s3" });
      }
    }
    if (value.NODE_ENV === "production" && !value.PUBLIC_URL && !isLoopback(value.HOST)) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "must be set in production when HOST is not a loopback address (links in emails, feeds and cookies are built from it)",
      });
    }
    if (value.OWNER_PASSWORD && !value.OWNER_EMAIL) {
      ctx.addIssue({ code: "custom", path: ["OWNER_EMAIL"], message: "must be set when OWNER_PASSWORD is set" });
    }
  });

function isLoopback(host: string) {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** Variables whose values must never reach a log or a terminal. */
const secretVariables = new Set(["OWNER_PASSWORD", "SESSION_SECRET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "AI_API_KEY", "METRICS_TOKEN"]);

/** What a config error may show of a value: secrets not at all, URLs without their password. */
function printable(variable: string, value: string | undefined): string {
  if (value === undefined) return '""';
  if (secretVariables.has(variable)) return `a value of ${plural(value.length, { one: "character", other: "characters" })}`;
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, "$1:***@"));
}

export type Config = z.output<typeof configSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = issue.path.join(".") || "environment";
    throw new ConfigError(`Invalid configuration: ${variable} ${issue.message} (got ${printable(variable, present[variable])})`);
  }
  const config = result.data;
  return { ...config, PUBLIC_URL: publicUrlOf(config) };
}

/** Where the server listens, as a browser on this machine opens it (a wildcard HOST as localhost). */
export function listeningUrlOf({ HOST, PORT }: { HOST: string; PORT: number }): string {
  const host = HOST === "0.0.0.0" || HOST === "::" ? "localhost" : HOST.includes(":") && !HOST.startsWith("[") ? `[${HOST}]` : HOST;
  return `http://${host}:${PORT}`;
}

/**
 * The one address every link is made with (mails, feeds, shares, print, the admin CLI's reset links):
 * PUBLIC_URL, else the address the server listens on, the one its start-up line prints.
 */
export function publicUrlOf(settings: { PUBLIC_URL?: string; HOST: string; PORT: number }): string {
  return settings.PUBLIC_URL ? settings.PUBLIC_URL.replace(/\/+$/, "") : listeningUrlOf(settings);
}
