import type { Logger } from "pino";
import type { Config } from "./config.server";
import type { Database } from "#app/server/db/database.server";
import type { AppDb } from "#app/server/db/types.server";
import type { Mailer } from "./mail.server";
import type { Realtime } from "./realtime.server";
import type { Storage } from "#app/server/media/storage.server";
import type { PageViewQueue } from "#app/server/analytics/page-view-queue.server";

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
