import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./axe";
import { openListening, signInAsAdmin } from "./fixtures";
import { localDateTimeValue } from "#app/lib/zoned-time";
import { imageAltMissingText } from "#app/lib/admin-schemas";

const deleteConfirmation = "Are you sure you want to delete this article? This action cannot be undone.";

const pngFile = async (name: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer(),
});

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

test("an editor writes a draft, publishes it with an uploaded image, reads it on the site, and deletes it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/articles");
  await expect(page.getByRole("link", { name: "AI Writer" })).toHaveAttribute("href", "/admin/articles/ai-writer");
  await page.getByRole("link", { name: "New Article" }).click();
  await expect(page.getByRole("heading", { name: "New Article" })).toBeVisible();

  const title = `Teaching fractions with bottle tops ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Excerpt").fill("A hands-on lesson that needs no textbooks.");
  await page.getByLabel("Content").fill("## Materials\nCollect **bottle tops** in two colours.\n\n### Steps\nGroup them by tens.");
  // The live preview renders the Markdown as the public page will.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { level: 2, name: "Materials" })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 3, name: "Steps" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("bottle tops");
  await page.getByLabel("Category").selectOption({ label: "Technology in Education" });
  await expect(page.getByLabel("Status")).toHaveValue("draft");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Create Article" }).click();

  await expect(toast(page, "Article created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles$/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Draft");
  await expect(row).toContainText("Technology in Education");
  await expect(row).toContainText("technology");
  // Checked once the toast has gone: the toast's own colours are app/lib/toast.ts's.
  await expect(toast(page, "Article created successfully!")).toBeHidden({ timeout: 10_000 });
  await expectNoAxeViolations(page);

  await row.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Article" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  const id = /\/admin\/articles\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await page.getByLabel("Status").selectOption("published");
  await page.getByLabel("Upload image").setInputFiles(await pngFile("bottle-tops.png"));
  await expect(toast(page, "Image uploaded")).toContainText("Featured image set.");
  const imageField = page.getByLabel("Featured image", { exact: true });
  await expect(imageField).toHaveValue(/^\/uploads\/media\/articles\/\d+_[0-9a-f]+\.png$/);
  const imageUrl = await imageField.inputValue();
  await expect(page.getByRole("img", { name: "Featured image preview" })).toHaveAttribute("src", imageUrl);
  await page.getByLabel("Tags").fill("Numeracy, Grade 3, numeracy");
  // Published with a picture, the article needs words for readers who cannot see it.
  await page.getByRole("button", { name: "Update Article" }).click();
  await expect(page.getByText(imageAltMissingText).first()).toBeVisible();
  await expect(page.getByLabel("Tags")).toHaveValue("Numeracy, Grade 3, numeracy");
  await page.getByLabel("Alt text").fill("Bottle tops grouped by tens on a desk");
  await page.getByRole("button", { name: "Update Article" }).click();

  await expect(toast(page, "Article updated successfully!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Published");

  await page.goto(`/articles/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Materials" })).toBeVisible();
  await expect(page.locator("article img").first()).toHaveAttribute("src", imageUrl);
  await expect(page.getByRole("img", { name: "Bottle tops grouped by tens on a desk" })).toBeVisible();
  const tags = page.getByRole("article").first().getByRole("list", { name: "Tags" });
  await expect(tags.getByRole("link")).toHaveText(["#Numeracy", "#Grade 3"]);
  await tags.getByRole("link", { name: "#Grade 3" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "#Grade 3" })).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  await page.goto("/admin/articles");
  await expect(page.locator("html[data-hydrated]")).toBeAttached(); // the delete button asks first only once hydrated
  let confirmation = "";
  page.once("dialog", (dialog) => {
    confirmation = dialog.message();
    void dialog.accept();
  });
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("button", { name: /^Delete/ })
    .click();
  await expect(toast(page, "Article deleted successfully!")).toBeVisible();
  expect(confirmation).toBe(deleteConfirmation);
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  await page.goto(`/articles/${id}`);
  await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
});

test("dismissing the delete confirmation keeps the article", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/articles/new");
  const title = `Keep me ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("Body");
  await page.getByLabel("Category").selectOption({ label: "Technology in Education" });
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(toast(page, "Article created successfully!")).toBeVisible();
  page.once("dialog", (dialog) => void dialog.dismiss());
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(1);
});

test("the forms show the spec's validation messages and keep what was typed", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/articles/new");
  // New article: title, content and category are marked required.
  for (const label of ["Title", "Content", "Category"]) await expect(page.getByLabel(label)).toHaveAttribute("required", "");
  await page.getByLabel("Excerpt").fill("An excerpt worth keeping");
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Missing fields: Title, content, and category are required." })).toBeVisible();
  await expect(toast(page, "Missing fields")).toContainText("Title, content, and category are required.");
  await expect(page.getByLabel("Excerpt")).toHaveValue("An excerpt worth keeping");
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

  // Edit form: only the title is marked required.
  await page.goto("/admin/articles");
  await page.getByRole("link", { name: /^Edit/ }).first().click();
  await expect(page.getByRole("heading", { name: "Edit Article" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Content")).not.toHaveAttribute("required");
  await expect(page.getByLabel("Category")).not.toHaveAttribute("required");
  const content = await page.getByLabel("Content").inputValue();
  await page.getByLabel("Title").fill("");
  await page.getByRole("button", { name: "Update Article" }).click();
  await expect(toast(page, "Missing fields")).toBeVisible();
  await expect(page.getByLabel("Content")).toHaveValue(content);

  await page.goto("/admin/articles/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
});

test("a refused upload shows the spec's error and leaves the form intact", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/articles/new");
  await page.getByLabel("Title").fill("A title I typed");
  await page.getByLabel("Content").fill("Content I typed");

  await page
    .getByLabel("Upload image")
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("these are notes, not a picture\n".repeat(10)) });
  await expect(toast(page, "Unsupported file")).toContainText("Please upload JPG, PNG, WEBP, or GIF images.");

  await page.getByLabel("Upload image").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(9 * 1024 * 1024, 1) });
  await expect(toast(page, "File too large")).toContainText("Maximum size is 8MB.");

  await expect(page.getByLabel("Title")).toHaveValue("A title I typed");
  await expect(page.getByLabel("Content")).toHaveValue("Content I typed");
  await expect(page.getByLabel("Featured image", { exact: true })).toHaveValue("");
  await expect(page.getByRole("img", { name: "Featured image preview" })).toHaveCount(0);
});

test("the article table refreshes live when an article is added elsewhere", async ({ page, browser }) => {
  await signInAsAdmin(page);
  await openListening(page, "/admin/articles");
  await expect(page.getByRole("heading", { name: "Articles" })).toBeVisible();
  const title = `Written in another tab ${Date.now()}`;

  const other = await browser.newPage();
  await signInAsAdmin(other);
  await other.goto("/admin/articles/new");
  await other.getByLabel("Title").fill(title);
  await other.getByLabel("Content").fill("Body");
  await other.getByLabel("Category").selectOption({ label: "Technology in Education" });
  await other.getByRole("button", { name: "Create Article" }).click();
  await expect(toast(other, "Article created successfully!")).toBeVisible();
  await other.close();

  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Draft");
});

test("an article scheduled for the next minute appears on the home page at that minute", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signInAsAdmin(page);
  await page.goto("/admin/articles/new");
  const title = `Ready for Monday ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("Planned ahead.");
  await page.getByLabel("Category").selectOption({ label: "Technology in Education" });
  await page.getByLabel("Status").selectOption("scheduled");
  // The next whole minute, unless it is too close to save the form in time.
  const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  await page.getByLabel("Publish on").fill(localDateTimeValue(due, "Africa/Lusaka"));
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(toast(page, "Article created successfully!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Scheduled");

  const reader = await browser.newPage();
  await openListening(reader, "/");
  await expect(reader.getByText(title)).toHaveCount(0);
  // Published at that minute; the open home page refreshes itself.
  await expect(reader.getByRole("link", { name: title }).first()).toBeVisible({ timeout: 100_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  await reader.close();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Published");

  // Other specs count the demo magazine's articles: this one goes again.
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  page.once("dialog", (dialog) => void dialog.accept());
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("button", { name: /^Delete/ })
    .click();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
});

test("the article screens pass the accessibility checks in the light and the dark theme", async ({ page }) => {
  await signInAsAdmin(page);
  await expect(toast(page, "Signed in successfully!")).toBeHidden({ timeout: 10_000 });
  for (const theme of ["light", "dark"]) {
    await page.evaluate((chosen) => localStorage.setItem("theme", chosen), theme);
    await page.goto("/admin/articles");
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*\bdark\b)/);
    await expectNoAxeViolations(page);
    await page.getByRole("row").nth(1).getByRole("link", { name: /^Edit/ }).click();
    await expect(page.getByRole("region", { name: "Preview" }).getByRole("heading").first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
