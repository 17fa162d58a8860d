import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

// The suite's server has no mail server: an invitation is a link the admin copies and passes on.
test("without a mail server the admin makes an invitation link, copies it, and it opens the invitation", async ({ page, browser, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const email = `linked-${Date.now()}@example.com`;
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  const invite = page.getByRole("region", { name: "Invite someone" });
  await expect(invite).toContainText("No mail server is set up: you get a link to send them yourself");
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role to give").selectOption("author");
  await invite.getByRole("button", { name: "Make invitation link" }).click();
  // Signed in a moment ago: the password is not asked again.
  const ready = invite.getByRole("status");
  await expect(ready).toContainText(
    `The invitation link is ready. No mail server is set up, so no email was sent: copy the link and send it to ${email} yourself.`,
  );
  const link = await ready.getByLabel(`Invitation link for ${email}`).inputValue();
  expect(link).toMatch(/\/invite\?token=/);
  await ready.getByRole("button", { name: "Copy link" }).click();
  await expect(ready).toContainText("Copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(invite.getByRole("list", { name: "Invitations not used yet" })).toContainText(`${email} · Author · made`);
  await expect(page.getByText("Invitation sent")).toHaveCount(0);
  await expectNoAxeViolations(page);

  const teacher = await (await browser.newContext()).newPage();
  await teacher.goto(new URL(new URL(link).pathname + new URL(link).search, page.url()).href);
  await expect(teacher.getByRole("heading", { name: "Join The Educator" })).toBeVisible();
  await expect(teacher.getByText(`You are invited as an Author with ${email}.`)).toBeVisible();
});
