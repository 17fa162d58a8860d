import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin, waitForBehaviour } from "./fixtures";

test("an admin imports subscribers from a CSV file, sees the summary, and downloads the export", async ({ page }) => {
  const stamp = Date.now();
  const [first, second] = [`csv-one-${stamp}@example.com`, `csv-two-${stamp}@example.com`];
  const emails = [first, second];
  await signInAsAdmin(page);
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { name: "Import subscribers", level: 2 })).toBeVisible();
  await expect(page.getByText("nobody is subscribed by an import")).toBeVisible();
  await waitForBehaviour(page);

  await page.getByLabel("CSV file").setInputFiles({
    name: "subscribers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`email,name\r\n${first},Mwila\r\n${second},Chanda\r\n${second.toUpperCase()},Chanda\r\nnot-an-address,Nobody\r\n`),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const summary = `Imported 3 addresses: 2 asked to confirm, 0 already subscribed, 0 unsubscribed (left alone), 1 invalid, 1 duplicate counted once.`;
  const section = page.getByRole("region", { name: "Import subscribers" });
  await expect(section.getByRole("status")).toHaveText(summary);
  const list = page.getByRole("table").filter({ has: page.getByRole("cell", { name: first }) });
  await expect(list.getByRole("row").filter({ hasText: second })).toContainText("pending");

  // axe once the toast has gone (it fades, and axe would judge it mid-way), in this theme and the other.
  await expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 15_000 });
  const html = page.locator("html");
  const wasDark = ((await html.getAttribute("class")) ?? "").includes("dark");
  for (const dark of [wasDark, !wasDark]) {
    await html.evaluate((element, on) => element.classList.toggle("dark", on), dark);
    await expectNoAxeViolations(page);
  }
  await html.evaluate((element, on) => element.classList.toggle("dark", on), wasDark);

  // A file without an email column is refused, and says why beside the field.
  await page.getByLabel("CSV file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from("name,phone\r\nMwila,0977\r\n") });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByLabel("CSV file")).toHaveAccessibleDescription(/No email column was found/);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export subscribers (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^the-educator-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await download.path())!, "utf8").split("\r\n");
  expect(lines[0]).toBe("email,status,subscribed_at,confirmed_at,unsubscribed_at");
  for (const email of emails) expect(lines.find((line) => line.startsWith(`${email},`))).toMatch(new RegExp(`^${email.replace(/\./g, "\\.")},pending,\\d{4}-`));
});
