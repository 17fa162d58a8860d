import { expect, test } from "@playwright/test";
import { signIn, signInAsAdmin, signUp, waitForBehaviour } from "./fixtures";

test("home renders the demo magazine on the public shell", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "THE EDUCATOR" })).toBeVisible();
  for (const name of ["Articles", "Categories", "Resources", "About", "Contact", "Ask Kafundisha"]) {
    await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
  }
  // Every category with a published article, in the editors' order, one tap from any page.
  await expect(header.getByRole("link", { name: "Categories", exact: true })).toHaveAttribute("href", "/categories");
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Featured Articles" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Latest Insights" })).toBeVisible();
  await expect(page.locator("#main article")).toHaveCount(8); // 2 featured + 6 latest
  await expect(page.getByRole("link", { name: "Explore Articles" })).toHaveAttribute("href", "/articles");
  // The category grid: the demo's categories in the editors' order (the spec's five), and Ask Kafundisha.
  const grid = page.getByRole("region", { name: "Explore by Category" }).getByRole("link");
  await expect(grid).toHaveText(["Education News", "Health", "Sports", "Technology", "Entrepreneurship", "Ask Kafundisha"]);
  await expect(grid.nth(1)).toHaveAttribute("href", "/category/health");
  await expect(grid.last()).toHaveAttribute("href", "/ask-kafundisha");
});

test("theme toggle is remembered and applied before the first paint", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await waitForBehaviour(page);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  // The server cannot know the theme; a blocking script in <head> sets it before the body is painted.
  const themeScriptInHead = await page.evaluate(async () => {
    const html = await (await fetch("/")).text();
    const script = html.indexOf('localStorage.getItem("theme")');
    return script > 0 && script < html.indexOf("</head>");
  });
  expect(themeScriptInHead).toBe(true);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test("the navigation collapses into a menu on small screens", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "About" })).toBeHidden();
  await waitForBehaviour(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.locator("#mobile-menu");
  await expect(menu.getByRole("link")).toHaveText(["Articles", "Categories", "Resources", "About", "Contact", "Ask Kafundisha", "Sign In"]);
  await menu.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("#mobile-menu")).toBeHidden();
});

test("on a hydrated page the menu behaves as on a reader page, and closes when a link in it is followed in place", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/auth");
  await waitForBehaviour(page);
  const menu = page.locator("#mobile-menu");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  // Contact is hydrated too: React Router shows it without loading a document.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await menu.getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("unknown pages show the 404 text", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the owner signs in, reaches /admin and uses the sidebar", async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("The Educator - Admin")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Registered users")).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  for (const name of ["Dashboard", "Articles", "Categories", "Media Library", "Comments", "Users", "Team", "Analytics", "Settings", "Sign Out"]) {
    await expect(sidebar.getByText(name, { exact: true })).toBeAttached();
  }
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await waitForBehaviour(page);
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  const cookie = (await page.context().cookies()).find((item) => item.name === "sidebar_state");
  expect(cookie?.value).toBe("collapsed");
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveAttribute("data-state", "collapsed");
  await waitForBehaviour(page); // the shortcut is the hydrated screen's: a busy machine paints the collapsed sidebar well before
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");

  await sidebar.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
  await expect(page.getByText("You have been signed out successfully.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("a reader signs up, is signed in, and is refused the admin area", async ({ page }) => {
  const email = `reader-${Date.now()}@e2e.test`;
  await signUp(page, email, "reader-pass");
  // The e2e server has no SMTP: nothing to check, the account is signed in.
  await expect(page.getByText("Account created successfully! You are signed in.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("Access denied. Admin privileges required.")).toBeVisible();
});

test("a failed sign-in shows the server's message and keeps the email", async ({ page }) => {
  await signIn(page, "owner@e2e.test", "wrong-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(page.getByLabel("Email")).toHaveValue("owner@e2e.test");
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
});

test("a signed-in user visiting /auth is sent home, rendered as theirs", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/\?me$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("on a phone the admin menu is a modal panel: focus stays in it, Escape closes it, focus goes back", async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const openButton = page.getByRole("button", { name: "Open menu" });
  await openButton.click();
  const panel = page.getByRole("dialog", { name: "Admin menu" });
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute("aria-modal", "true");
  await expect(panel.getByRole("link", { name: "Articles" })).toBeVisible();
  // Tabbing round the whole panel never reaches the page behind it (past the last control the
  // browser's own toolbar may take focus, then the panel again).
  const focusedBehind = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      return Boolean(focused && focused !== document.body && !focused.closest("dialog"));
    });
  let insideCount = 0;
  for (let step = 0; step < 25; step++) {
    await page.keyboard.press("Tab");
    expect(await focusedBehind()).toBe(false);
    if (await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))) insideCount++;
  }
  expect(insideCount).toBeGreaterThan(20);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(openButton).toBeFocused();
});

test("the sign-in tabs move with the arrow keys, one tab stop between them", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const signInTab = page.getByRole("tab", { name: "Sign In" });
  const signUpTab = page.getByRole("tab", { name: "Sign Up" });
  await expect(signUpTab).toHaveAttribute("tabindex", "-1");
  await signInTab.focus();
  await page.keyboard.press("ArrowRight");
  await expect(signUpTab).toBeFocused();
  await expect(signUpTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Sign Up", exact: true })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(signInTab).toBeFocused();
  await page.keyboard.press("End");
  await expect(signUpTab).toBeFocused();
  await page.keyboard.press("Home");
  await expect(signInTab).toHaveAttribute("aria-selected", "true");
});
