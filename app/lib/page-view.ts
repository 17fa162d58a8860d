import { plural } from "./plural";
import { isUuid } from "./uuid";

// Plain browser code shared by the React hook (hydrated pages) and the reader-page script.
export const pageViewEndpoint = "/api/page-views";
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

/** An article's view count as its page shows it: "1 view", "1,215 views". */
export function viewsText(views: number): string {
  return plural(views, { one: "view", other: "views" });
}

/** The beacon's answer to a view of a published article's page: its count, this view included. */
export interface ArticleViewsAnswer {
  views: number;
}

/**
 * Records one view of `path` (path + query + hash); failures are ignored, reading goes on.
 * With `showViews`, a view of an article page is sent with fetch (keepalive: it outlives the
 * page like a beacon) to read the article's count back, this view included; a browser without
 * keepalive sends a beacon and the page keeps the count it came with.
 */
export function sendPageView(path: string, referrer: string | null, showViews?: (views: number) => void) {
  if (isStaffPath(path.split(/[?#]/, 1)[0]!)) return;
  try {
    const body = JSON.stringify({
      path: path.slice(0, maxUrlLength),
      referrer: referrer ? referrer.slice(0, maxUrlLength) : null,
      visitor_id: visitorId(),
    });
    // A string body goes out as text/plain, which sendBeacon sends without a preflight.
    if (!(showViews && "keepalive" in Request.prototype) && navigator.sendBeacon?.(pageViewEndpoint, body)) return;
    fetch(pageViewEndpoint, { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } })
      .then((answer) => (answer.status === 200 ? (answer.json() as Promise<ArticleViewsAnswer>) : null))
      .then((answer) => answer && showViews?.(answer.views))
      .catch(() => {});
  } catch {
    // Counting a view must never disturb reading.
  }
}
