import { eq, inArray } from "drizzle-orm";
import { appSettings, sessions, users } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import type { Realtime } from "#app/server/core/realtime.server";

// Until the site's owner has signed in once, every start says how to sign in (the password is printed
// only when it is made, and never kept in clear). "Has signed in" is read from the database: a session
// of the owner's seen at a start, or one that ended while a server ran (a session that ends existed).
// It is remembered in app_settings as the owner's id, so a new owner starts unsigned-in again.

const ownerKey = "owner_user_id";
const signedInKey = "owner_signed_in";

export interface OwnerSignIn {
  userId: string;
  email: string;
  signedIn: boolean;
}

async function rememberSignedIn(db: AppDb, userId: string) {
  await db
    .insert(appSettings)
    .values({ key: signedInKey, value: userId })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: userId } });
}

/** The owner the server made sure of (OWNER_EMAIL, or the one it created), and whether they have ever signed in. */
export async function ownerSignIn(db: AppDb): Promise<OwnerSignIn | null> {
  const settings = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, [ownerKey, signedInKey]));
  const userId = settings.find((row) => row.key === ownerKey)?.value;
  if (!userId) return null;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!owner) return null;
  if (settings.find((row) => row.key === signedInKey)?.value === userId) return { userId, email: owner.email, signedIn: true };
  const [session] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.userId, userId)).limit(1);
  if (session) await rememberSignedIn(db, userId);
  return { userId, email: owner.email, signedIn: session !== undefined };
}

/** A new password made up by the server: its owner has not signed in with it yet. */
export async function forgetOwnerSignIn(db: AppDb) {
  await db.delete(appSettings).where(eq(appSettings.key, signedInKey));
}

/** Remembers the owner's first sign-in when one of their sessions ends (signed out, idle, revoked), on whichever instance hears it. */
export function watchOwnerSignIn(db: AppDb, realtime: Realtime, userId: string, onError: (error: unknown) => void): () => void {
  const stop = realtime.subscribeAccess((changed) => {
    if (changed !== userId) return;
    stop();
    rememberSignedIn(db, userId).catch(onError);
  });
  return stop;
}
