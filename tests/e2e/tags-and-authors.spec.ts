import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin, waitForCardsToSettle } from "./fixtures";

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

test("a reader follows a byline to the author's page and a tag to its page, with its feed", async ({ page }) => {
  await page.goto("/category/health");
  const card = page.getByRole("article").filter({ hasText: "Looking After Yourself: Managing Stress as a Teacher" });
  await card.getByRole("link", { name: "Natasha Mwiinga" }).click();
  await expect(page).toHaveURL("/author/natasha-mwiinga");
  await expect(page.getByRole("heading", { level: 1, name: "Natasha Mwiinga" })).toBeVisible();
  await expect(page.getByText("Nurse and school health advocate from Southern Province")).toBeVisible();
  await expect(page.getByRole("link", { name: "Keeping Girls in School: Practical Menstrual Health Support" })).toBeVisible();
  // Only her articles.
  await expect(page.getByRole("link", { name: "Great PE Lessons With Little or No Equipment" })).toHaveCount(0);

  await page.getByRole("link", { name: "Looking After Yourself: Managing Stress as a Teacher" }).click();
  await page.getByRole("list", { name: "Tags" }).getByRole("link", { name: "#Wellbeing" }).click();
  await expect(page).toHaveURL("/tag/wellbeing");
  await expect(page.getByRole("heading", { level: 1, name: "#Wellbeing" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Thriving in Your First Rural Posting: A Survival Guide for New Teachers" })).toBeVisible();
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]').first()).toHaveAttribute("href", /\/tag\/wellbeing\/rss\.xml$/);
  // The list controls work on a tag page too.
  await page.getByRole("searchbox").fill("rural");
  await page.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/\/tag\/wellbeing\?q=rural/);
  await expect(page.getByRole("link", { name: "Looking After Yourself: Managing Stress as a Teacher" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Thriving in Your First Rural Posting: A Survival Guide for New Teachers" })).toBeVisible();

  await page.goto("/tag/no-such-tag");
  await expect(page.getByRole("heading", { name: "Tag Not Found" })).toBeVisible();
});

test("a staff member publishes an author profile and withdraws it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Author Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Author Profile" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByLabel("Name").fill("Chileshe Owner");
  await page.getByLabel("Short bio").fill("Runs the magazine from Lusaka.");
  await page.getByRole("switch", { name: "Public author profile" }).check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(toast(page, "Author profile updated")).toContainText("Your articles now say “By Chileshe Owner”.");
  await page.getByRole("link", { name: /\/author\/chileshe-owner$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Chileshe Owner" })).toBeVisible();
  await expect(page.getByText("Runs the magazine from Lusaka.")).toBeVisible();

  await page.goto("/admin/profile");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByRole("switch", { name: "Public author profile" }).uncheck();
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(toast(page, "Author profile updated")).toContainText("Your articles say “The Educator”.");
  await page.goto("/author/chileshe-owner");
  await expect(page.getByRole("heading", { name: "Author Not Found" })).toBeVisible();
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`tag and author pages have no axe violations in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    for (const path of ["/tag/digital-learning", "/author/bwalya-musonda"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await waitForCardsToSettle(page);
      await expectNoAxeViolations(page);
    }
  });
}
