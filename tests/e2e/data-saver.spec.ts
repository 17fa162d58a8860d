import { expect, test, type Page } from "@playwright/test";
import { waitForBehaviour } from "./fixtures";

/** Image bytes the page asked for (our uploads and site images). */
function watchImages(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === "image" && (pathname.startsWith("/uploads/") || pathname.startsWith("/images/"))) asked.push(pathname);
  });
  return asked;
}

test.describe("with the browser's Save-Data: on", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  test("pages fetch no image until the reader taps one, and then its smallest copy", async ({ page }) => {
    const asked = watchImages(page);
    await page.goto("/");
    await expect(page.getByRole("link", { name: /^Show image \(\d+ KB\)$/ }).first()).toBeVisible();
    await page
      .getByRole("link", { name: /Making the Competence-Based Curriculum/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/about");
    await expect(page.getByRole("link", { name: /^Show image: Portrait of / }).first()).toBeVisible();
    await page.goBack();
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);

    // Without the reader script the link would open the image on a page of its own.
    await waitForBehaviour(page);
    const cover = page
      .getByRole("main")
      .getByRole("link", { name: /^Show image/ })
      .first();
    const kilobytes = Number(/\((\d+) KB\)/.exec((await cover.textContent())!)![1]);
    await cover.click();
    const image = page.getByRole("article").locator("img").first();
    await expect(image).toHaveJSProperty("complete", true);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(480);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/\.w480\.webp$/);
    const size = await page.evaluate(async (src) => (await (await fetch(src)).arrayBuffer()).byteLength, asked[0]!);
    expect(Math.abs(size / 1024 - kilobytes)).toBeLessThan(1);
    await expect(page.getByText("Data saver: on")).toBeVisible();
  });
});

test("the reader turns the data saver on and off, and the choice is remembered", async ({ page }) => {
  const asked = watchImages(page);
  await page.goto("/articles");
  await expect(page.getByRole("button", { name: "Data saver: off" })).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Data saver: off" }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByRole("button", { name: "Data saver: on" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("link", { name: /^Show image/ }).first()).toBeVisible();
  asked.length = 0;
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await expect(page.getByRole("button", { name: "Data saver: on" })).toBeVisible();

  await page.getByRole("button", { name: "Data saver: on" }).click();
  await expect(page.getByRole("button", { name: "Data saver: off" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Show image/ })).toHaveCount(0);
  await expect.poll(() => asked.length).toBeGreaterThan(0);
});
