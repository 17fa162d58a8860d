// "Save for offline" on article and question pages, and the list on /saved. The service worker keeps
// the 50 articles and questions read last by itself; a saved one stays until the reader removes it.
import { maxKeptArticles, offlineCaches } from "#app/lib/offline";
import { showToast } from "#app/lib/toast";
import { hooked, hooks } from "#app/lib/reader-hooks";

interface SavedArticle {
  path: string;
  title: string;
  savedAt: string;
  images: string[];
}

const listKey = "savedArticles";

function savedList(): SavedArticle[] {
  try {
    return JSON.parse(localStorage.getItem(listKey) ?? "[]") as SavedArticle[];
  } catch {
    return [];
  }
}

const keepList = (list: SavedArticle[]) => localStorage.setItem(listKey, JSON.stringify(list));

const canKeep = () => "caches" in window && "serviceWorker" in navigator && "localStorage" in window;

/** Fetched as anyone gets it (never a signed-in reader's own page) and kept until removed. */
async function save(path: string, title: string) {
  const list = savedList();
  if (list.length >= maxKeptArticles) throw new Error(`You have saved ${maxKeptArticles} pages. Remove one to save another.`);
  // The pictures at the size this screen shows them, as the browser chose them.
  const images = [...document.querySelectorAll<HTMLImageElement>("main img")]
    .map((image) => image.currentSrc)
    .filter((source) => source && new URL(source).origin === location.origin);
  const cache = await caches.open(offlineCaches.saved);
  await Promise.all(
    [path, ...images].map(async (url) => {
      const response = await fetch(url, { credentials: "omit" });
      if (!response.ok) throw new Error("The page could not be saved. Please try again.");
      await cache.put(url, response);
    }),
  );
  keepList([...list.filter((saved) => saved.path !== path), { path, title, savedAt: new Date().toISOString(), images }]);
}

/** No longer kept on this device: neither saved nor kept from reading. */
async function remove(path: string) {
  const list = savedList();
  const removed = list.find((saved) => saved.path === path);
  const left = list.filter((saved) => saved.path !== path);
  keepList(left);
  const stillUsed = new Set(left.flatMap((saved) => saved.images));
  const [saved, read] = await Promise.all([caches.open(offlineCaches.saved), caches.open(offlineCaches.articles)]);
  await Promise.all([
    read.delete(path, { ignoreVary: true }),
    ...[path, ...(removed?.images ?? []).filter((image) => !stillUsed.has(image))].map((url) => saved.delete(url)),
  ]);
}

function showSaved(button: HTMLButtonElement, saved: boolean) {
  button.setAttribute("aria-pressed", String(saved));
  button.querySelector(hooked(hooks.saveLabel))!.textContent = saved ? "Saved for offline" : "Save for offline";
}

function enhanceSaveToggle() {
  const button = document.querySelector<HTMLButtonElement>(hooked(hooks.saveOffline));
  if (!button || !canKeep()) return;
  const path = location.pathname;
  button.hidden = false;
  showSaved(
    button,
    savedList().some((saved) => saved.path === path),
  );
  button.addEventListener("click", () => {
    const saving = button.getAttribute("aria-pressed") !== "true";
    button.disabled = true;
    (saving ? save(path, button.getAttribute(hooks.saveOffline) ?? document.title) : remove(path))
      .then(() => {
        showSaved(button, saving);
        showToast({
          type: "success",
          title: saving ? "Saved for offline" : "Removed from saved pages",
          description: saving ? "Find it under Saved, even without a connection." : undefined,
        });
      })
      .catch((error: unknown) => showToast({ type: "error", title: "Error", description: error instanceof Error ? error.message : "Please try again." }))
      .finally(() => (button.disabled = false));
  });
}

// Made on first use: a first Intl formatter in a new browser costs several milliseconds on every page.
let savedDateFormat: Intl.DateTimeFormat | undefined;
const savedDate = (iso: string) =>
  (savedDateFormat ??= new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" })).format(new Date(iso));

interface ListedArticle {
  path: string;
  title: string;
  detail: string;
  remove: () => Promise<unknown>;
}

/** The articles and questions the worker kept from reading (not saved ones), titled from the pages it keeps. */
async function keptFromReading(saved: Set<string>): Promise<ListedArticle[]> {
  const cache = await caches.open(offlineCaches.articles);
  const listed = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const path = new URL(request.url).pathname;
      if (saved.has(path)) return null;
      const page = await cache.match(request);
      const title = /<title>([^<]*)<\/title>/.exec((await page?.text()) ?? "")?.[1]?.replace(/ \| The Educator$/, "") ?? path;
      const text = new DOMParser().parseFromString(title, "text/html").documentElement.textContent ?? title;
      return { path, title: text, detail: "Kept from your reading", remove: () => remove(path) };
    }),
  );
  return listed.filter((article) => article !== null);
}

/** An item of the list, made from the one /saved renders as its template. */
function listItem(template: HTMLTemplateElement, article: ListedArticle, removed: () => void) {
  const item = template.content.cloneNode(true) as DocumentFragment;
  const link = item.querySelector("a")!;
  link.href = article.path;
  link.textContent = article.title;
  item.querySelector("p")!.textContent = article.detail;
  const button = item.querySelector("button")!;
  button.setAttribute("aria-label", `Remove ${article.title}`);
  button.addEventListener("click", () => void article.remove().then(removed));
  return item;
}

async function renderSavedList(container: HTMLElement) {
  const saved = savedList().sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  const listed: ListedArticle[] = [
    ...saved.map((article) => ({
      path: article.path,
      title: article.title,
      detail: `Saved ${savedDate(article.savedAt)}`,
      remove: () => remove(article.path),
    })),
    ...(await keptFromReading(new Set(saved.map((article) => article.path)))),
  ];
  container.querySelector<HTMLElement>(hooked(hooks.savedEmpty))!.hidden = listed.length > 0;
  const template = container.querySelector<HTMLTemplateElement>(hooked(hooks.savedItem))!;
  container
    .querySelector(hooked(hooks.savedItems))!
    .replaceChildren(...listed.map((article) => listItem(template, article, () => void renderSavedList(container))));
}

export function enhanceSavedArticles() {
  enhanceSaveToggle();
  const container = document.querySelector<HTMLElement>(hooked(hooks.savedList));
  if (container && canKeep()) void renderSavedList(container);
}

/** The worker that keeps articles for offline reading. */
export function registerServiceWorker() {
  if ("serviceWorker" in navigator) void navigator.serviceWorker.register("/sw.js").catch(() => {});
}
