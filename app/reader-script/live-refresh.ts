import type { LiveTable, TableChange } from "#app/lib/live-tables";
import { showPage } from "./page-swap";

const reloadAtMostEveryMs = 1000;

/**
 * Pages that list live data (body[data-live], e.g. "articles") reload in place when one of those
 * tables changes anywhere, and after the event stream reconnects (changes may have been missed).
 * Bursts are coalesced. The stream closes with the page.
 */
export function enhanceLiveRefresh() {
  const watched = new Set((document.body.dataset.live ?? "").split(" ").filter(Boolean) as LiveTable[]);
  if (watched.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRun = 0;
  const reload = () => {
    if (timer) return;
    timer = setTimeout(
      () => {
        timer = null;
        lastRun = Date.now();
        void showPage(location.href, { history: "none" });
      },
      Math.max(0, lastRun + reloadAtMostEveryMs - Date.now()),
    );
  };
  const source = new EventSource("/api/events");
  let dropped = false;
  source.addEventListener("change", (event) => {
    const change = JSON.parse((event as MessageEvent<string>).data) as TableChange;
    if (watched.has(change.table)) reload();
  });
  source.addEventListener("error", () => (dropped = true));
  source.addEventListener("open", () => {
    if (!dropped) return;
    dropped = false;
    reload();
  });
  window.addEventListener("pagehide", () => source.close());
}
