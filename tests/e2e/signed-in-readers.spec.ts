import { expect, test } from "@playwright/test";
import { signUp, waitForBehaviour } from "./fixtures";

// A signed-in reader gets the page kept for everyone (app/lib/viewer.ts): their header and comment
// form show from the viewer hint before the first paint, a session ended elsewhere is put right by
// the page's one private request, and without scripts "Sign In" leads back to the page as theirs.

async function newReader(page: import("@playwright/test").Page) {
  await signUp(page, `reader-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@e2e.test`, "reader-pass-1");
  await expect(page.getByText("Account created successfully!", { exact: false })).toBeVisible();
}

test("a signed-in reader is served the cached page, with their header and the comment form", async ({ page }) => {
  await newReader(page);
  // The page after the welcome toast is the one kept for everyone.
  await page.goto("/articles");
  const response = await page.goto("/articles");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Account" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);

  await page.locator('main a[href^="/articles/"]').first().click();
  await expect(page.getByRole("heading", { name: "Comments" })).toBeVisible();
  await expect(page.getByLabel("Your comment")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to join the conversation" })).toHaveCount(0);
});

test("a session ended elsewhere: the page shows a guest's header once its private request answers", async ({ page, context }) => {
  await newReader(page);
  await context.clearCookies({ name: "educator_session" });
  await page.goto("/about");
  await waitForBehaviour(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  // The hint went with it: the next page is a guest's from its first paint.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("educator_viewer");
});

test("without scripts, a signed-in reader's Sign In brings the page back as theirs", async ({ browser }) => {
  const signingUp = await browser.newContext();
  await newReader(await signingUp.newPage());
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await signingUp.storageState() });
  await signingUp.close();
  const page = await context.newPage();
  await page.goto("/about");
  await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/about\?me$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await context.close();
});
