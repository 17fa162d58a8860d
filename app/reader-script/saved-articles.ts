// "Save for offline" on article and question pages, and the list on /saved. The service worker keeps
// the 50 articles and questions read last by itself; a saved one stays until the reader removes it,
// with the resources chosen with it, all within the device's limit (/saved sets it).
import {
  deviceLimit,
  deviceLimitKey,
  limitRefusal,
  maxKeptArticles,
  offlineCaches,
  savedBytes,
  unusedFiles,
  usageText,
  type KeptFiles,
} from "#app/lib/offline";
import { showToast } from "#app/lib/toast";
import { hooked, hooks } from "#app/lib/reader-hooks";
import { chooseResources, pageResources, type OfferedResource } from "./offer-resources";

interface SavedResource {
  url: string;
  title: string;
  facts: string;
}

interface SavedArticle extends KeptFiles {
  title: string;
  savedAt: string;
  resources?: SavedResource[];
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

const limitChosen = () => deviceLimit(localStorage.getItem(deviceLimitKey));

const canKeep = () => "caches" in window && "serviceWorker" in navigator && "localStorage" in window;

/** Deletes from the saved cache those of `urls` that no article of `kept` still holds. */
async function dropUnused(urls: string[], kept: SavedArticle[]) {
  const cache = await caches.open(offlineCaches.saved);
  await Promise.all(unusedFiles(urls, kept).map((url) => cache.delete(url)));
}

/**
 * Fetched as anyone gets it (never a signed-in reader's own page) and kept until removed, with the
 * resources chosen. Everything is fetched before anything is kept, and kept only if it fits the
 * device's limit: a refusal or a failure leaves nothing behind.
 */
async function save(path: string, title: string, resources: OfferedResource[]) {
  const list = savedList();
  if (list.length >= maxKeptArticles) throw new Error(`You have saved ${maxKeptArticles} pages. Remove one to save another.`);
  const others = list.filter((saved) => saved.path !== path);
  const used = savedBytes(others);
  const fits = (files: Record<string, number>) => {
    const refused = limitRefusal(used, savedBytes([...others, { path, images: [], files }]) - used, limitChosen());
    if (refused) throw new Error(refused);
  };
  // Refused before a byte is fetched when the resources alone do not fit.
  fits(Object.fromEntries(resources.map((resource) => [resource.url, resource.bytes])));
  // The pictures at the size this screen shows them, as the browser chose them.
  const images = [...document.querySelectorAll<HTMLImageElement>("main img")]
    .map((image) => image.currentSrc)
    .filter((source) => source && new URL(source).origin === location.origin);
  const fetched = await Promise.all(
    [path, ...images, ...resources.map((resource) => resource.url)].map(async (url) => {
      const response = await fetch(url, { credentials: "omit" });
      if (!response.ok) throw new Error("The page could not be saved. Please try again.");
      const body = await response.blob();
      // Kept with the answer's headers: a resource opens offline under its own file name.
      return { url, response: new Response(body, response), bytes: body.size };
    }),
  );
  const files = Object.fromEntries(fetched.map(({ url, bytes }) => [url, bytes]));
  fits(files);
  const cache = await caches.open(offlineCaches.saved);
  try {
    await Promise.all(fetched.map(({ url, response }) => cache.put(url, response)));
  } catch (error) {
    await dropUnused(Object.keys(files), others);
    throw error instanceof DOMException && error.name === "QuotaExceededError"
      ? new Error("There is no room left on this device. Remove saved pages to make room.")
      : new Error("The page could not be saved. Please try again.");
  }
  keepList([
    ...others,
    { path, title, savedAt: new Date().toISOString(), images, files, resources: resources.map(({ url, title, facts }) => ({ url, title, facts })) },
  ]);
}

const filesOf = (article: SavedArticle | undefined) => (article ? [article.path, ...article.images, ...Object.keys(article.files ?? {})] : []);

/** No longer kept on this device, nor its resources: neither saved nor kept from reading. */
async function remove(path: string) {
  const list = savedList();
  const removed = list.find((saved) => saved.path === path);
  const left = list.filter((saved) => saved.path !== path);
  keepList(left);
  const read = await caches.open(offlineCaches.articles);
  await Promise.all([read.delete(path, { ignoreVary: true }), dropUnused([path, ...filesOf(removed)], left)]);
}

/** One resource no longer kept with its article. */
async function removeResource(path: string, url: string) {
  const list = savedList().map((saved) => {
    if (saved.path !== path) return saved;
    const { [url]: _dropped, ...files } = saved.files ?? {};
    return { ...saved, files, resources: saved.resources?.filter((resource) => resource.url !== url) };
  });
  keepList(list);
  await dropUnused([url], list);
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
  const resources = pageResources();
  button.addEventListener("click", async () => {
    const saving = button.getAttribute("aria-pressed") !== "true";
    // An article with resources first asks which to keep with it: nothing is fetched until then.
    const chosen = saving && resources.length > 0 ? await chooseResources(resources, savedBytes(savedList()), limitChosen(), button) : [];
    if (!chosen) return;
    button.disabled = true;
    (saving ? save(path, button.getAttribute(hooks.saveOffline) ?? document.title, chosen) : remove(path))
      .then(() => {
        if (saving) installWorker();
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
  resources?: Array<SavedResource & { remove: () => Promise<unknown> }>;
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

/** A line of the list, made from a template /saved renders: its link, its text, and its Remove button. */
function fromTemplate(template: HTMLTemplateElement, href: string, title: string, detail: string, remove: () => Promise<unknown>, removed: () => void) {
  const item = template.content.cloneNode(true) as DocumentFragment;
  const link = item.querySelector("a")!;
  link.href = href;
  link.textContent = title;
  item.querySelector("p")!.textContent = detail;
  const button = item.querySelector("button")!;
  button.setAttribute("aria-label", `Remove ${title}`);
  button.addEventListener("click", () => void remove().then(removed));
  return item;
}

/** An item of the list, with the resources saved with it under it. */
function listItem(container: HTMLElement, article: ListedArticle, removed: () => void) {
  const template = (hook: typeof hooks.savedItem | typeof hooks.savedResource) => container.querySelector<HTMLTemplateElement>(hooked(hook))!;
  const item = fromTemplate(template(hooks.savedItem), article.path, article.title, article.detail, article.remove, removed);
  item
    .querySelector("ul")!
    .append(
      ...(article.resources ?? []).map((resource) =>
        fromTemplate(template(hooks.savedResource), resource.url, resource.title, resource.facts, resource.remove, removed),
      ),
    );
  return item;
}

/** "Saved on this device: 3.4 MB of 100 MB", and the limit's choice. */
function showUsage(container: HTMLElement, saved: SavedArticle[]) {
  const usage = container.querySelector<HTMLElement>(hooked(hooks.savedUsage))!;
  const select = usage.querySelector("select")!;
  const limit = limitChosen();
  usage.hidden = false;
  usage.querySelector("p")!.textContent = `Saved on this device: ${usageText(savedBytes(saved), limit)}`;
  select.value = String(limit);
  select.onchange = () => {
    localStorage.setItem(deviceLimitKey, String(deviceLimit(select.value)));
    showUsage(container, saved);
  };
}

async function renderSavedList(container: HTMLElement) {
  const saved = savedList().sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  showUsage(container, saved);
  const listed: ListedArticle[] = [
    ...saved.map((article) => ({
      path: article.path,
      title: article.title,
      detail: `Saved ${savedDate(article.savedAt)}`,
      remove: () => remove(article.path),
      resources: article.resources?.map((resource) => ({ ...resource, remove: () => removeResource(article.path, resource.url) })),
    })),
    ...(await keptFromReading(new Set(saved.map((article) => article.path)))),
  ];
  container.querySelector<HTMLElement>(hooked(hooks.savedEmpty))!.hidden = listed.length > 0;
  container
    .querySelector(hooked(hooks.savedItems))!
    .replaceChildren(...listed.map((article) => listItem(container, article, () => void renderSavedList(container))));
}

export function enhanceSavedArticles() {
  enhanceSaveToggle();
  const container = document.querySelector<HTMLElement>(hooked(hooks.savedList));
  if (container && canKeep()) void renderSavedList(container);
}

/** The reader asks to spend little data: the page says so (the server read her choice, else the browser's Save-Data). */
export const savingData = () => document.querySelector(hooked(hooks.dataSaverOn)) !== null;

const installWorker = () => void navigator.serviceWorker.register("/sw.js").catch(() => {});

/**
 * The worker that keeps articles for offline reading. Under data saver it installs only when the
 * reader saves a page: installing fetches what every offline page needs, which she did not ask for.
 */
export function registerServiceWorker() {
  if ("serviceWorker" in navigator && !savingData()) installWorker();
}
