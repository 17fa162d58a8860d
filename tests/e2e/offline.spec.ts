import { expect, test, type Page } from "@playwright/test";
import { demoQuestions } from "#database/seed/demo-community";
import { signInAsAdmin } from "./fixtures";
import { e2eOwner } from "./owner";

/** The addresses every cache of this origin holds, by cache. */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) kept[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return kept;
  });
}

async function articleLinks(page: Page) {
  await page.goto("/articles");
  return page.locator("main a[href^='/articles/']").evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")!))]);
}

/** Opens the page once the service worker controls this tab, so it goes through the worker. */
async function openThroughWorker(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
}

const imageShown = (page: Page) =>
  page
    .locator("main article img")
    .first()
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

test("an article read once opens offline with its picture; a saved one is listed on /saved; other pages say offline", async ({ page, context }) => {
  const [read, saved] = await articleLinks(page);
  await openThroughWorker(page, read!);
  const readTitle = await page.getByRole("heading", { level: 1 }).innerText();
  await expect.poll(() => imageShown(page)).toBe(true);

  await page.goto(saved!);
  const savedTitle = await page.getByRole("heading", { level: 1 }).innerText();
  const saveButton = page.getByRole("button", { name: "Save for offline" });
  await saveButton.click();
  await expect(page.getByRole("button", { name: "Saved for offline" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("[data-toast]").filter({ hasText: "Saved for offline" })).toBeVisible();

  await context.setOffline(true);
  try {
    await page.goto(read!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(readTitle);
    await expect.poll(() => imageShown(page)).toBe(true);

    await page.goto("/saved");
    const list = page.getByRole("region", { name: "Saved articles" });
    await expect(list.getByRole("link", { name: savedTitle })).toBeVisible();
    await list.getByRole("link", { name: savedTitle }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(savedTitle);
    await expect.poll(() => imageShown(page)).toBe(true);

    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    // Staff screens never come from the worker: offline, the browser's own error.
    await expect(page.goto("/admin")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  } finally {
    await context.setOffline(false);
  }

  // Both are listed: the saved one and the one kept from reading; each can be removed.
  await page.goto("/saved");
  const list = page.getByRole("region", { name: "Saved articles" });
  await expect(list.getByRole("listitem").filter({ hasText: readTitle })).toContainText("Kept from your reading");
  await list.getByRole("button", { name: `Remove ${savedTitle}` }).click();
  await expect(list.getByRole("link", { name: savedTitle })).toHaveCount(0);
  await list.getByRole("button", { name: `Remove ${readTitle}` }).click();
  await expect(list.getByText("Nothing kept yet.")).toBeVisible();
  const kept = await cachedUrls(page);
  expect(kept["saved-articles"]).toEqual([]);
  expect(kept.articles).not.toContain(read);
});

/** A demo question's page, found as a reader finds it: searched for on Ask Kafundisha. Its address. */
async function openQuestion(page: Page, title: string) {
  await page.goto(`/ask-kafundisha?q=${encodeURIComponent(title)}#questions`);
  await page.getByRole("region", { name: "Questions", exact: true }).getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  return new URL(page.url()).pathname;
}

test("a question saved for offline is listed on /saved and opens offline, as does one read once", async ({ page, context }) => {
  const saved = demoQuestions.find((question) => question.title.startsWith("Teaching fractions"))!;
  const read = demoQuestions.find((question) => question.title.startsWith("Setting up a reading corner"))!;
  const readPath = await openQuestion(page, read.title);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(read.title);

  const savedPath = await openQuestion(page, saved.title);
  expect(savedPath).toMatch(/^\/ask-kafundisha\/[0-9a-f-]{36}-teaching-fractions-when-there-are-no-learner-books$/);
  await page.getByRole("button", { name: "Save for offline" }).click();
  await expect(page.getByRole("button", { name: "Saved for offline" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("[data-toast]").filter({ hasText: "Saved for offline" })).toBeVisible();
  expect((await cachedUrls(page))["saved-articles"]).toContain(savedPath);

  await context.setOffline(true);
  try {
    await page.goto("/saved");
    const list = page.getByRole("region", { name: "Saved articles" });
    await expect(list.getByRole("listitem").filter({ hasText: saved.title })).toContainText(/Saved \d/);
    await list.getByRole("link", { name: saved.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(saved.title);
    await expect(page.getByText(saved.answers[0]!.body.slice(0, 40))).toBeVisible();

    await page.goto("/saved");
    await expect(list.getByRole("listitem").filter({ hasText: read.title })).toContainText("Kept from your reading");
    await list.getByRole("link", { name: read.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(read.title);
    await expect(page).toHaveURL(new RegExp(`${readPath}$`));
  } finally {
    await context.setOffline(false);
  }

  await page.goto("/saved");
  const list = page.getByRole("region", { name: "Saved articles" });
  await list.getByRole("button", { name: `Remove ${saved.title}` }).click();
  await expect(list.getByRole("link", { name: saved.title })).toHaveCount(0);
  expect((await cachedUrls(page))["saved-articles"]).toEqual([]);
});

test("the worker keeps no staff screen, page rendered for a reader, API answer or event stream", async ({ page }) => {
  const [, , article] = await articleLinks(page);
  await openThroughWorker(page, "/articles");
  await signInAsAdmin(page);
  await page.goto(article!);
  await page.goto("/admin");
  await page.goto("/admin/articles");
  const kept = await cachedUrls(page);
  const all = Object.values(kept).flat();
  expect(all.filter((path) => /^\/(admin|api|auth|account)/.test(path))).toEqual([]);
  // Signed in, the article page is still the one kept for everyone: kept, with nothing of the reader's in it.
  expect(kept.articles ?? []).toContain(article);
  const keptPage = await page.evaluate(async (path) => {
    for (const name of await caches.keys()) {
      const found = await (await caches.open(name)).match(path);
      if (found) return found.text();
    }
    return "";
  }, article!);
  expect(keptPage).toContain("Sign in to join the conversation");
  expect(keptPage).not.toContain(e2eOwner.email);
  // Their own page (?me, rendered for them: private) is never kept.
  await page.goto(`${article}?me`);
  const ownPagesKept = await page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) if (new URL(request.url).searchParams.has("me")) found.push(request.url);
    return found;
  });
  expect(ownPagesKept).toEqual([]);
});

test("the site can be installed: a manifest with icons, and the worker at the root", async ({ page, request }) => {
  await page.goto("/");
  const manifestHref = await page.locator("link[rel=manifest]").getAttribute("href");
  const manifest = (await (await request.get(manifestHref!)).json()) as { name: string; icons: { src: string; sizes: string }[] };
  expect(manifest.name).toBe("The Educator");
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.headers()["content-type"]).toBe("image/png");
  }
  const worker = await request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
});
