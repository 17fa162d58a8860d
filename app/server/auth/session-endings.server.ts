import { and, eq, gt } from "drizzle-orm";
import { sessionEndings, sessions } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import { services } from "#app/server/core/services.server";
import { getUser, readSessionToken, sessionCookies, sha256 } from "./auth.server";

export type SignOutReason = (typeof sessionEndings.$inferInsert)["reason"];

/** What a browser signed out for a reason is told on its next visit. */
export const signOutReasonTexts: Record<SignOutReason, string> = {
  "role-changed": "Your role was changed by an administrator, so you were signed out. Please sign in again.",
};

/**
 * Signs an account out everywhere and keeps why under each ended session's token hash, for the
 * browser holding it (see signOutNotice). Run it in the transaction of the change. Returns how
 * many sessions ended.
 */
export async function endSessions(db: AppDb, userId: string, reason: SignOutReason): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ tokenHash: sessions.tokenHash, expiresAt: sessions.expiresAt });
  if (ended.length > 0)
    await db
      .insert(sessionEndings)
      .values(ended.map((session) => ({ ...session, userId, reason })))
      .onConflictDoNothing();
  return ended.length;
}

export interface SignOutNotice {
  /** What to show this browser. */
  text: string;
  /** The Set-Cookie headers that forget its dead session cookie and its viewer hint: it is told once. */
  clearCookies: string[];
}

const notices = new WeakMap<Request, Promise<SignOutNotice | null>>();

/**
 * Why this browser was signed out, when the session its cookie names was ended for a reason and it
 * has no live one; null otherwise. Only the holder of that token can ask (it is looked up by the
 * token's hash), and the answer comes with the header that clears the cookie, so the browser is
 * told on the first page that shows it and never again. Looked up once per request, and only for
 * a cookie that names no live session, so a signed-in request costs nothing more.
 */
export function signOutNotice(request: Request): Promise<SignOutNotice | null> {
  let notice = notices.get(request);
  if (!notice) {
    notice = lookUpNotice(request);
    notices.set(request, notice);
  }
  return notice;
}

async function lookUpNotice(request: Request): Promise<SignOutNotice | null> {
  if (await getUser(request)) return null;
  const token = await readSessionToken(request);
  if (!token) return null;
  const [ending] = await services()
    .db.select({ reason: sessionEndings.reason })
    .from(sessionEndings)
    .where(and(eq(sessionEndings.tokenHash, sha256(token)), gt(sessionEndings.expiresAt, new Date())));
  return ending ? { text: signOutReasonTexts[ending.reason], clearCookies: await sessionCookies(null) } : null;
}
