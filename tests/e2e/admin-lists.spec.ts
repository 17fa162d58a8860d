import { expect, test, type Page } from "@playwright/test";
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

/** Writes a draft through the New Article form; back on the list afterwards. */
async function aDraft(page: Page, title: string) {
  await page.goto("/admin/articles/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("A body for the batch.");
  await page.getByLabel("Category").selectOption({ label: "Technology in Education" });
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
}

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

test("an admin publishes, moves and deletes the selected articles at once, the deletion asked on the page first", async ({ page }) => {
  await signInAsAdmin(page);
  const stamp = `Batch ${Date.now()}`;
  await aDraft(page, `${stamp} one`);
  await aDraft(page, `${stamp} two`);
  await page.goto(`/admin/articles?q=${encodeURIComponent(stamp)}`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const rows = page.locator("main table tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(page.getByText("2 articles", { exact: true })).toBeVisible();
  const selectBoth = async () => {
    await page.getByRole("checkbox", { name: `Select ${stamp} one` }).check();
    await page.getByRole("checkbox", { name: `Select ${stamp} two` }).check();
  };

  await selectBoth();
  await page.getByRole("button", { name: "Publish selected", exact: true }).click();
  await expect(toast(page, "2 articles published.")).toBeVisible();
  await expect(rows.locator("td[data-label='Status']")).toHaveText(["Published", "Published"]);
  // Done: nothing stays selected for the next batch.
  await expect(page.getByRole("checkbox", { name: `Select ${stamp} one` })).not.toBeChecked();

  await selectBoth();
  await page.getByLabel("Move the selected articles to").selectOption({ label: "Health & Wellness" });
  await page.getByRole("button", { name: "Change category" }).click();
  await expect(toast(page, "2 articles moved to Health & Wellness.")).toBeVisible();
  await expect(rows.locator("td[data-label='Category']")).toContainText(["Health & Wellness", "Health & Wellness"]);

  // One tick selects every row of the page.
  await page.getByRole("checkbox", { name: "All on this page" }).check();
  await page.getByRole("button", { name: "Delete selected" }).click();
  const question = page.getByRole("region", { name: "Delete 2 articles?" });
  await expect(question).toContainText("This cannot be undone.");
  // In the list's order: the newest first.
  await expect(question.getByRole("listitem")).toHaveText([`${stamp} two`, `${stamp} one`]);
  await question.getByRole("button", { name: "Delete 2 articles" }).click();
  await expect(toast(page, "2 articles deleted.")).toBeVisible();
  await expect(page.getByText("No articles match these filters.")).toBeVisible();
});

test("nothing selected is told, and the rows per page are kept with the filters", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/articles");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "Unpublish selected" }).click();
  await expect(toast(page, "Select the articles to change first.")).toBeVisible();

  const total = Number((await page.getByText(/^\d+ articles$/).innerText()).split(" ")[0]);
  await page.getByLabel("Rows per page").selectOption("25");
  await expect(page).toHaveURL(/[?&]size=25/);
  await expect(page.locator("main table tbody tr")).toHaveCount(Math.min(25, total));
  await page.getByLabel("Status").selectOption({ label: "Published" });
  await expect(page).toHaveURL(/[?&]status=published/);
  await expect(page).toHaveURL(/[?&]size=25/);
  await expect(page.getByLabel("Rows per page")).toHaveValue("25");
});

test.describe("without JavaScript", () => {
  test("the selected article is deleted after the page asks", async ({ browser, page }) => {
    await signInAsAdmin(page);
    const title = `No script ${Date.now()}`;
    await aDraft(page, title);
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await context.newPage();
    await plain.goto(`/admin/articles?q=${encodeURIComponent(title)}`);
    await plain.getByRole("checkbox", { name: `Select ${title}` }).check();
    await plain.getByRole("button", { name: "Delete selected" }).click();
    const question = plain.getByRole("region", { name: "Delete 1 article?" });
    await expect(question.getByRole("listitem")).toHaveText([title]);
    await question.getByRole("button", { name: "Delete 1 article" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "1 article deleted." })).toBeVisible();
    await expect(plain.getByRole("row").filter({ hasText: title })).toHaveCount(0);
    await plain.getByRole("link", { name: "Dismiss" }).click();
    await expect(plain.getByText("1 article deleted.")).toHaveCount(0);
    await context.close();
  });
});
