import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./fixtures";

// Admin lists that find things: the Articles list searched by words of the title and narrowed by
// status and author, the filters kept in the address, and cleared in one step.

test("an admin finds a draft by its status and words of its title, and clears the filters", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/articles");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const rows = page.locator("main table tbody tr");

  // A status applies as soon as it is chosen.
  await page.getByLabel("Status").selectOption({ label: "Draft" });
  await expect(page).toHaveURL(/[?&]status=draft/);
  await expect(rows.first()).toBeVisible();
  for (const status of await rows.locator("td[data-label='Status']").allInnerTexts()) expect(status).toContain("Draft");

  await page.getByLabel("Search titles").fill("solar-powered");
  await page.getByLabel("Search titles").press("Enter");
  await expect(page).toHaveURL(/[?&]q=solar-powered/);
  await expect(page).toHaveURL(/[?&]status=draft/);
  await expect(rows).toHaveCount(1);
  // The title opens the article.
  const title = rows.getByRole("link", { name: "Setting Up a Low-Cost Solar-Powered Computer Corner", exact: true });
  await expect(title).toHaveAttribute("href", /^\/admin\/articles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles (1)");

  await page.getByLabel("Status").selectOption({ label: "Published" });
  await expect(page.getByText("No articles match these filters.")).toBeVisible();

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Articles \(\d{2,}\)$/);
  await expect(page.getByLabel("Search titles")).toHaveValue("");

  // A column heading orders the list by it.
  await page.getByRole("columnheader", { name: "Views" }).getByRole("link").click();
  await expect(page).toHaveURL(/[?&]sort=views/);
  await expect(page.getByRole("columnheader", { name: "Views" })).toHaveAttribute("aria-sort", "descending");
  const views = (await rows.locator("td[data-label='Views']").allInnerTexts()).map((text) => Number(text.replaceAll(",", "")));
  expect(views).toEqual([...views].sort((a, b) => b - a));
});

test("a moderator approves the selected comments at once, and narrows the list to one article's", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/comments?status=approved");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const rows = page.locator("main table tbody tr");
  const boxes = rows.getByRole("checkbox", { name: /^Select the comment by / });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "2 comments marked as approved." })).toBeVisible();
  // Done: nothing stays selected for the next batch.
  await expect(boxes.nth(0)).not.toBeChecked();

  const article = (await rows.first().locator("td[data-label='Article'] a").innerText()).trim();
  await rows.first().getByRole("link", { name: article, exact: true }).click();
  await expect(page).toHaveURL(/[?&]article=[0-9a-f-]{36}/);
  await expect(page.getByText(`Comments on “${article}”.`)).toBeVisible();
  for (const title of await rows.locator("td[data-label='Article']").allInnerTexts()) expect(title.trim()).toBe(article);
  // The search keeps the article; Clear filters lets it go.
  await page.getByLabel("Search comments").press("Enter");
  await expect(page).toHaveURL(/[?&]article=[0-9a-f-]{36}/);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/comments$/);
});
