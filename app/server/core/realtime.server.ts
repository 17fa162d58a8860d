import type { Database } from "#app/server/db/database.server";
import { liveTables, type LiveTable, type TableChange } from "#app/lib/live-tables";

export interface Realtime {
  /** `onClose` runs when the server shuts down, so long-lived streams can end. */
  subscribe(onChange: (change: TableChange) => void, onClose?: () => void): () => void;
  close(): void;
}

const channel = "table_changes";

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
  const stopListening = await database.listen(channel, (payload) => {
    const change = parseChange(payload);
    if (!change) return;
    for (const subscriber of subscribers) subscriber(change);
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
    close() {
      stopListening();
      const pending = [...closers.values()];
      subscribers.clear();
      closers.clear();
      for (const onClose of pending) onClose();
    },
  };
}
