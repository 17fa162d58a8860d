import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signIn, signInAsAdmin, signUp } from "./fixtures";

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

test("an admin makes a teacher a contributor, who then writes a draft from My Articles and sees only their screens", async ({ page, browser }) => {
  const name = `contributor-${Date.now()}`;
  const email = `${name}@example.com`;
  await signUp(page, email, "lesson-secret-1");
  await expect(toast(page, "Account created")).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto(`/admin/users?q=${name}`);
  const row = admin.getByRole("row").nth(1);
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(row.getByLabel("Role").locator("option")).toHaveText(["User", "Contributor", "Author", "Editor", "Admin"]);
  await row.getByLabel("Role").selectOption("contributor");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(toast(admin, "User updated successfully. They have been signed out everywhere.")).toBeVisible();
  await expect(row).toContainText("contributor");
  await adminContext.close();

  // Signed out by the change; signed in again, the teacher has a way into the admin area.
  await signIn(page, email, "lesson-secret-1");
  await expect(toast(page, "Signed in successfully!")).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Articles (0)");
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  await expect(sidebar.getByRole("link")).toHaveText(["My Articles", "Media Library", "Author Profile"]);
  await expect(page.getByRole("link", { name: "AI Writer" })).toHaveCount(0);

  await page.getByRole("link", { name: "New Article" }).click();
  await expect(page.getByLabel("Status").locator("option")).toHaveText(["Draft"]);
  const title = `Counting with bottle tops ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("Collect bottle tops in two colours.");
  await page.getByLabel("Category").selectOption({ label: "Technology in Education" });
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(toast(page, "Article created successfully!")).toBeVisible();
  const articleRow = page.getByRole("row").filter({ hasText: title });
  await expect(articleRow).toContainText("Draft");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Articles (1)");
  await expect(toast(page, "Article created successfully!")).toBeHidden({ timeout: 10_000 });
  await expectNoAxeViolations(page);

  // Screens beyond the role: the access-denied text, as a reader sees it.
  await page.goto("/admin/users");
  await expect(page.getByText("Access denied. Admin privileges required.")).toBeVisible();
  await page.goto("/admin/categories");
  await expect(page.getByText("Access denied. Admin privileges required.")).toBeVisible();
});
