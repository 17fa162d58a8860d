import { isUuid } from "./uuid";

// Plain browser code shared by the React hook (hydrated pages) and the reader-page script.
const endpoint = "/api/page-views";
const visitorKey = "visitor_id";
const maxUrlLength = 2048;

/** Staff browsing the admin area is not readership. */
function isStaffPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** The random id this browser keeps in localStorage, or "unknown" when storage is unavailable. */
function visitorId(): string {
  try {
    const stored = localStorage.getItem(visitorKey);
    if (stored && isUuid(stored)) return stored;
    const created = crypto.randomUUID();
    localStorage.setItem(visitorKey, created);
    return created;
  } catch {
    return "unknown";
  }
}

/** Records one view of `path` (path + query + hash); failures are ignored, reading goes on. */
export function sendPageView(path: string, referrer: string | null) {
  if (isStaffPath(path.split(/[?#]/, 1)[0]!)) return;
  try {
    const body = JSON.stringify({
      path: path.slice(0, maxUrlLength),
      referrer: referrer ? referrer.slice(0, maxUrlLength) : null,
      visitor_id: visitorId(),
    });
    // A string body goes out as text/plain, which sendBeacon sends without a preflight.
    if (navigator.sendBeacon?.(endpoint, body)) return;
    fetch(endpoint, { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(() => {});
  } catch {
    // Counting a view must never disturb reading.
  }
}
