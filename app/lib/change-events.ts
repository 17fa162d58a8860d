import type { LiveTable, TableChange } from "./live-tables";

// The one client of the change events (/api/events) for both front ends: the reader script
// reloads a list in place with it, hydrated screens revalidate their loaders through
// use-live-revalidation.ts. Plain browser code, no React: every reader downloads it.

export const changeEventsPath = "/api/events";

/** A stream the server refused (503 when it holds too many) is not tried again by the browser: we do, after its Retry-After. */
const reopenClosedAfterMs = 30_000;

/** Called with the table that changed, or null when changes may have been missed (the stream was down). */
type Listener = (table: LiveTable | null) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

const tell = (table: LiveTable | null) => listeners.forEach((listener) => listener(table));

// One EventSource per tab, shared by every watcher; closed when the last one stops.
function open(dropped = false) {
  const opened = new EventSource(changeEventsPath);
  opened.addEventListener("change", (event) => tell((JSON.parse((event as MessageEvent<string>).data) as TableChange).table));
  // The browser reconnects by itself after a dropped stream, not after a refused one (CLOSED).
  // Either way, whatever changed meanwhile was not announced: it is told as a change of every table.
  opened.addEventListener("error", () => {
    dropped = true;
    if (opened.readyState === EventSource.CLOSED)
      setTimeout(() => {
        if (source === opened) source = open(true);
      }, reopenClosedAfterMs);
  });
  opened.addEventListener("open", () => {
    if (dropped) tell(null);
    dropped = false;
  });
  return opened;
}

/**
 * Calls `onChange` when one of `tables` changes anywhere (on any instance), and after the stream
 * was down. Bursts are coalesced: at most one call per `intervalMs`, the first without waiting.
 * Returns the function that stops watching.
 */
export function watchTables(tables: Iterable<LiveTable>, onChange: () => void, intervalMs = 1000): () => void {
  const watched = new Set(tables);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastCall = -intervalMs;
  const listener: Listener = (table) => {
    if (timer !== undefined || (table && !watched.has(table))) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        lastCall = Date.now();
        onChange();
      },
      Math.max(0, lastCall + intervalMs - Date.now()),
    );
  };
  listeners.add(listener);
  source ??= open();
  return () => {
    clearTimeout(timer);
    listeners.delete(listener);
    if (listeners.size > 0) return;
    source?.close();
    source = null;
  };
}
