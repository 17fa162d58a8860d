import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { expect, test, type Page } from "@playwright/test";
import { articleSubjects, subjects } from "#database/schema";
import { loadConfig } from "#app/server/core/config.server";
import { startServices } from "#app/server/start/start.server";
import { startServerProcess, stopProcess, type RunningProcess } from "#tests/helpers/processes";
import { aCategory, anArticle } from "#tests/factories";
import { expectNoAxeViolations } from "./axe";
import { waitForBehaviour } from "./fixtures";

// Its own server over a data folder holding a few lesson resources, written before it starts
// (an embedded database has one process at a time).
let server: RunningProcess & { url: string };
let dataDir: string;

const lessons = [
  { title: "Fractions with Bottle Tops", level: "grade-4", subject: "mathematics", type: "lesson-plan", language: "en" },
  { title: "Tiwerenge Pamodzi", level: "grade-4", subject: "literacy", type: "reading", language: "ny" },
  { title: "Amapendo ya Grade 4", level: "grade-4", subject: "mathematics", type: "worksheet", language: "bem" },
  { title: "Form 2 Chemistry Scheme", level: "form-2", subject: "chemistry", type: "scheme-of-work", language: "en" },
];

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-e2e-resources-"));
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false", LOG_LEVEL: "silent" });
  const started = await startServices(config, { log: pino({ level: "silent" }), announceOwner: () => undefined });
  const { db } = started.services;
  const category = await aCategory(db, { name: "Lessons", slug: "lessons" });
  for (const [index, lesson] of lessons.entries()) {
    const article = await anArticle(db, {
      title: lesson.title,
      excerpt: `A ${lesson.type.replaceAll("-", " ")} to use on Monday.`,
      categoryId: category.id,
      publishedAt: new Date(Date.now() - (index + 1) * 60_000),
      level: lesson.level,
      resourceType: lesson.type,
      language: lesson.language,
    });
    const [subject] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.slug, lesson.subject));
    await db.insert(articleSubjects).values({ articleId: article.id, subjectId: subject!.id });
  }
  await started.stop();
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false", RATE_LIMIT_SCALE: "1000" });
});
test.afterAll(async () => {
  if (server) await stopProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const titles = (page: Page) => page.getByRole("list", { name: "Lesson resources" }).getByRole("heading");

test("without JavaScript a teacher filters /resources by grade and subject with the form, and each filter is a link", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/resources`);
  await expect(page.getByRole("heading", { name: "Lesson Resources", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Lesson Resources | The Educator");
  await expect(page.getByRole("status")).toHaveText("4 resources found");

  await page.getByLabel("Grade").selectOption({ label: "Grade 4" });
  await page.getByLabel("Subject").selectOption({ label: "Literacy" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/level=grade-4/);
  await expect(page).toHaveURL(/subject=literacy/);
  await expect(titles(page)).toHaveText(["Tiwerenge Pamodzi"]);
  await expect(page.getByRole("status")).toHaveText("1 resource found");
  await expect(page.getByLabel("Grade")).toHaveValue("grade-4");

  // A chip drops one filter; a card's subject narrows to that subject.
  await page.getByRole("link", { name: "Remove filter Subject: Literacy" }).click();
  await expect(titles(page)).toHaveText(["Fractions with Bottle Tops", "Tiwerenge Pamodzi", "Amapendo ya Grade 4"]);
  await page.getByRole("link", { name: "Mathematics" }).first().click();
  await expect(page).toHaveURL(/\/resources\?subject=mathematics$/);
  await expect(titles(page)).toHaveText(["Fractions with Bottle Tops", "Amapendo ya Grade 4"]);
  await context.close();
});

test("with JavaScript choosing a grade and a subject updates the list in place, with a clean URL", async ({ page }) => {
  await page.goto(`${server.url}/resources`);
  await waitForBehaviour(page);
  await page.evaluate(() => ((window as unknown as { listMarker: string }).listMarker = "still here"));
  await page.getByLabel("Grade").selectOption({ label: "Grade 4" });
  await expect(page).toHaveURL(/\/resources\?level=grade-4$/);
  await expect(titles(page)).toHaveText(["Fractions with Bottle Tops", "Tiwerenge Pamodzi", "Amapendo ya Grade 4"]);
  await page.getByLabel("Subject").selectOption({ label: "Mathematics" });
  await expect(page).toHaveURL(/\/resources\?level=grade-4&subject=mathematics$/);
  await expect(titles(page)).toHaveText(["Fractions with Bottle Tops", "Amapendo ya Grade 4"]);
  await page.getByLabel("Language").selectOption({ label: "Icibemba" });
  await expect(page).toHaveURL(/\/resources\?level=grade-4&subject=mathematics&lang=bem$/);
  await expect(titles(page)).toHaveText(["Amapendo ya Grade 4"]);
  await expect(page.getByRole("heading", { name: "Amapendo ya Grade 4" })).toHaveAttribute("lang", "bem");
  expect(await page.evaluate(() => (window as unknown as { listMarker?: string }).listMarker)).toBe("still here");
  // The feed of exactly these filters is announced in the head.
  await expect(page.locator('link[rel=alternate][type="application/rss+xml"]').first()).toHaveAttribute(
    "href",
    `${server.url}/resources/rss.xml?level=grade-4&subject=mathematics&lang=bem`,
  );
  await page.goBack();
  await expect(page).toHaveURL(/\/resources\?level=grade-4&subject=mathematics$/);
  await expect(titles(page)).toHaveText(["Fractions with Bottle Tops", "Amapendo ya Grade 4"]);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`/resources passes axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.goto(`${server.url}/resources?level=grade-4`);
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
    await expect(titles(page)).toHaveCount(3);
    await expectNoAxeViolations(page);
  });
}
