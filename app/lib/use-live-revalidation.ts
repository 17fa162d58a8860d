import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";
import type { LiveTable, TableChange } from "./live-tables";

/** Called with the table that changed, or null when changes may have been missed (after a reconnect). */
type Listener = (table: LiveTable | null) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

// One EventSource per tab, shared by every screen that listens; closed when the last one leaves.
function subscribe(listener: Listener) {
  listeners.add(listener);
  if (!source) {
    let dropped = false;
    source = new EventSource("/api/events");
    source.addEventListener("change", (event) => {
      const change = JSON.parse((event as MessageEvent<string>).data) as TableChange;
      for (const current of listeners) current(change.table);
    });
    // The browser reconnects by itself; whatever changed while the stream was down was not announced.
    source.addEventListener("error", () => (dropped = true));
    source.addEventListener("open", () => {
      if (!dropped) return;
      dropped = false;
      for (const current of listeners) current(null);
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}

/**
 * Calls `onChange` when one of `tables` changes anywhere (any instance), and after the event
 * stream reconnects. Bursts are coalesced: at most one call per `intervalMs`.
 */
export function useLiveChanges(tables: readonly LiveTable[], onChange: () => void, intervalMs = 1000) {
  const changed = useEffectEvent(onChange);
  const key = tables.join(",");
  useEffect(() => {
    const watched = new Set(key.split(","));
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastRun = 0;
    const unsubscribe = subscribe((table) => {
      if ((table !== null && !watched.has(table)) || timer) return;
      const wait = Math.max(0, lastRun + intervalMs - Date.now());
      timer = setTimeout(() => {
        timer = null;
        lastRun = Date.now();
        changed();
      }, wait);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [key, intervalMs]);
}

/** Reloads the screen's loader data when one of `tables` changes (see useLiveChanges). */
export function useLiveRevalidation(tables: readonly LiveTable[], intervalMs = 1000) {
  const revalidator = useRevalidator();
  useLiveChanges(tables, () => void revalidator.revalidate(), intervalMs);
}
