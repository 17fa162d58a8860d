import type { LiveTable } from "#app/lib/live-tables";
import { watchTables } from "#app/lib/change-events";
import { hooks } from "#app/lib/reader-hooks";
import { showPage } from "./page-swap";

/**
 * Pages that list live data (the body's `hooks.live`, e.g. "articles") reload in place when one of those
 * tables changes anywhere, and after the event stream was down (changes may have been missed).
 * The stream closes with the page.
 */
export function enhanceLiveRefresh() {
  const watched = document.body.getAttribute(hooks.live)?.split(" ") as LiveTable[] | undefined;
  if (!watched) return;
  addEventListener(
    "pagehide",
    watchTables(watched, () => void showPage(location.href, { history: "none" })),
  );
}
