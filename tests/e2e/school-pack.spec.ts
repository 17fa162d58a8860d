import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { unzipSync } from "fflate";

// The static school pack of the demo magazine, made by `npm run export -- --static` on a database of
// its own (the e2e server's is held by the server), unzipped as a teacher would onto a USB stick and
// opened from disk in Chromium with the network off.

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, "../..");
// The demo magazine's static pack measures about 0.4 MB (November 2026): a quarter of the budget.
const demoStaticPackBudgetBytes = 2 * 1024 * 1024;

let folder: string;
let packBytes: number;
let packFolder: string;
const home = () => pathToFileURL(path.join(folder, "site", packFolder, "index.html")).href;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "school-pack-e2e-"));
  const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/export.ts", "--static", "--out", path.join(folder, "out")], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: path.join(folder, "data"),
      DATABASE_URL: "",
      SEED_DEMO: "true",
      PUBLIC_URL: "https://educator.example.org",
      OWNER_EMAIL: "owner@example.org",
      OWNER_PASSWORD: "a long owner password",
      LOG_LEVEL: "warn",
    },
  });
  // One line: the file, its size and its article count.
  const [file] = stdout.trim().split(/\s{2,}/);
  expect(stdout.trim().split("\n")).toHaveLength(1);
  expect(stdout).toMatch(/\.zip {2}[\d.]+ (KB|MB) {2}\d+ articles {2}The whole magazine$/m);
  packBytes = fs.statSync(file!).size;
  // One folder, named as the file is: the magazine and the day.
  packFolder = path.basename(file!, ".zip");
  expect(packFolder).toMatch(/^the-educator-school-pack-\d{4}-\d{2}-\d{2}$/);
  const entries = Object.entries(unzipSync(fs.readFileSync(file!)));
  expect(entries.filter(([name]) => !name.startsWith(`${packFolder}/`))).toEqual([]);
  for (const [name, bytes] of entries) {
    const target = path.join(folder, "site", name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
  }
});

test.afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Every image of the page, each brought into view (lazy ones load then), has loaded from the pack. */
async function expectImagesShown(page: Page) {
  const images = page.locator("main img");
  const count = await images.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  }
}

test("the demo magazine's static pack stays within its size budget", () => {
  expect(packBytes).toBeGreaterThan(100 * 1024);
  expect(packBytes).toBeLessThanOrEqual(demoStaticPackBudgetBytes);
});

test("the static pack opens from disk with the network off: home, an article with its images, a link to another article", async ({ page, context }) => {
  await context.setOffline(true);
  const outside: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("file://")) outside.push(request.url());
  });

  await page.goto(home());
  await expect(page.getByRole("heading", { level: 1, name: "The Educator" })).toBeVisible();
  await expect(page.getByText("School pack made on")).toBeVisible();
  await expect(page.getByRole("link", { name: "Read this page online" })).toHaveAttribute("href", "https://educator.example.org/");
  // The stylesheet came from the pack: the page is laid out, not plain HTML.
  expect(
    await page
      .locator("header")
      .first()
      .evaluate((header) => getComputedStyle(header).position),
  ).toBe("sticky");
  await expectImagesShown(page);

  const firstCard = page.locator("main article h3 a").first();
  const firstTitle = (await firstCard.innerText()).trim();
  await firstCard.click();
  await expect(page).toHaveURL(/-school-pack-\d{4}-\d{2}-\d{2}\/articles\/[0-9a-f-]+\.html$/);
  await expect(page.getByRole("heading", { level: 1, name: firstTitle })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read this page online" })).toHaveAttribute("href", /^https:\/\/educator\.example\.org\/articles\/[0-9a-f-]+$/);
  await expectImagesShown(page);
  const firstArticle = page.url();

  // Another article linked from this one (related reading), opened from disk too.
  const ownFile = path.posix.basename(new URL(firstArticle).pathname);
  const otherHref = await page
    .locator('main a[href$=".html"]:not([href*="/"])')
    .evaluateAll((links, own) => links.map((link) => link.getAttribute("href")!).find((href) => href !== own), ownFile);
  expect(otherHref).toMatch(/^[0-9a-f-]+\.html$/);
  await page.locator(`main a[href="${otherHref}"]`).first().click();
  await expect(page).toHaveURL(new URL(otherHref!, firstArticle).href);
  expect(page.url()).not.toBe(firstArticle);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectImagesShown(page);

  expect(outside).toEqual([]);
});

test("offline, a teacher finds the Grade 4 reading lesson in Chinyanja through the pack's filter pages, and reads it in its language", async ({
  page,
  context,
}) => {
  await context.setOffline(true);
  await page.goto(home());
  await page.getByRole("navigation", { name: "School pack" }).getByRole("link", { name: "Lesson Resources" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lesson Resources" })).toBeVisible();
  const filters = page.getByRole("navigation", { name: "Find a lesson" });
  await filters.getByRole("link", { name: /^Grade 4 \(\d+\)$/ }).click();
  await page
    .getByRole("navigation", { name: "Narrow these down" })
    .getByRole("link", { name: /^Chinyanja \(\d+\)$/ })
    .click();
  await expect(page).toHaveURL(/-school-pack-\d{4}-\d{2}-\d{2}\/resources\/level-grade-4_lang-ny\.html$/);
  const lessons = page.getByRole("list", { name: "Lesson resources" }).getByRole("listitem");
  await expect(lessons.first()).toBeVisible();
  await lessons.first().getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/-school-pack-\d{4}-\d{2}-\d{2}\/articles\/[0-9a-f-]+\.html$/);
  await expect(page.locator('main [lang="ny"]').first()).toBeVisible();
});
