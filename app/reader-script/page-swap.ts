import { sendPageView, viewsText } from "#app/lib/page-view";
import { hooked, hooks } from "#app/lib/reader-hooks";
import { afterLoad } from "./after-load";

let inFlight: AbortController | null = null;
let shownPath = location.pathname + location.search + location.hash;

// Back and forward between documents: the page left last in this tab is where the reader came from.
const leftPathKey = "left_path";

function leftPath(): string | null {
  try {
    return sessionStorage.getItem(leftPathKey);
  } catch {
    return null;
  }
}

/** Where the reader came from: the outside page (or the link's page), or the page left when going back or forward. */
function arrivedFrom(): string | null {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const left = navigation?.type === "back_forward" ? leftPath() : null;
  return left ? location.origin + left : document.referrer || null;
}

/** Sends a view; an article page then shows the count the server answers (its cached copy holds the count it was rendered with). */
function sendView(path: string, referrer: string | null) {
  const count = document.querySelector(hooked(hooks.viewCount));
  sendPageView(path, referrer, count ? (views) => (count.textContent = viewsText(views)) : undefined);
}

// The arrival's view waits for the page to load (or for the reader to leave); a view counted
// sooner (a list page or an anchor within the page) sends it first, so views arrive in order.
let arrivalView: (() => void) | null = null;

function countView(path: string, referrer: string | null) {
  arrivalView?.();
  sendView(path, referrer);
}

/** Counts this page's view once it has loaded (or as the reader leaves), and again when the browser shows it from its back-forward cache. */
export function countArrival() {
  const path = shownPath;
  const referrer = arrivedFrom();
  arrivalView = () => {
    arrivalView = null;
    sendView(path, referrer);
  };
  afterLoad(() => arrivalView?.(), { orOnLeave: true });
  window.addEventListener("pagehide", () => {
    try {
      sessionStorage.setItem(leftPathKey, shownPath);
    } catch {
      // without storage the referrer of a back navigation is simply unknown
    }
  });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    const left = leftPath();
    sendView(shownPath, left ? location.origin + left : null);
  });
}

/** The search box keeps focus, caret and whatever was typed after the request left. */
function keepTypedSearch(): () => void {
  const typing = document.activeElement;
  if (!(typing instanceof HTMLInputElement) || !typing.matches(hooked(hooks.listSearch))) return () => {};
  const { value, selectionStart, selectionEnd, id } = typing;
  return () => {
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement)) return;
    input.value = value;
    input.focus();
    input.setSelectionRange(selectionStart, selectionEnd);
  };
}

function setLoading(loading: boolean) {
  const status = document.querySelector(hooked(hooks.listStatus));
  const results = document.querySelector(hooked(hooks.listResults));
  if (loading && status) status.textContent = "Loading articles...";
  results?.setAttribute("aria-busy", String(loading));
  results?.classList.toggle("opacity-60", loading);
}

/** What the head says of the page shown (title, description, canonical and page links, preview tags). */
const pageHead =
  'title,meta[name=description],meta[name=robots],meta[property],meta[name^="twitter:"],link[rel=canonical],link[rel=prev],link[rel=next],link[rel=alternate]';

/** The head's account of the page becomes `next`'s, as a fresh load of its address has it. */
function swapHead(next: Document) {
  const shown = document.head.querySelectorAll(pageHead);
  const incoming = next.head.querySelectorAll(pageHead);
  if (shown[0]) shown[0].before(...incoming);
  else document.head.append(...incoming);
  shown.forEach((element) => element.remove());
}

const shownListeners: Array<() => void> = [];

/** Runs `listener` each time another address of the page is shown in place. */
export const onPageShown = (listener: () => void) => void shownListeners.push(listener);

export interface SwapOptions {
  /** "push" and "replace" move the address bar there (and count a page view); "none" reloads in place. */
  history: "push" | "replace" | "none";
}

/**
 * Shows another URL of the same page without a full reload: fetches its HTML (the same page a
 * reader without JavaScript gets) and swaps the <main> element and the head's account of the page.
 * A newer call cancels an older one.
 */
export async function showPage(url: string, { history: move }: SwapOptions) {
  inFlight?.abort();
  const request = new AbortController();
  inFlight = request;
  setLoading(true);
  let html: string;
  try {
    // Always asks the server (a 304 when nothing changed): a live refresh must never get the browser's copy.
    const response = await fetch(url, { signal: request.signal, cache: "no-cache", headers: { Accept: "text/html" } });
    if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
    html = await response.text();
  } catch {
    if (request.signal.aborted) return;
    setLoading(false);
    if (move !== "none") location.assign(url); // let the browser show what went wrong
    return;
  }
  if (request.signal.aborted) return;
  inFlight = null;
  const next = new DOMParser().parseFromString(html, "text/html");
  const incoming = next.getElementById("main");
  const current = document.getElementById("main");
  if (!incoming || !current) return location.assign(url);
  const restoreSearch = keepTypedSearch();
  current.replaceWith(incoming);
  swapHead(next);
  restoreSearch();
  // Listeners read the address: a swap that moves it runs them once it has moved.
  if (move === "none") return shownListeners.forEach((listener) => listener());
  const target = new URL(url, location.href);
  const path = target.pathname + target.search + target.hash;
  if (move === "push") window.history.pushState(null, "", path);
  else window.history.replaceState(null, "", path);
  // As a full load would: the anchor the link names comes into view.
  if (target.hash) document.getElementById(decodeURIComponent(target.hash.slice(1)))?.scrollIntoView();
  countView(path, location.origin + shownPath);
  shownPath = path;
  shownListeners.forEach((listener) => listener());
}

const withoutHash = (path: string) => path.split("#", 1)[0];

/**
 * Back and forward between in-place list pages show the page of that address; a jump to an
 * anchor on the same page only counts as a view, as on hydrated pages.
 */
export function followHistory() {
  window.addEventListener("popstate", () => {
    const path = location.pathname + location.search + location.hash;
    if (path === shownPath) return;
    const samePage = withoutHash(path) === withoutHash(shownPath);
    countView(path, location.origin + shownPath);
    shownPath = path;
    if (!samePage) void showPage(location.href, { history: "none" });
  });
}
