import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { newStaffAccount, signIn } from "./fixtures";

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

function acceptNextDialog(page: Page) {
  return new Promise<string>((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

test("an editor adds a guest byline, edits it, is refused a blank name, sees the guest's page and deletes it", async ({ browser }) => {
  const account = await newStaffAccount(browser, "editor", "Chanda Mulenga");
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account.email, account.password);
  await expect(toast(page, "Signed in successfully!")).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Guest Bylines" }).click();
  await expect(page).toHaveURL(/\/admin\/guest-authors$/);
  const heading = page.getByRole("heading", { level: 1, name: /Guest Bylines/ });
  await expect(heading).toContainText(/\(\d+\)/);
  const countBefore = Number(/\((\d+)\)/.exec((await heading.textContent())!)![1]);
  await expect(page.getByText("Bylines for writers without an account. Add them to an article on its edit screen.")).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(["Name", "Bio", "Articles", "Actions"]);

  await page.getByRole("button", { name: "New Guest Byline" }).click();
  await expect(page.getByRole("heading", { name: "New Guest Byline" })).toBeVisible();
  await page.getByLabel("Name").fill("Chiluba Mwape");
  await page.getByLabel("Short bio").fill("Head teacher in Kasama.");
  await page.getByRole("button", { name: "Create Guest Byline" }).click();
  await expect(toast(page, "Guest byline created.")).toContainText("Created");
  await expect(page.getByRole("button", { name: "Create Guest Byline" })).toHaveCount(0);
  const guest = row(page, "Chiluba Mwape");
  await expect(guest).toContainText("Head teacher in Kasama.");
  await expect(guest.getByRole("cell").nth(2)).toHaveText("0");
  await expect(guest.getByRole("link", { name: "Chiluba Mwape" })).toHaveAttribute("href", "/author/chiluba-mwape");
  await expect(heading).toContainText(`(${countBefore + 1})`);

  // Edit the bio; then a blank name is refused and the form keeps what was typed.
  await page.getByRole("button", { name: "Edit Chiluba Mwape" }).click();
  await expect(page.getByRole("heading", { name: "Edit Guest Byline" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Chiluba Mwape");
  await page.getByLabel("Short bio").fill("Head teacher and reading coach in Kasama.");
  await page.getByRole("button", { name: "Update Guest Byline" }).click();
  await expect(toast(page, "Guest byline updated.")).toContainText("Updated");
  await expect(guest).toContainText("Head teacher and reading coach in Kasama.");

  await page.getByRole("button", { name: "Edit Chiluba Mwape" }).click();
  await page.getByLabel("Name").fill("");
  await page.getByLabel("Short bio").fill("A bio typed before the refusal.");
  await page.getByRole("button", { name: "Update Guest Byline" }).click();
  await expect(toast(page, "Please enter a display name.")).toContainText("Error");
  await expect(page.getByRole("heading", { name: "Edit Guest Byline" })).toBeVisible();
  await expect(page.getByLabel("Short bio")).toHaveValue("A bio typed before the refusal.");
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#guest-author-name-error")).toHaveText("Please enter a display name.");
  await expect(guest).toContainText("Head teacher and reading coach in Kasama.");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Edit Guest Byline" })).toHaveCount(0);

  await expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);

  // The guest's own page.
  const reader = await page.context().newPage();
  await reader.goto("/author/chiluba-mwape");
  await expect(reader.getByRole("heading", { level: 1, name: "Chiluba Mwape" })).toBeVisible();
  await expect(reader.getByText("Head teacher and reading coach in Kasama.")).toBeVisible();
  await reader.close();

  const confirmation = acceptNextDialog(page);
  await page.getByRole("button", { name: "Delete Chiluba Mwape" }).click();
  expect(await confirmation).toBe("Delete this guest byline? This cannot be undone.");
  await expect(toast(page, "Guest byline deleted.")).toContainText("Deleted");
  await expect(row(page, "Chiluba Mwape")).toHaveCount(0);
  await expect(heading).toContainText(`(${countBefore})`);
});

test("a contributor may not open Guest Bylines", async ({ browser }) => {
  const account = await newStaffAccount(browser, "contributor", "Mwila Tembo");
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account.email, account.password);
  await expect(toast(page, "Signed in successfully!")).toBeVisible();
  await page.goto("/admin/articles");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Guest Bylines" })).toHaveCount(0);
  await page.goto("/admin/guest-authors");
  await expect(page.getByText("Access denied. Admin privileges required.")).toBeVisible();
});
