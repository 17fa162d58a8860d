import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";
import { watchTables } from "./change-events";
import type { LiveTable } from "./live-tables";

/**
 * Calls `onChange` when one of `tables` changes anywhere (any instance), and after the event
 * stream was down; at most once per `intervalMs` (the change-events client, ./change-events.ts).
 */
export function useLiveChanges(tables: readonly LiveTable[], onChange: () => void, intervalMs = 1000) {
  const changed = useEffectEvent(onChange);
  const key = tables.join(",");
  useEffect(() => watchTables(key.split(",") as LiveTable[], () => changed(), intervalMs), [key, intervalMs]);
}

/** Reloads the screen's loader data when one of `tables` changes (see useLiveChanges). */
export function useLiveRevalidation(tables: readonly LiveTable[], intervalMs = 1000) {
  const revalidator = useRevalidator();
  useLiveChanges(tables, () => void revalidator.revalidate(), intervalMs);
}
