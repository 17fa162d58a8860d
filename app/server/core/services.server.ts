import type { Logger } from "pino";
import type { Config } from "./config.server";
import type { Database } from "#app/server/db/database.server";
import type { AppDb } from "#app/server/db/types.server";
import type { Mailer } from "./mail.server";
import type { Realtime } from "./realtime.server";
import type { Storage } from "./storage.server";

// The page-view queue is the analytics feature's (analytics/page-view-queue.server.ts makes it); its face
// is declared here, so the services hold it without core importing a feature.

/** A page view the beacon reported, waiting for the next batch. */
export interface QueuedPageView {
  path: string;
  referrer: string | null;
  visitorId: string;
  createdAt: Date;
}

export interface PageViewQueue {
  /** Accepts a view; it is written with others in the next batch (within `flushMs`). */
  add(view: Omit<QueuedPageView, "createdAt">): void;
  /** Writes everything accepted so far (also called at shutdown). */
  flush(): Promise<void>;
  readonly pending: number;
  /**
   * A published article's view count as a reader should see it: the database's plus this
   * instance's openings not yet written; null when no such article is published.
   */
  articleViews(id: string): Promise<number | null>;
  stop(): Promise<void>;
}

export interface Services {
  config: Config;
  database: Database;
  db: AppDb;
  realtime: Realtime;
  mailer: Mailer;
  storage: Storage;
  pageViewQueue: PageViewQueue;
  log: Logger;
  /** Key for signing cookies, from SESSION_SECRET or generated once into the database. */
  sessionSecret: string;
  /** Tells this instance's newsletter worker that mails were queued (set once it has started). */
  wakeNewsletter?: () => void;
  /** Tells this instance's mail worker that account mails were queued (set once it has started). */
  wakeMailQueue?: () => void;
  /** Look for a school pack run now; unset where this instance makes none (SCHOOL_PACK_WORKER, the dev server). */
  wakeSchoolPacks?: () => void;
}

// The server process and the bundled route modules are separate module graphs; they
// meet through one global slot, filled once at start (or by a test).
const slot = Symbol.for("the-educator.services");
type Holder = { [slot]?: Services };

export function provideServices(services: Services | undefined) {
  (globalThis as Holder)[slot] = services;
}

export function services(): Services {
  const current = (globalThis as Holder)[slot];
  if (!current) throw new Error("Services are not started: call provideServices() at start.");
  return current;
}
