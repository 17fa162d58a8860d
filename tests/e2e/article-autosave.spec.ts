import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./fixtures";

const autosaveStatus = (page: Page) => page.locator("[data-autosave]");

/** A new draft of its own, opened for editing. */
async function openNewDraft(page: Page, title: string) {
  await page.goto("/admin/articles/new");
  await expect(page.locator("html[data-hydrated]")).toBeAttached(); // the editor's content field is React's
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("The first paragraph.");
  await page.getByLabel("Category").selectOption({ label: "Technology in Education" });
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Article" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return page.url();
}

test("typing is kept as it goes; offline it stays on this device and nothing is lost when the editor comes back", async ({ page, context }) => {
  await signInAsAdmin(page);
  const editUrl = await openNewDraft(page, `Autosaved ${Date.now()}`);
  await expect(autosaveStatus(page)).toHaveText("All changes saved");

  await page.getByLabel("Content").fill("The first paragraph.\n\nA second one, typed online.");
  await expect(autosaveStatus(page)).toHaveText("Unsaved changes");
  await expect(autosaveStatus(page)).toHaveText("Saved a few seconds ago", { timeout: 10_000 });

  await context.setOffline(true);
  await page.getByLabel("Content").fill("The first paragraph.\n\nA second one, typed online.\n\nA third, typed offline.");
  await expect(autosaveStatus(page)).toHaveText("Offline — changes kept on this device", { timeout: 10_000 });
  await page.close(); // the tab closes while offline
  await context.setOffline(false);

  const again = await context.newPage();
  await again.goto(editUrl);
  const offer = again.getByRole("region", { name: "Unsaved changes" });
  await expect(offer).toContainText("You have unsaved changes from");
  await offer.getByRole("button", { name: "Restore them" }).click();
  await expect(again.getByLabel("Content")).toHaveValue("The first paragraph.\n\nA second one, typed online.\n\nA third, typed offline.");
  // Back online, the restored text is kept on the server too.
  await expect(autosaveStatus(again)).toHaveText("Saved a few seconds ago", { timeout: 10_000 });

  // Ctrl+S saves the article itself.
  await again.keyboard.press("Control+s");
  await expect(again).toHaveURL(/\/admin\/articles$/);
  await expect(again.getByText("Article updated successfully!")).toBeVisible();
  await again.goto(editUrl);
  await expect(again.getByLabel("Content")).toHaveValue(/A third, typed offline\.$/);
  await expect(again.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
});

test("leaving the form with unsaved changes asks first", async ({ page }) => {
  await signInAsAdmin(page);
  await openNewDraft(page, `Leaving ${Date.now()}`);
  await page.getByLabel("Title").fill("A title not saved yet");
  const questions: string[] = [];
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Back to Articles" }).click();
  await expect.poll(() => questions).toEqual(["You have unsaved changes. Leave this page anyway?"]);
  await expect(page.getByRole("heading", { name: "Edit Article" })).toBeVisible();

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("link", { name: "Back to Articles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Articles\b/ })).toBeVisible();
});

test("an empty new-article form claims nothing saved until something is typed and kept", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/articles/new");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(autosaveStatus(page)).toHaveAttribute("data-autosave", "blank");
  await expect(autosaveStatus(page)).toHaveText("");

  await page.getByLabel("Title").fill(`Typed ${Date.now()}`);
  await expect(autosaveStatus(page)).toHaveText("Unsaved changes");
  await expect(autosaveStatus(page)).toHaveText("Saved a few seconds ago", { timeout: 10_000 });

  // Taking it all back leaves nothing to keep (the kept copy is dropped): nothing is claimed again.
  await page.getByLabel("Title").fill("");
  await expect(autosaveStatus(page)).toHaveAttribute("data-autosave", "blank", { timeout: 10_000 });
  await expect(autosaveStatus(page)).toHaveText("");
});
