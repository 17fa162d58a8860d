import { expect, test, type Page } from "@playwright/test";
import { slugify } from "#app/lib/slug";
import { demoArticles, demoTeam } from "#database/seed/demo-content";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin } from "./fixtures";

/** Toasts fade after a few seconds; axe checks the page itself. */
const toastsGone = (page: Page) => expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 10_000 });

const accentOf = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--accent").trim());

test("settings switches change the theme and the accent, say so, and are remembered", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  const html = page.locator("html");
  const darkMode = page.getByRole("switch", { name: "Dark Mode" });
  const orangeAccent = page.getByRole("switch", { name: "Orange Accent" });

  // Nothing saved yet: the system's light preference and the default orange accent.
  await expect(darkMode).toHaveAttribute("aria-checked", "false");
  await expect(orangeAccent).toHaveAttribute("aria-checked", "true");
  await expect(html).not.toHaveClass(/dark/);
  await expect(html).toHaveAttribute("data-accent", "orange");
  await expect(page.getByRole("heading", { name: "Theme Preview" })).toBeVisible();
  await expect(page.getByText("Light theme with the orange accent")).toBeVisible();
  await expectNoAxeViolations(page);

  await darkMode.click();
  await expect(html).toHaveClass(/dark/);
  await expect(darkMode).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("Theme Updated")).toBeVisible();

  const orangeInDark = await accentOf(page);
  await orangeAccent.click();
  await expect(html).toHaveAttribute("data-accent", "default");
  await expect(orangeAccent).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("Accent Color Updated")).toBeVisible();
  await expect(page.getByText("Dark theme with the default accent")).toBeVisible();
  expect(await accentOf(page)).not.toBe(orangeInDark);
  expect(await page.evaluate(() => [localStorage.getItem("theme"), localStorage.getItem("accentColor")])).toEqual(["dark", "default"]);
  await toastsGone(page);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(html).toHaveAttribute("data-accent", "default");
  await expect(darkMode).toHaveAttribute("aria-checked", "true");
  await expect(orangeAccent).toHaveAttribute("aria-checked", "false");

  // The accent is the whole site's: a public page uses the chosen colour too.
  await page.goto("/about");
  await expect(html).toHaveAttribute("data-accent", "default");
  const defaultAccentOnSite = await accentOf(page);
  await page.goto("/admin/settings");
  await orangeAccent.click();
  await darkMode.click();
  await expect(html).not.toHaveClass(/dark/);
  await expect(html).toHaveAttribute("data-accent", "orange");
  await page.goto("/about");
  await expect(html).toHaveAttribute("data-accent", "orange");
  expect(await accentOf(page)).not.toBe(defaultAccentOnSite);
});

const card = (page: Page, label: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: label, exact: true }) });

test.describe("media library", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/media");
    await expect(page.getByRole("heading", { name: "Media Library" })).toBeVisible();
  });

  test("shows the demo images, with filters and search", async ({ page }) => {
    const articleImage = `demo-${demoArticles[0]!.key}.jpg`;
    const articleCard = card(page, articleImage);
    await expect(articleCard).toBeVisible();
    await expect(articleCard.getByRole("link", { name: `Article: ${demoArticles[0]!.title}` })).toHaveAttribute("href", /^\/admin\/articles\/[0-9a-f-]{36}$/);
    await expect.poll(() => articleCard.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // Images still waiting to load lazily (below the fold) are not mistaken for broken ones.
    await expect(page.getByText("Image unavailable")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectNoAxeViolations(page);

    const grid = page.getByRole("list", { name: "Media items" });
    const cards = grid.locator(":scope > li");
    await page.getByRole("button", { name: "Team Photos", exact: true }).click();
    await expect(page.getByRole("button", { name: "Team Photos", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(cards).toHaveCount(demoTeam.length);
    await expect(card(page, articleImage)).toHaveCount(0);
    const member = demoTeam[1]!;
    await expect(card(page, `demo-${slugify(member.name)}.jpg`).getByRole("link", { name: `Team member: ${member.name}` })).toHaveAttribute(
      "href",
      /^\/admin\/team\/[0-9a-f-]{36}$/,
    );

    // The filter is the server's: it holds across pages, 12 a page.
    await page.getByRole("button", { name: "Article Featured", exact: true }).click();
    await expect(page).toHaveURL(/[?&]kind=article-featured/);
    await expect(cards).toHaveCount(12);
    const mediaPages = page.getByRole("navigation", { name: "Media pages" });
    await expect(mediaPages.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await mediaPages.getByRole("link", { name: "Next" }).click();
    await expect(cards).toHaveCount(demoArticles.length - 12);
    await expect(mediaPages.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Article Featured", exact: true })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Article Content", exact: true }).click();
    await expect(page.getByText("No media matches your search.")).toBeVisible();

    await page.getByRole("button", { name: "All", exact: true }).click();
    // The filter's page first, or its answer could land after the search and reset the box.
    await expect(page.getByRole("button", { name: "All", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("No media matches your search.")).toHaveCount(0);
    await page.getByLabel("Search media").fill(member.name.toUpperCase());
    await page.getByLabel("Search media").press("Enter");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(member.name);
    await page.getByLabel("Search media").fill(`articles/${articleImage}`);
    await page.getByLabel("Search media").press("Enter");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(articleImage);
    // Enter searches within the filter shown as pressed.
    await page.getByRole("button", { name: "Team Photos", exact: true }).click();
    await expect(page.getByText("No media matches your search.")).toBeVisible();
    await page.getByLabel("Search media").fill(member.name);
    await page.getByLabel("Search media").press("Enter");
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Team Photos", exact: true })).toHaveAttribute("aria-pressed", "true");
    await page.getByLabel("Search media").fill("no-such-image-anywhere");
    await page.getByLabel("Search media").press("Enter");
    await expect(page.getByText("No media matches your search.")).toBeVisible();
  });

  test("copies an image's absolute URL", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const articleImage = `demo-${demoArticles[0]!.key}.jpg`;
    await card(page, articleImage)
      .getByRole("button", { name: `Copy URL of ${articleImage}` })
      .click();
    await expect(page.getByText("Copied", { exact: true })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^http://[^/]+/uploads/media/articles/${articleImage.replace(/\./g, "\\.")}$`));
    await expect(card(page, articleImage).getByRole("link", { name: `Open ${articleImage} in a new tab` })).toHaveAttribute("href", copied);
  });

  // A service worker (registered by the home page signing in lands on) would fetch the picture itself,
  // out of reach of page.route: this check of the screen runs without one.
  test.describe("without a service worker", () => {
    test.use({ serviceWorkers: "block" });
    test("a broken image falls back to a placeholder", async ({ page }) => {
      const photo = `demo-${slugify(demoTeam[2]!.name)}`;
      await page.route(`**/uploads/media/team/${photo}*`, (route) => route.abort());
      // Team photos sort after the articles' images: the team filter shows them on its first page.
      await page.goto("/admin/media?kind=team");
      // Images load lazily: the placeholder appears once the browser has tried to load this one.
      await card(page, `${photo}.jpg`).scrollIntoViewIfNeeded();
      await expect(card(page, `${photo}.jpg`).getByText("Image unavailable")).toBeVisible();
      await expect(card(page, `demo-${demoArticles[0]!.key}.jpg`).getByText("Image unavailable")).toHaveCount(0);
    });
  });

  test("deletes a stored file and its copies after the confirmation", async ({ page }) => {
    // The inactive member's photo: other specs on this shared server show the active team.
    const member = demoTeam.find((candidate) => !candidate.active)!;
    const path = `team/demo-${slugify(member.name)}.jpg`;
    const label = path.split("/").pop()!;
    expect((await page.request.get(`/uploads/media/${path}`)).status()).toBe(200);
    await page.goto("/admin/media?kind=team");

    let confirmation = "";
    page.once("dialog", (dialog) => {
      confirmation = dialog.message();
      void dialog.accept();
    });
    await card(page, label)
      .getByRole("button", { name: `Delete media/${path}` })
      .click();
    await expect(page.getByText("File removed from storage")).toBeVisible();
    expect(confirmation).toBe(`Delete file media/${path}? This cannot be undone.`);

    // The team member still shows the (now missing) photo: one item named after them, no longer a stored file.
    await expect(card(page, label)).toHaveCount(0);
    await expect(card(page, member.name).getByRole("link", { name: `Team member: ${member.name}` })).toBeVisible();
    await expect(card(page, member.name).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    expect((await page.request.get(`/uploads/media/${path}`)).status()).toBe(404);
    expect((await page.request.get(`/uploads/media/${path.replace(/\.jpg$/, ".w480.webp")}`)).status()).toBe(404);
  });

  test("keeps the file when the confirmation is dismissed", async ({ page }) => {
    const path = `articles/demo-${demoArticles[1]!.key}.jpg`;
    page.once("dialog", (dialog) => void dialog.dismiss());
    await card(page, path.split("/").pop()!)
      .getByRole("button", { name: `Delete media/${path}` })
      .click();
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(card(page, path.split("/").pop()!).getByRole("button", { name: `Delete media/${path}` })).toBeVisible();
    expect((await page.request.get(`/uploads/media/${path}`)).status()).toBe(200);
  });
});
