import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin } from "./fixtures";

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

/** Writes and publishes an article through the form; the fill callback sets the rest. */
async function publishArticle(page: Page, title: string, fill: () => Promise<void> = async () => {}) {
  await page.goto("/admin/articles/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("Count bottle tops in twos, then in fives.");
  await page.getByLabel("Category").selectOption({ label: "Technology in Education" });
  await page.getByLabel("Status").selectOption("published");
  await fill();
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(toast(page, "Article created successfully!")).toBeVisible();
}

test("an editor files a Nyanja lesson plan for Grade 4 Mathematics as a translation; a reader sees its labels and “Also in”", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const stamp = Date.now();
  const english = `Counting in twos ${stamp}`;
  const nyanja = `Kuwerenga awiri awiri ${stamp}`;
  await publishArticle(page, english);
  await publishArticle(page, nyanja, async () => {
    await page.getByLabel("Level").selectOption({ label: "Grade 4" });
    await page.getByRole("checkbox", { name: "Mathematics" }).check();
    await page.getByLabel("Resource type").selectOption({ label: "Lesson plan" });
    await page.getByLabel("Language", { exact: true }).selectOption({ label: "Chinyanja" });
    await page.getByLabel("Translation of").selectOption({ label: `${english} (English)` });
    await expectNoAxeViolations(page);
  });

  // The reader (not signed in) opens the English original, and finds the Nyanja version from it.
  const edit = await page.getByRole("link", { name: `Edit ${english}`, exact: true }).getAttribute("href");
  const reader = await browser.newPage();
  await reader.goto(`/articles/${edit!.split("/").pop()!}`);
  await expect(reader.getByText("Also in:")).toBeVisible();
  await reader.getByRole("link", { name: "Chinyanja" }).click();
  await expect(reader.getByRole("heading", { level: 1, name: nyanja })).toHaveAttribute("lang", "ny");
  const labels = reader.getByRole("list", { name: "For teachers" });
  await expect(labels.getByRole("link", { name: "Grade 4" })).toHaveAttribute("href", "/resources?level=grade-4");
  await expect(labels.getByRole("link", { name: "Mathematics" })).toHaveAttribute("href", "/resources?subject=mathematics");
  await expect(labels.getByRole("link", { name: "Lesson plan" })).toHaveAttribute("href", "/resources?type=lesson-plan");
  await expect(reader.locator("p[data-also-in]")).toHaveText("Also in: English");
  await expectNoAxeViolations(reader);
  await reader.close();
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the Subjects screen passes axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await signInAsAdmin(page);
    await page.goto("/admin/subjects");
    await expect(page.getByRole("heading", { level: 1, name: /Subjects/ })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Mathematics", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "New Subject" }).click();
    await expect(page.getByRole("heading", { name: "New Subject" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
