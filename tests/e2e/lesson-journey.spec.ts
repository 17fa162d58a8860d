import { expect, test, type Page } from "@playwright/test";
import { waitForBehaviour } from "./fixtures";

// A teacher on a phone, from the home page to a Grade 4 reading lesson in Chinyanja (the demo's):
// three taps, no scrolling, with and without JavaScript.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const lessonTitle = "Tiwerenge: Chisomo ndi Munda (Giredi 4)";
const lessonCard = (page: Page) => page.getByRole("article").filter({ has: page.getByRole("heading", { name: lessonTitle }) });
const languageChip = (page: Page, name: string) => page.getByRole("list", { name: "Show lessons in:" }).getByRole("link", { name });

async function tapToTheFile(page: Page) {
  let taps = 0;
  const tap = async (locator: ReturnType<Page["getByRole"]>) => {
    await expect(locator).toBeInViewport();
    await locator.tap();
    taps += 1;
  };
  await tap(page.getByRole("list", { name: "Grades" }).getByRole("link", { name: "Grade 4", exact: true }));
  await expect(page).toHaveURL(/\/resources\?level=grade-4$/);
  await tap(languageChip(page, "Chinyanja"));
  await expect(page).toHaveURL(/\/resources\?level=grade-4&lang=ny#lesson-results$/);
  await expect(page.getByRole("status")).toHaveText(/resources? found$/);
  const download = page.waitForEvent("download");
  await tap(lessonCard(page).getByRole("link", { name: /^Download Chisomo ndi Munda/ }));
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  return taps;
}

test("a teacher reaches a lesson's file from the home page in three taps, and next time the home page offers her choice", async ({ page }) => {
  await page.goto("/");
  await waitForBehaviour(page);
  expect(await tapToTheFile(page)).toBe(3);
  await expect(languageChip(page, "Chinyanja")).toHaveAttribute("aria-current", "true");

  await page.goto("/");
  await waitForBehaviour(page);
  const remembered = page.getByRole("link", { name: "Your lessons: Grade 4 · Chinyanja" });
  await expect(remembered).toBeInViewport();
  await remembered.tap();
  await expect(page).toHaveURL(/\/resources\?level=grade-4&lang=ny#lesson-results$/);
  await expect(lessonCard(page).getByRole("link", { name: /^Download Chisomo ndi Munda/ })).toBeInViewport();
});

test("without JavaScript the same three taps work, and the filters have an Apply button", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto("/");
  expect(await tapToTheFile(page)).toBe(3);
  await expect(page.getByRole("button", { name: "Apply filters" })).toBeVisible();
  // Nothing to remember without a script: the home page offers the grades.
  await page.goto("/");
  await expect(page.getByText("Choose a grade:")).toBeVisible();
  await context.close();
});

test("with JavaScript the filters apply as they change: no Apply button", async ({ page }) => {
  await page.goto("/resources");
  await waitForBehaviour(page);
  await expect(page.getByRole("button", { name: "Apply filters" })).toBeHidden();
});

test("an article with resources offers its first file near the top, on the first screen of a phone", async ({ page }) => {
  await page.goto("/resources?level=grade-4&lang=ny");
  await lessonCard(page).getByRole("link", { name: lessonTitle }).tap();
  await expect(page.getByRole("heading", { level: 1, name: lessonTitle })).toBeVisible();
  const shortcut = page.getByRole("link", { name: /^Download PDF · \d+ (KB|bytes)$/ });
  await expect(shortcut).toBeInViewport();
  const download = page.waitForEvent("download");
  await shortcut.tap();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
});
