import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { PDFDocument, PDFName } from "pdf-lib";
import { expect, test, type Page } from "@playwright/test";
import { loadConfig } from "#app/server/core/config.server";
import { startServices } from "#app/server/start/start.server";
import { addArticleResource } from "#app/server/resources/resources.server";
import { startServerProcess, stopProcess, type RunningProcess } from "#tests/helpers/processes";
import { aCategory, anAccount, anArticle } from "#tests/factories";
import { expectNoAxeViolations } from "./axe";
import { waitForBehaviour } from "./fixtures";

// "Save for offline" on an article with resources (issue 26). Its own server over a data folder
// holding two articles, written before it starts (an embedded database has one process at a time):
// one with two small lesson resources, one with three large ones that together pass the smallest limit.
let server: RunningProcess & { url: string };
let dataDir: string;
let lessonPath: string;
let schemePath: string;

/** A one-page PDF, padded with `filler` bytes in an object of its own (named by the catalog: an object nothing names is dropped on upload). */
async function aPdf(filler = 0) {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  if (filler > 0) pdf.catalog.set(PDFName.of("Filler"), pdf.context.register(pdf.context.stream(new Uint8Array(filler))));
  return new Uint8Array(await pdf.save({ useObjectStreams: false }));
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-e2e-offline-resources-"));
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false", LOG_LEVEL: "silent" });
  const started = await startServices(config, { log: pino({ level: "silent" }), announceOwner: () => undefined });
  const { db, storage } = started.services;
  const editor = await anAccount(db, { role: "admin" });
  const category = await aCategory(db, { name: "Lessons", slug: "lessons" });
  const attach = async (articleId: string, title: string, resourceType: string, bytes: Uint8Array<ArrayBuffer>) =>
    addArticleResource(db, storage, { articleId, title, resourceType, file: new File([bytes], "resource.pdf"), uploadedBy: editor.id });
  const lesson = await anArticle(db, { title: "Fractions with Bottle Tops", categoryId: category.id });
  await attach(lesson.id, "Lesson plan: fractions", "lesson-plan", await aPdf());
  await attach(lesson.id, "Worksheet: sharing bottle tops", "worksheet", await aPdf());
  const scheme = await anArticle(db, { title: "Form 2 Chemistry for the Whole Term", categoryId: category.id });
  for (const week of [1, 2, 3]) await attach(scheme.id, `Slides for weeks ${week * 4 - 3}–${week * 4}`, "guide", await aPdf(18 * 1024 * 1024));
  await started.stop();
  lessonPath = `/articles/${lesson.id}`;
  schemePath = `/articles/${scheme.id}`;
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false", RATE_LIMIT_SCALE: "1000" });
});
test.afterAll(async () => {
  if (server) await stopProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A resource file's address, not its preview's (a picture of the page, saved with it like the others). */
const isResourceFile = (pathname: string) => pathname.startsWith("/downloads/") && !pathname.endsWith("/preview.webp");

/** The resource files the page asked for. */
function watchDownloads(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (isResourceFile(pathname)) asked.push(pathname);
  });
  return asked;
}

const savedCache = (page: Page) =>
  page.evaluate(async () =>
    (await caches.has("saved-articles")) ? (await (await caches.open("saved-articles")).keys()).map((request) => new URL(request.url).pathname) : [],
  );

/** Opens the page once the service worker controls this tab, so it goes through the worker. */
async function openThroughWorker(page: Page, pathname: string) {
  await page.goto(`${server.url}${pathname}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await waitForBehaviour(page);
}

test("an article saved with the resource chosen opens offline from /saved, and the resource downloads from the device", async ({ page, context }) => {
  const asked = watchDownloads(page);
  await openThroughWorker(page, lessonPath);
  const planLink = page.getByRole("link", { name: /^Download Lesson plan: fractions/ });
  const planBytes = Number(await planLink.getAttribute("data-bytes"));
  expect(planBytes).toBeGreaterThan(500);
  const planUrl = (await planLink.getAttribute("href"))!;

  await page.getByRole("button", { name: "Save for offline" }).click();
  const dialog = page.getByRole("dialog", { name: "Save for offline" });
  await expect(dialog).toBeVisible();
  const plan = dialog.getByRole("checkbox", { name: /Lesson plan: fractions/ });
  await expect(plan).toBeFocused();
  await expect(dialog.getByText(/^Lesson plan · PDF · \d+ (KB|bytes) · 1 page$/)).toBeVisible();
  await expect(dialog.getByText(/^Worksheet · PDF · \d+ (KB|bytes) · 1 page$/)).toBeVisible();
  await expect(dialog.getByText("Chosen: 0 bytes. Using 0 bytes of 100 MB on this device.")).toBeVisible();
  await expectNoAxeViolations(page);
  await plan.check();
  await expect(dialog.getByText(/^Chosen: \d+ (KB|bytes)\. Using 0 bytes of 100 MB on this device\.$/)).toBeVisible();
  // Offering them fetched nothing.
  expect(asked).toEqual([]);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Saved for offline" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("[data-toast]").filter({ hasText: "Saved for offline" })).toBeVisible();
  // The chosen resource only, fetched once.
  expect([...new Set(asked)]).toEqual([planUrl]);
  expect((await savedCache(page)).sort()).toEqual(expect.arrayContaining([lessonPath, planUrl]));
  expect((await savedCache(page)).filter(isResourceFile)).toEqual([planUrl]);

  await page.goto(`${server.url}/saved`);
  await expect(page.getByText(/^Saved on this device: \d+ KB of 100 MB$/)).toBeVisible();
  const list = page.getByRole("region", { name: "Saved articles" });
  const article = list.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Fractions with Bottle Tops" }) });
  await expect(article.getByRole("link", { name: "Lesson plan: fractions" })).toBeVisible();
  await expect(article.getByText(/^Lesson plan · PDF · \d+ (KB|bytes) · 1 page$/)).toBeVisible();
  await expect(article.getByRole("link", { name: /Worksheet/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await context.setOffline(true);
  try {
    await page.goto(`${server.url}/saved`);
    await list.getByRole("link", { name: "Fractions with Bottle Tops" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fractions with Bottle Tops");
    await page.goto(`${server.url}/saved`);
    const downloading = page.waitForEvent("download");
    await list.getByRole("link", { name: "Lesson plan: fractions" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Lesson plan fractions.pdf");
    const file = fs.readFileSync((await download.path())!);
    expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(file.length).toBe(planBytes);
  } finally {
    await context.setOffline(false);
  }

  // The resource goes on its own; then the article, and nothing of it stays.
  await page.goto(`${server.url}/saved`);
  await list.getByRole("button", { name: "Remove Lesson plan: fractions" }).click();
  await expect(list.getByRole("link", { name: "Lesson plan: fractions" })).toHaveCount(0);
  await expect(list.getByRole("link", { name: "Fractions with Bottle Tops" })).toBeVisible();
  expect(await savedCache(page)).not.toContain(planUrl);
  expect(await savedCache(page)).toContain(lessonPath);
  await list.getByRole("button", { name: "Remove Fractions with Bottle Tops" }).click();
  await expect(list.getByRole("link", { name: "Fractions with Bottle Tops" })).toHaveCount(0);
  expect(await savedCache(page)).toEqual([]);
});

test("a choice past the device's limit is refused with a message, and nothing is kept", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
  const asked = watchDownloads(page);
  await openThroughWorker(page, "/saved");
  await page.getByLabel("Limit on this device").selectOption({ label: "50 MB" });
  await expect(page.getByText("Saved on this device: 0 bytes of 50 MB")).toBeVisible();

  await openThroughWorker(page, schemePath);
  const saveButton = page.getByRole("button", { name: "Save for offline" });
  await saveButton.click();
  const dialog = page.getByRole("dialog", { name: "Save for offline" });
  for (const checkbox of await dialog.getByRole("checkbox").all()) await checkbox.check();
  await expect(dialog.getByText("Chosen: 54.0 MB. Using 0 bytes of 50 MB on this device.")).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Not saved: this needs 54.0 MB, and 50.0 MB of the 50 MB for this device is free. Choose less, or make room under Saved.",
  );
  await expect(dialog).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  // Escape closes it; nothing was fetched or kept, and the button says so.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(saveButton).toBeFocused();
  await expect(saveButton).toHaveAttribute("aria-pressed", "false");
  expect(asked).toEqual([]);
  expect(await savedCache(page)).toEqual([]);
});

test.describe("with the data saver on", () => {
  test("the sizes are shown, no resource or picture is fetched until the reader chooses one, and the worker installs only when she saves", async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: "educator_data_saver", value: "on", url: server.url }]);
    const asked = watchDownloads(page);
    const images: string[] = [];
    const installing: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === "image" && /^\/(uploads|downloads)\//.test(pathname)) images.push(request.url());
      if (pathname === "/sw.js" || pathname.startsWith("/icons/") || pathname.endsWith(".webmanifest")) installing.push(pathname);
    });
    await page.goto(`${server.url}${lessonPath}`);
    await waitForBehaviour(page);
    await page.waitForLoadState("networkidle");
    // Nothing the page did not ask for: no worker, no manifest, no icons.
    expect(installing).toEqual([]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) ?? null)).toBeNull();
    await expect(page.getByRole("button", { name: "Data saver: on" })).toBeVisible();
    const resources = page.getByRole("region", { name: "Resources" });
    await expect(resources.getByText(/^Lesson plan · PDF · \d+ (KB|bytes) · 1 page$/)).toBeVisible();
    await expect(resources.getByText(/^Worksheet · PDF · \d+ (KB|bytes) · 1 page$/)).toBeVisible();
    // The first pages' previews wait for a tap, as every picture does.
    await expect(resources.getByRole("link", { name: /^Show image/ })).toHaveCount(2);

    await page.getByRole("button", { name: "Save for offline" }).click();
    const dialog = page.getByRole("dialog", { name: "Save for offline" });
    await expect(dialog.getByText(/^Worksheet · PDF · \d+ (KB|bytes) · 1 page$/)).toBeVisible();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("button", { name: "Saved for offline" })).toHaveAttribute("aria-pressed", "true");
    // Saving is asking for offline reading: the worker that serves it installs now.
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    expect(images).toEqual([]);
    expect(await savedCache(page)).toEqual([lessonPath]);
  });
});
