import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { openListening, signInAsAdmin } from "./fixtures";

/** The unread count on the sidebar's Inbox link (0 when it shows none). */
async function unreadBadge(page: Page) {
  const badge = page.getByRole("navigation", { name: "Admin" }).first().locator('[data-waiting="unread"] > span:first-child');
  return (await badge.count()) === 0 ? 0 : Number((await badge.innerText()).replace(/\D/g, ""));
}

test("the dashboard lists what waits, and the sidebar's counts move live when a reader writes in", async ({ page, browser }) => {
  await signInAsAdmin(page);
  await openListening(page, "/admin");
  await expect(page.getByRole("heading", { name: "Waiting for you" })).toBeVisible();
  for (const section of ["Pending comments", "Unread messages", "Ask Kafundisha", "Drafts", "Scheduled", "Views, last 7 days"]) {
    await expect(page.getByRole("heading", { name: new RegExp(`^${section} \\(\\d+\\)$`) })).toBeVisible();
  }
  await expect(page.getByRole("table", { name: "Page views per day, last 7 days" }).getByRole("row")).toHaveCount(7);
  const before = await unreadBadge(page);

  const reader = await browser.newPage();
  const subject = `Dashboard check ${Date.now()}`;
  await reader.goto("/contact");
  for (const [label, value] of Object.entries({
    "First Name": "Bupe",
    "Last Name": "Tembo",
    Email: "bupe@example.com",
    Subject: subject,
    Message: "When is the next issue?",
  })) {
    await reader.getByLabel(label, { exact: true }).fill(value);
  }
  await reader.getByRole("button", { name: "Send Message" }).click();
  await expect(reader.getByRole("status").filter({ hasText: "Your message has been sent." })).toBeVisible();
  await reader.close();

  // No reload: the sidebar and the dashboard follow the change.
  await expect.poll(() => unreadBadge(page), { timeout: 10_000 }).toBe(before + 1);
  await expect(
    page
      .getByRole("navigation", { name: "Admin" })
      .first()
      .getByRole("link", { name: `Inbox ${before + 1} unread` }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: /^Unread messages/ }).getByText(subject)).toBeVisible();
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the dashboard passes axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signInAsAdmin(page);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Waiting for you" })).toBeVisible();
    await expect(page.getByText("Signed in successfully!")).toBeHidden({ timeout: 10_000 });
    await expectNoAxeViolations(page);
  });
}
