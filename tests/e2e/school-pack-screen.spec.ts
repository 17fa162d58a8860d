import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin } from "./fixtures";

// The admin's School Pack screen: a pack of the demo magazine asked for and made by the server
// while the admin watches, then downloaded; the monthly schedule set and turned off.

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

test("an admin makes a school pack, watches it being made, downloads it, and sets the monthly pack", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: "School Pack" }).click();
  await expect(page.getByRole("heading", { name: "School Pack", level: 1 })).toBeVisible();
  await expect(page.getByText("No pack has been made yet.").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Make a new pack now" }).click();
  await expect(toast(page, "It appears here when it is ready.")).toContainText("Making a new pack");
  await expect(page.getByRole("button", { name: "Make a new pack now" })).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Making a new pack" })).toBeVisible();

  // The screen follows the run until the pack is there.
  const staticPack = page.getByRole("listitem").filter({ hasText: "Static site (zip)" });
  await expect(staticPack).toBeVisible({ timeout: 90_000 });
  await expect(staticPack).toContainText(/Made .* · [\d.]+ (KB|MB) · \d+ articles/);
  // The static site is listed as soon as it is stored; the run goes on with the ZIM file.
  await expect(page.getByRole("button", { name: "Make a new pack now" })).toBeEnabled({ timeout: 90_000 });

  const download = page.waitForEvent("download");
  await staticPack.getByRole("link", { name: /Download the static site/ }).click();
  const downloaded = await download;
  // Saved under the magazine's name and the day, it unpacks into a folder of that name.
  const name = downloaded.suggestedFilename();
  expect(name).toMatch(/^the-educator-school-pack-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(readFileSync(await downloaded.path()));
  expect(Object.keys(files)).toContain(`${name.slice(0, -".zip".length)}/index.html`);

  await page.getByLabel("Make a pack every month").check();
  await page.getByLabel("Day of the month").selectOption("15");
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(toast(page, "Schedule saved")).toContainText("On day 15 of every month at 02:00");
  await expect(page.getByText(/Next pack: 15 /)).toBeVisible();

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }

  await page.getByLabel("Make a pack every month").uncheck();
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(toast(page, "Packs are made only when you ask.")).toBeVisible();
});

test("a school finds the packs from any page's footer, with each one's date, contents, size and checksum", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("contentinfo").getByRole("link", { name: "School packs" }).click();
  await expect(page.getByRole("heading", { name: "School Packs", level: 1 })).toBeVisible();
  // The packs the admin made in the test above (a zip and a ZIM file): the zip.
  const pack = page.getByRole("list", { name: "School packs" }).getByRole("listitem").filter({ hasText: "Website in a zip" }).first();
  await expect(pack.getByRole("heading")).toHaveText(/^Website in a zip, made \d{1,2} \w+ 20\d\d$/);
  await expect(pack).toContainText(/Holds\s*\d+ articles · \d+ questions · \d+ resource files/);
  await expect(pack.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expect(pack.getByRole("link", { name: /^Download the zip \(/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an admin makes a pack of one grade in one language, and schools see what it holds", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto("/admin/school-pack");
  await page.getByText("Choose grades, subjects and languages").click();
  await page.getByRole("group", { name: "Grades" }).getByLabel("Grade 4", { exact: true }).check();
  await page.getByRole("group", { name: "Languages" }).getByLabel("Chinyanja").check();
  await page.getByRole("button", { name: "Make a new pack now" }).click();
  await expect(toast(page, "It appears here when it is ready.")).toContainText("Making a new pack: Grade 4 · Chinyanja");

  const kept = page.getByRole("row").filter({ hasText: "Grade 4 · Chinyanja" }).filter({ hasText: "Static site (zip)" });
  await expect(kept).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("button", { name: "Make a new pack now" })).toBeEnabled({ timeout: 90_000 });

  await page.goto("/school-packs");
  const pack = page.getByRole("list", { name: "School packs" }).getByRole("listitem").filter({ hasText: "Grade 4 · Chinyanja" }).first();
  await expect(pack).toContainText(/For\s*Grade 4 · Chinyanja/);
  await expect(pack).toContainText(/Languages\s*Chinyanja/);
  // The whole magazine's packs stay listed beside it.
  await expect(page.getByRole("listitem").filter({ hasText: "The whole magazine" }).first()).toBeVisible();
});
