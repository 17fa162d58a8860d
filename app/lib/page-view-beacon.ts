import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { sendPageView } from "./page-view";

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
    sendPageView(path, referrer);
  }, [pathname, search, hash]);
}
