import { expect, request as httpRequest, test, type APIRequestContext } from "@playwright/test";
import { waitForBehaviour } from "./fixtures";
import { e2eOwner } from "./owner";

const title = "Making the Competence-Based Curriculum Work in Your Classroom";

/** An admin's own session (another person, in another browser), signed in through the real form. */
async function adminSession(baseURL: string): Promise<APIRequestContext> {
  const admin = await httpRequest.newContext({ baseURL });
  const signedIn = await admin.post("/auth", { form: { intent: "sign-in", email: e2eOwner.email, password: e2eOwner.password }, maxRedirects: 0 });
  expect([200, 302]).toContain(signedIn.status());
  return admin;
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("an article reads completely, and the lists filter with plain forms", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: title }).first().click();
    const article = page.getByRole("article").first();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(article.getByRole("heading", { level: 2, name: "From knowing to doing" })).toBeVisible();
    await expect(article.getByText("Published by The Educator")).toBeVisible();
    const cover = article.locator("img").first();
    await expect(cover).toHaveJSProperty("complete", true);
    expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole("region", { name: /Comments/ }).getByText("The three-level checklist idea is brilliant.", { exact: false })).toBeVisible();
    await expect(page.getByRole("region", { name: "Related Articles" }).getByRole("article")).toHaveCount(3);

    await page.goto("/articles");
    await page.getByRole("searchbox", { name: "Search articles" }).fill("smartphone");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/articles\?q=smartphone/);
    await expect(page.getByRole("status")).toHaveText("1 article found");
    await page.getByRole("button", { name: "List view" }).click();
    await expect(page).toHaveURL(/\/articles\?q=smartphone&view=list$/);
    await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    // Back to the default layout: the same address the links and the reader script use.
    await page.getByRole("button", { name: "Grid view" }).click();
    await expect(page).toHaveURL(/\/articles\?q=smartphone$/);
    await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");
  });
});

test("reader pages load no React: only the stylesheet and the reader script", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ["/", "/articles", "/category/health", "/about"]) {
    await page.goto(path);
    await waitForBehaviour(page);
  }
  await page.getByRole("link", { name: "Articles", exact: true }).first().click();
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(new Set(scripts).size).toBe(1);
  expect(scripts[0]).toMatch(/^\/assets\/enhance-[\w-]+\.js$/);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
});

test("the reader script is fetched only once the page has painted, and without paint timing once it has loaded", async ({ page }) => {
  await page.goto("/articles");
  await waitForBehaviour(page);
  const [paintedAt, scriptAskedAt] = await page.evaluate(() => [
    performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
    performance.getEntriesByType("resource").find((entry) => /\/assets\/enhance-/.test(entry.name))!.startTime,
  ]);
  expect(scriptAskedAt).toBeGreaterThanOrEqual(paintedAt);

  // A browser without paint timing (older ones) still gets the script.
  await page.addInitScript(() => Reflect.deleteProperty(window, "PerformanceObserver"));
  await page.goto("/about");
  await waitForBehaviour(page);
  expect(await page.evaluate(() => "PerformanceObserver" in window)).toBe(false);
});

test("the theme toggle and the menu work on a reader page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/articles");
  await waitForBehaviour(page);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await waitForBehaviour(page);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);

  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.locator("#mobile-menu").getByRole("link", { name: "Contact" })).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(page.locator("#mobile-menu")).toBeHidden();
});

test("an anonymous reader's open pages refresh live, and the next reader never gets a stale page", async ({ page, baseURL }) => {
  const admin = await adminSession(baseURL!);
  const suffix = Date.now();
  const listening = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await page.goto("/about");
  await listening;
  const member = `Live Reader Member ${suffix}`;
  const saved = await admin.post("/admin/team/new", { form: { name: member, position: "Correspondent", orderIndex: "2", active: "on" }, maxRedirects: 0 });
  expect(saved.status(), await saved.text()).toBe(302);
  await expect(page.getByText(member)).toBeVisible({ timeout: 15_000 });

  // A cached /about was dropped by the change: a new anonymous reader sees the member at once.
  const fresh = await page.request.get("/about");
  expect(await fresh.text()).toContain(member);
  await admin.dispose();
});
