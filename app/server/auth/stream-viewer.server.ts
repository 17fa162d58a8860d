import { and, eq, gt } from "drizzle-orm";
import { profiles, sessions } from "#database/schema";
import { seesWholeDesk } from "#app/lib/access";
import { services } from "#app/server/core/services.server";
import { idledOut, sha256 } from "./auth.server";

/** Whom an open event stream serves: a signed-in account, and whether it sees the whole desk (editors, admins). */
export interface StreamViewer {
  userId: string;
  staff: boolean;
}

/**
 * The account behind a session token now, or null when the session has ended (signed out,
 * revoked, expired, or staff and unused for 12 hours). Unlike a request it is no use of the
 * session: an open page's event stream must not keep an unattended staff session alive.
 */
export async function currentViewer(token: string): Promise<StreamViewer | null> {
  const [row] = await services()
    .db.select({ userId: sessions.userId, role: profiles.role, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, new Date())));
  if (!row || idledOut(row.role, row.lastUsedAt)) return null;
  return { userId: row.userId, staff: seesWholeDesk(row.role) };
}

/** Changes held while a look is under way, at most: a stream that falls further behind is ended (its browser reconnects). */
const mostHeld = 1000;

/**
 * Keeps an open stream's viewer current. It looks again when asked (every so often, and when the
 * account's access changed); changes that arrive while a look is under way wait for its answer,
 * so none is sent on a role the account may have lost. Once the session has ended or the account's
 * staff standing changed, `end` runs: the browser reconnects and gets what it may see now.
 */
export class ViewerWatch<Change> {
  private held: Change[] | null = null;
  private lookAgain = false;
  private ended = false;

  constructor(
    private readonly token: string,
    readonly viewer: StreamViewer,
    private readonly deliver: (change: Change) => void,
    private readonly end: () => void,
  ) {}

  /** A change for the stream: sent now, or once the look under way has answered. */
  pass(change: Change) {
    if (this.ended) return;
    if (!this.held) return this.deliver(change);
    this.held.push(change);
    if (this.held.length > mostHeld) this.stop();
  }

  /** Looks at the session again; a look already under way is followed by another. */
  recheck() {
    if (this.ended) return;
    if (this.held) {
      this.lookAgain = true;
      return;
    }
    this.held = [];
    void this.look();
  }

  private async look() {
    do {
      this.lookAgain = false;
      const now = await currentViewer(this.token).catch(() => null);
      if (this.ended) return;
      if (!now || now.userId !== this.viewer.userId || now.staff !== this.viewer.staff) return this.stop();
    } while (this.lookAgain);
    const held = this.held ?? [];
    this.held = null;
    for (const change of held) this.deliver(change);
  }

  /** The stream closed: nothing more is sent or looked at. */
  close() {
    this.ended = true;
    this.held = null;
  }

  private stop() {
    this.ended = true;
    this.held = null;
    this.end();
  }
}
