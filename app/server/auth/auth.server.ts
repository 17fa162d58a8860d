import crypto from "node:crypto";
import { promisify } from "node:util";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { createCookie, redirect, type RouterContextProvider } from "react-router";
import { appSettings, emailChanges, emailVerifications, passwordResets, profiles, sessions, users, type Role } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import { sqlState } from "#app/server/db/types.server";
import { closeFor, countHit, describeWait, forgetKeys, hitRateLimits, rateLimitScale, secondsClosed } from "./rate-limit.server";
import { services } from "#app/server/core/services.server";
import { newToken, normalizeEmail, sha256 } from "./tokens.server";
import { addressKey } from "#app/server/core/address-key.server";
import { validateDisplayName } from "#app/lib/comment-schema";
import { commonPasswordMessage, credentialsSchema, newPasswordSchema } from "#app/lib/auth-schema";
import { isStaff } from "#app/lib/access";
import { passwordNeededText } from "#app/lib/account-texts";
import { sessionCookieName } from "#app/lib/internal-headers";
import { viewerCookieName, type ViewerHint } from "#app/lib/viewer";
import { requestValues } from "#app/server/core/request-context.server";
import { isCommonPassword } from "./common-passwords.server";
import { queueAccountMail, wakeMailQueue } from "./account-mail.server";
import { siteSettings } from "#app/server/core/site-settings.server";
import { invitationOnlyText } from "#app/lib/site-settings";

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
// scrypt with N=2^15, r=8: 32 MiB of memory per hash, which makes GPU guessing expensive.
const scryptParams = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const sessionDays = 30;
/** A staff session ends after this long without a request (a reader's lives its 30 days). */
export const staffIdleMs = 12 * 60 * 60 * 1000;
/** A session's last use is written at most this often. */
const lastUsedStepMs = 60 * 1000;

export class AuthError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Sign-up with an email that already has an account (said only when no mail can go to its owner instead). */
export class EmailTakenError extends AuthError {
  constructor() {
    super("An account with this email already exists. Please sign in instead.");
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, 32, scryptParams);
  return `scrypt$${scryptParams.N}$${scryptParams.r}$${scryptParams.p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: scryptParams.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

// A real hash to compare against when the email is unknown, so timing does not reveal which emails exist.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return decoyHash;
}

/** "Chrome on Android" from a user agent, for the list of an account's sessions. */
export function deviceLabel(userAgent: string): string {
  const browser = [
    [/Edg\//, "Edge"],
    [/OPR\/|Opera/, "Opera"],
    [/SamsungBrowser/, "Samsung Internet"],
    [/Firefox\//, "Firefox"],
    [/Chrome\/|CriOS/, "Chrome"],
    [/Safari\//, "Safari"],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1];
  const system = [
    [/Android/, "Android"],
    [/iPhone|iPad|iPod/, "iOS"],
    [/Windows/, "Windows"],
    [/Mac OS X|Macintosh/, "macOS"],
    [/CrOS/, "ChromeOS"],
    [/Linux/, "Linux"],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return (browser ?? system ?? "Unknown device") as string;
}

export { newToken, normalizeEmail, sha256 };

/** The first display name: the email's local part, dots and the like as spaces ("mutinta.hamoonga" → "mutinta hamoonga"). */
export function displayNameFromEmail(email: string): string {
  const checked = validateDisplayName(email.split("@")[0]!.replace(/[._+]+/g, " "));
  return checked.ok ? checked.name : "Reader";
}

/** Returns the SESSION_SECRET, or the one generated the first time any instance started. */
export async function loadSessionSecret(db: AppDb, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: "session_secret", value: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "session_secret"));
  return row!.value;
}

function sessionCookie() {
  const { config, sessionSecret } = services();
  const https = config.PUBLIC_URL.startsWith("https://");
  // On https the __Host- prefix makes browsers refuse the cookie unless it is Secure, for this host only, on every path.
  return createCookie(https ? `__Host-${sessionCookieName}` : sessionCookieName, {
    httpOnly: true,
    sameSite: "lax",
    secure: https,
    path: "/",
    maxAge: sessionDays * 24 * 60 * 60,
    secrets: [sessionSecret],
  });
}

export interface SessionUser {
  id: string;
  email: string;
  displayName: string | null;
  role: Role;
  avatarUrl: string | null;
  /** When the password was last typed in this session (sign-in, or asked again). */
  passwordConfirmedAt: Date;
}

export interface ClientInfo {
  /** The client's address, used only as a rate-limit key; never stored with any content. */
  ip: string;
  /** Only its summary is kept, with a session ("Chrome on Android"). */
  userAgent?: string;
}

/** Who is asking: the address the server read (in the load context, never a header) and the browser's user agent. */
export function clientInfo(request: Request, context: Readonly<RouterContextProvider>): ClientInfo {
  return { ip: requestValues(context).clientAddress, userAgent: request.headers.get("user-agent") ?? undefined };
}

export async function createSession(db: AppDb, userId: string, client?: ClientInfo): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + sessionDays * 24 * 60 * 60 * 1000),
    device: client?.userAgent ? deviceLabel(client.userAgent) : null,
  });
  return token;
}

/** Signs an account out everywhere, or everywhere but the session `keepTokenHash` names. */
export async function revokeSessions(db: AppDb, userId: string, keepTokenHash?: string) {
  await db.delete(sessions).where(keepTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.userId, userId));
}

/**
 * What every change of who holds an account does (a password reset or change, "sign out
 * everywhere else", the owner's takeover): its reset links and pending email changes die, and its
 * sessions end, all of them or all but this device's. Run it in the transaction of that change.
 */
export async function secureAccount(db: AppDb, userId: string, keepTokenHash?: string) {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await db.delete(emailChanges).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt)));
  await revokeSessions(db, userId, keepTokenHash);
}

/**
 * The viewer hint beside the session cookie (app/lib/viewer.ts): readable by the page, it only
 * says which variant of a reader page to show, and lives as long as the session cookie.
 */
function viewerHintCookie(hint: ViewerHint | null): string {
  const https = services().config.PUBLIC_URL.startsWith("https://");
  const attributes = `Path=/; SameSite=Lax${https ? "; Secure" : ""}`;
  return hint ? `${viewerCookieName}=${hint}; Max-Age=${sessionDays * 24 * 60 * 60}; ${attributes}` : `${viewerCookieName}=; Max-Age=0; ${attributes}`;
}

/** The hint for a role: staff see the Admin Dashboard link. */
export const viewerHintOf = (role: Role): ViewerHint => (isStaff(role) ? "staff" : "reader");

/** The cookies that start a session (its token, and the viewer hint for the account's role), or end one (null). */
export async function sessionCookies(token: string | null): Promise<string[]> {
  const cookie = sessionCookie();
  if (!token) return [await cookie.serialize("", { maxAge: 0 }), viewerHintCookie(null)];
  const [session] = await services()
    .db.select({ role: profiles.role })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256(token)));
  return [await cookie.serialize(token), viewerHintCookie(session ? viewerHintOf(session.role) : null)];
}

/** The viewer hint the browser sent, as the head script reads it (its raw value), or null. */
function sentViewerHint(request: Request): string | null {
  return new RegExp(`(?:^|;\\s*)${viewerCookieName}=([^;]*)`).exec(request.headers.get("Cookie") ?? "")?.[1] ?? null;
}

/** The Set-Cookie header that puts the browser's viewer hint right for `user` (none signed in: cleared), or null when it is right. */
export function viewerHintCorrection(request: Request, user: Pick<SessionUser, "role"> | null): string | null {
  const hint = user ? viewerHintOf(user.role) : null;
  return sentViewerHint(request) === hint ? null : viewerHintCookie(hint);
}

const tooManyAttempts = (wait: number) => new AuthError(`Too many attempts. Please try again in ${describeWait(wait)}.`, 429);

async function limitSignUps(db: AppDb, email: string, client: ClientInfo) {
  const wait = await hitRateLimits(db, [
    { key: `sign-up:ip:${addressKey(client.ip)}`, limit: 10, windowSeconds: 15 * 60 },
    { key: `sign-up:email:${email}`, limit: 5, windowSeconds: 15 * 60 },
  ]);
  if (wait !== null) throw tooManyAttempts(wait);
}

/**
 * Sign-in limits. Per client address, 30 attempts per 15 minutes whatever the email (password
 * spraying). Per email *and* address, 5 failures an hour are free, then each failure closes that
 * pair for twice as long as the last (2 s, 4 s, … up to 15 minutes): guessing one password stays
 * slow, while a stranger's failures never lock the account's owner out from their own address.
 */
export const signInLimits = {
  attemptsPerAddress: 30,
  addressWindowSeconds: 15 * 60,
  freeFailures: 5,
  failureWindowSeconds: 60 * 60,
  longestDelaySeconds: 15 * 60,
};

const pairKeys = (email: string, client: ClientInfo) => ({
  failures: `sign-in:failures:${email}:${addressKey(client.ip)}`,
  closed: `sign-in:closed:${email}:${addressKey(client.ip)}`,
});

async function limitSignInAttempt(db: AppDb, email: string, client: ClientInfo) {
  const addressWait = await hitRateLimits(db, [
    { key: `sign-in:ip:${addressKey(client.ip)}`, limit: signInLimits.attemptsPerAddress, windowSeconds: signInLimits.addressWindowSeconds },
  ]);
  if (addressWait !== null) throw tooManyAttempts(addressWait);
  const pairWait = await secondsClosed(db, pairKeys(email, client).closed);
  if (pairWait !== null) throw tooManyAttempts(pairWait);
}

async function countSignInFailure(db: AppDb, email: string, client: ClientInfo) {
  const keys = pairKeys(email, client);
  const { hits } = await countHit(db, keys.failures, signInLimits.failureWindowSeconds);
  const beyondFree = hits - signInLimits.freeFailures * rateLimitScale();
  if (beyondFree > 0) await closeFor(db, keys.closed, Math.min(2 ** beyondFree, signInLimits.longestDelaySeconds));
}

export interface SignUpResult {
  /** The account made; null when the email already had one (with mail: its owner was mailed instead). */
  userId: string | null;
  /** Set when the account may be used at once (no email verification to wait for). */
  sessionToken: string | null;
}

/**
 * Without mail the account works at once (nobody to confirm with, nobody to tell instead), so a
 * taken email is said. With mail the reply is the same whether or not the email is taken, after
 * the same work (a hash, an insert, a queued mail): a new account gets its confirmation link, the
 * owner of an existing one a note that someone tried.
 */
export async function signUp(input: { email: string; password: string }, client: ClientInfo): Promise<SignUpResult> {
  const { db, mailer } = services();
  // Invitation-only magazines (Settings) take new accounts only through /invite.
  if (siteSettings().signUp === "invitation") throw new AuthError(invitationOnlyText, 403);
  const { email, password } = await parseCredentials(input, "sign-up");
  await limitSignUps(db, email, client);
  if (!mailer.delivers) {
    let sessionToken: string | null = null;
    const userId = await createAccount(db, { email, password, role: "user", verified: true }, async (tx, id) => {
      sessionToken = await createSession(tx, id, client);
    });
    return { userId, sessionToken };
  }
  let userId: string | null = null;
  try {
    userId = await createAccount(db, { email, password, role: "user", verified: false }, (tx, id) =>
      queueAccountMail(tx, { kind: "verify-email", userId: id }),
    );
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    await queueAccountMail(db, { kind: "sign-up-taken", email });
  }
  wakeMailQueue();
  return { userId, sessionToken: null };
}

/**
 * Creates a login and its profile together (and whatever `alsoInTransaction` adds, such as its
 * confirmation mail). Throws EmailTakenError when the email is taken.
 */
export async function createAccount(
  db: AppDb,
  account: { email: string; password: string; role: Role; verified: boolean; displayName?: string },
  alsoInTransaction?: (tx: AppDb, userId: string) => Promise<void>,
): Promise<string> {
  const email = normalizeEmail(account.email);
  const passwordHash = await hashPassword(account.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, emailVerifiedAt: account.verified ? new Date() : null })
        .returning({ id: users.id });
      await tx.insert(profiles).values({
        id: user!.id,
        displayName: account.displayName ?? displayNameFromEmail(email),
        role: account.role,
      });
      await alsoInTransaction?.(tx, user!.id);
      return user!.id;
    });
  } catch (error) {
    if (sqlState(error) === "23505") throw new EmailTakenError();
    throw error;
  }
}

export async function verifyEmail(token: string): Promise<boolean> {
  return services().db.transaction(async (tx) => {
    const [row] = await tx
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.tokenHash, sha256(token)), gt(emailVerifications.expiresAt, new Date())))
      .returning({ userId: emailVerifications.userId });
    if (!row) return false;
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, row.userId));
    return true;
  });
}

/** A password being chosen: the shared rules, then not one of the most common passwords. */
export async function parseNewPassword(password: string): Promise<string> {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) throw new AuthError(parsed.error.issues[0]!.message);
  if (await isCommonPassword(parsed.data)) throw new AuthError(commonPasswordMessage);
  return parsed.data;
}

async function parseCredentials(input: { email: string; password: string }, action: "sign-in" | "sign-up") {
  const parsed = credentialsSchema(action).safeParse(input);
  if (!parsed.success) throw new AuthError(parsed.error.issues[0]!.message);
  if (action === "sign-up" && (await isCommonPassword(parsed.data.password))) throw new AuthError(commonPasswordMessage);
  return { email: normalizeEmail(parsed.data.email), password: parsed.data.password };
}

export async function signIn(input: { email: string; password: string }, client: ClientInfo): Promise<string> {
  const { db, mailer } = services();
  const { email, password } = await parseCredentials(input, "sign-in");
  await limitSignInAttempt(db, email, client);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !valid) {
    await countSignInFailure(db, email, client);
    throw new AuthError("Invalid email or password.", 401);
  }
  await forgetKeys(db, Object.values(pairKeys(email, client)));
  if (mailer.delivers && !user.emailVerifiedAt) {
    throw new AuthError("Please confirm your email first: open the link we sent you.", 403);
  }
  return createSession(db, user.id, client);
}

/** The session token of this request's cookie, or null. */
export async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export async function signOut(request: Request): Promise<void> {
  const token = await readSessionToken(request);
  if (token)
    await services()
      .db.delete(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
}

const userCache = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user of this request, or null. Looked up once per request. */
export function getUser(request: Request): Promise<SessionUser | null> {
  let cached = userCache.get(request);
  if (!cached) {
    cached = lookupUser(request);
    userCache.set(request, cached);
  }
  return cached;
}

/** Whether a session has ended by lying unused: a staff session after 12 hours (a reader's lives its 30 days). */
export function idledOut(role: Role, lastUsedAt: Date, now = Date.now()): boolean {
  return isStaff(role) && now - lastUsedAt.getTime() > staffIdleMs;
}

/** A staff session unused for 12 hours ends; a session's last use is written at most once a minute. */
async function lookupUser(request: Request): Promise<SessionUser | null> {
  const token = await readSessionToken(request);
  if (!token) return null;
  const { db } = services();
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: profiles.displayName,
      role: profiles.role,
      avatarUrl: profiles.avatarUrl,
      passwordConfirmedAt: sessions.passwordConfirmedAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  const { lastUsedAt, ...user } = row;
  const idleMs = Date.now() - lastUsedAt.getTime();
  if (idledOut(user.role, lastUsedAt)) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (idleMs > lastUsedStepMs) await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
  return user;
}

/** Whether the password was typed in this session within the last 10 minutes (PASSWORD_RECHECK_MINUTES). */
export function passwordIsRecent(user: SessionUser, now = Date.now()): boolean {
  return now - user.passwordConfirmedAt.getTime() < services().config.PASSWORD_RECHECK_MINUTES * 60_000;
}

export const wrongPasswordText = "Your current password is not correct.";

/** Said when a change needs the password typed again (see requireRecentPassword). */
export class PasswordNeededError extends AuthError {
  constructor() {
    super(passwordNeededText, 403);
  }
}

/**
 * For changes that ask for the password again once this session's is older than 10 minutes (a
 * role): passes when it is recent, or when `password` is right (which makes it recent again).
 * Throws PasswordNeededError when none was sent, AuthError when it is wrong.
 */
export async function requireRecentPassword(request: Request, user: SessionUser, password: string | undefined) {
  if (passwordIsRecent(user)) return;
  if (!password) throw new PasswordNeededError();
  await confirmPassword(services().db, user, (await readSessionToken(request)) ?? "", password);
}

/** Checks the account's password (10 tries per 15 minutes), and notes on this session that it was just typed. */
export async function confirmPassword(db: AppDb, user: SessionUser, sessionToken: string, password: string) {
  const wait = await hitRateLimits(db, [{ key: `account-password:${user.id}`, limit: 10, windowSeconds: 15 * 60 }]);
  if (wait !== null) throw tooManyAttempts(wait);
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!(await verifyPassword(password, row?.passwordHash ?? (await decoyPasswordHash())))) throw new AuthError(wrongPasswordText, 400);
  await db
    .update(sessions)
    .set({ passwordConfirmedAt: new Date() })
    .where(eq(sessions.tokenHash, sha256(sessionToken)));
}

function wantsJson(request: Request) {
  const url = new URL(request.url);
  return url.pathname.startsWith("/api/") || url.pathname.startsWith("/functions/") || (request.headers.get("Accept") ?? "").includes("application/json");
}

/** The signed-in user, or: a redirect to /auth for pages, 401 for API calls. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  if (wantsJson(request)) throw Response.json({ error: "Please sign in first." }, { status: 401 });
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
