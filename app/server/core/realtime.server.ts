import type { Database } from "#app/server/db/database.server";
import { liveTables, type LiveTable, type TableChange } from "#app/lib/live-tables";

export interface Realtime {
  /** `onClose` runs when the server shuts down, so long-lived streams can end. */
  subscribe(onChange: (change: TableChange) => void, onClose?: () => void): () => void;
  /**
   * `onChange` gets the id of an account whose access may have changed: one of its sessions ended
   * (signed out, revoked, the account deleted) or its role changed. Never sent to browsers.
   */
  subscribeAccess(onChange: (userId: string) => void): () => void;
  close(): void;
  /** Subscribers that asked to hear of the close: the event streams open on this instance (/metrics). */
  readonly streams: number;
}

const channel = "table_changes";
/** Announced by database/migrations/0022_access_change_notifications.sql. */
const accessChannel = "access_changes";

function parseChange(payload: string): TableChange | null {
  try {
    const value = JSON.parse(payload) as { table?: string; op?: string; id?: string | null };
    if (!liveTables.includes(value.table as LiveTable)) return null;
    return { table: value.table as LiveTable, op: value.op as TableChange["op"], id: value.id ?? null };
  } catch {
    return null;
  }
}

/** Fans the database's change notifications out to this instance's subscribers (SSE streams). */
export async function startRealtime(database: Database): Promise<Realtime> {
  const subscribers = new Set<(change: TableChange) => void>();
  const closers = new Map<(change: TableChange) => void, () => void>();
  const accessSubscribers = new Set<(userId: string) => void>();
  const stopListening = await database.listen(channel, (payload) => {
    const change = parseChange(payload);
    if (!change) return;
    for (const subscriber of subscribers) subscriber(change);
  });
  const stopListeningForAccess = await database.listen(accessChannel, (userId) => {
    for (const subscriber of accessSubscribers) subscriber(userId);
  });
  return {
    subscribe(onChange, onClose) {
      subscribers.add(onChange);
      if (onClose) closers.set(onChange, onClose);
      return () => {
        subscribers.delete(onChange);
        closers.delete(onChange);
      };
    },
    subscribeAccess(onChange) {
      accessSubscribers.add(onChange);
      return () => void accessSubscribers.delete(onChange);
    },
    get streams() {
      return closers.size;
    },
    close() {
      stopListening();
      stopListeningForAccess();
      const pending = [...closers.values()];
      subscribers.clear();
      accessSubscribers.clear();
      closers.clear();
      for (const onClose of pending) onClose();
    },
  };
}
