import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin, waitForBehaviour } from "./fixtures";

// The admin's Webhooks screen: a webhook added (its secret shown), a test event sent and seen in
// the delivery log, replayed, then the webhook deleted. The e2e server reaches public addresses
// only (OUTBOUND_ALLOW_PRIVATE is off), so the receiver is one that does not exist: each attempt
// is logged as not reached, and retried.

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

test("an admin adds a webhook, sees its secret, sends a test event, sees it in the log, replays it and deletes the webhook", async ({ page }) => {
  test.setTimeout(60_000);
  const name = `School website ${Date.now()}`;
  const url = "https://hooks.example.invalid/educator";
  await signInAsAdmin(page);
  await page.goto("/admin/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Webhooks" })).toBeVisible();
  await waitForBehaviour(page);

  // Refused with what was typed kept.
  await page.getByRole("textbox", { name: "Address (URL)" }).fill(url);
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText("Give the webhook a name.")).toBeVisible();
  await expect(page.getByText("Choose at least one event.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Address (URL)" })).toHaveValue(url);

  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("checkbox", { name: /^Article published/ }).check();
  await page.getByRole("checkbox", { name: /^Comment approved/ }).check();
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(toast(page, "Webhook added")).toBeVisible();
  const secret = await page.getByRole("textbox", { name: "Signing secret of the new webhook" }).inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("article.published");
  await expect(row).toContainText("comment.approved");
  // The secret stays readable on its row, for the receiver's settings.
  await row.getByText("Show secret").click();
  await expect(row.getByRole("textbox", { name: `Signing secret of ${name}` })).toHaveValue(secret);

  await row.getByRole("button", { name: `Send test to ${name}` }).click();
  await expect(toast(page, "Test event queued")).toBeVisible();
  const delivery = page.getByRole("row").filter({ hasText: "ping" }).filter({ hasText: name });
  await expect(delivery).toBeVisible();
  // The screen follows the delivery: a test is tried once, and failed says why.
  // (No such host: refused at once by DNS, or, where DNS cannot be reached, after the 10 s deadline.)
  await expect(delivery.locator("td[data-label='Status']")).toContainText(/^Failed(could not be reached|timed out)/, { timeout: 30_000 });
  await expect(delivery).not.toContainText("Next attempt");

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }

  await delivery.getByRole("button", { name: `Replay ping to ${name}` }).click();
  await expect(toast(page, "Delivery queued again")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "ping" }).filter({ hasText: name })).toHaveCount(1);

  const confirmations: string[] = [];
  page.once("dialog", (dialog) => {
    confirmations.push(dialog.message());
    void dialog.accept();
  });
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(toast(page, "Webhook deleted")).toBeVisible();
  expect(confirmations).toEqual([`Delete the webhook “${name}” and its delivery log? Its receiver gets no more events.`]);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});
