import { expect, test, type Page } from "@playwright/test";
import { defaultSiteSettings } from "#app/lib/site-settings";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin } from "./fixtures";

// The whole suite shares one server: whatever this test changes, it puts back.

const siteName = (page: Page) => page.getByRole("textbox", { name: /^Site name/ });
const headerLink = (page: Page, key: string) => page.getByRole("combobox", { name: key, exact: true });

async function saveAndWait(page: Page) {
  await page.getByRole("button", { name: "Save settings" }).click();
}

test("an admin renames the magazine and orders its header; a form she got wrong keeps what she typed", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Site", exact: true })).toBeVisible();
  await expect(siteName(page)).toHaveValue(defaultSiteSettings.name);
  await expectNoAxeViolations(page);

  try {
    // Wrong first: no name, and a logo from elsewhere. Every other field stays as typed.
    await siteName(page).fill("");
    await page.getByRole("textbox", { name: /^Tagline/ }).fill("Ideas that work on Monday morning.");
    await page.getByRole("textbox", { name: /^Logo/ }).fill("https://elsewhere.example/logo.png");
    await saveAndWait(page);
    await expect(page.getByText("Site name is required.").first()).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Tagline/ })).toHaveValue("Ideas that work on Monday morning.");
    await expect(page.getByRole("textbox", { name: /^Logo/ })).toHaveValue("https://elsewhere.example/logo.png");

    await siteName(page).fill("Lusaka Teacher");
    await page.getByRole("textbox", { name: /^Logo/ }).fill("");
    await headerLink(page, "Contact").selectOption("1");
    await headerLink(page, "Articles").selectOption("2");
    await headerLink(page, "About").selectOption("");
    await saveAndWait(page);
    await expect(page.getByText("Settings saved")).toBeVisible();

    await page.goto("/about");
    const header = page.getByRole("navigation", { name: "Main" });
    await expect(header.getByRole("link", { name: "LUSAKA TEACHER" })).toBeVisible();
    await expect(page).toHaveTitle(/\| Lusaka Teacher$/);
    const links = await header.locator("div.md\\:flex a").allTextContents();
    expect(links.slice(0, 2)).toEqual(["Contact", "Articles"]);
    expect(links).not.toContain("About");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Lusaka Teacher", level: 1 })).toBeVisible();
    await expect(page.getByText("Ideas that work on Monday morning.").first()).toBeVisible();
  } finally {
    // Back to the defaults for the rest of the suite.
    await page.goto("/admin/settings");
    await siteName(page).fill(defaultSiteSettings.name);
    await page.getByRole("textbox", { name: /^Tagline/ }).fill(defaultSiteSettings.tagline);
    await page.getByRole("textbox", { name: /^Logo/ }).fill("");
    for (const [index, key] of ["Articles", "Categories", "Resources", "About", "Contact", "Ask Kafundisha"].entries()) {
      await headerLink(page, key).selectOption(String(index + 1));
    }
    await saveAndWait(page);
    await expect(page.getByText("Settings saved")).toBeVisible();
  }
});
