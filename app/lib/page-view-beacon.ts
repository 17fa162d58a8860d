import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isUuid } from "./uuid";

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

function send(view: { path: string; referrer: string | null; visitor_id: string }) {
  try {
    const body = JSON.stringify(view);
    // A string body goes out as text/plain, which sendBeacon sends without a preflight.
    if (navigator.sendBeacon?.(endpoint, body)) return;
    fetch(endpoint, { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(() => {});
  } catch {
    // Counting a view must never disturb reading.
  }
}

/**
 * Records a page view on the first load and on every change of path, query or hash.
 * The referrer is the outside page on the first view, then the previous in-site URL.
 */
export function usePageViewBeacon() {
  const { pathname, search, hash } = useLocation();
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const path = pathname + search + hash;
    // StrictMode runs effects twice on mount in development: one location, one view.
    if (path === previousPath.current) return;
    const referrer = previousPath.current === null ? document.referrer : window.location.origin + previousPath.current;
    previousPath.current = path;
    if (isStaffPath(pathname)) return;
    send({ path: path.slice(0, maxUrlLength), referrer: referrer ? referrer.slice(0, maxUrlLength) : null, visitor_id: visitorId() });
  }, [pathname, search, hash]);
}
