import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin } from "./fixtures";
import { e2eOwner } from "./owner";
import { startServerProcess, stopProcess } from "#tests/helpers/processes";
import { fakeModelPieces, startFakeAiProvider, startFeedServer } from "#tests/fixtures/feeds/servers";

const writerPath = "/admin/articles/ai-writer";

async function openWriter(page: Page) {
  await signInAsAdmin(page);
  await page.goto(writerPath);
  await expect(page.getByRole("heading", { name: "AI Writer", level: 1 })).toBeVisible();
}

const output = (page: Page) => page.getByRole("region", { name: "Generated text" });
const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

test("the offline writer requires a prompt, streams a labelled draft and hands it to the article form", async ({ page }) => {
  await openWriter(page);
  await expect(page).toHaveTitle("AI Writer | The Educator - Admin");
  await expect(page.getByLabel("Content type")).toHaveValue("article");
  await expect(page.getByLabel("Tone")).toHaveValue("professional");
  await expect(page.getByLabel("Length")).toHaveValue("medium");
  await expect(page.getByLabel("Category")).toHaveValue("education-news");
  await expect(page.getByText("drafts come from the built-in offline draft generator")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Prompt" })).toHaveAccessibleDescription("Please enter a prompt for content generation");
  await expect(page.getByRole("textbox", { name: "Prompt" })).toBeFocused();

  await page.getByRole("textbox", { name: "Prompt" }).fill("Growing school gardens with Grade 5 learners");
  await page.getByLabel("Length").selectOption("short");
  await page.getByLabel("Tone").selectOption("conversational");
  await page.getByLabel("Category").selectOption("health");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByText("Writing...")).toBeVisible();
  await expect(toast(page, "Content Ready")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Offline draft", { exact: true })).toBeVisible();
  await expect(output(page)).toContainText("# Growing School Gardens with Grade 5 Learners: What It Means for You and Your Learners");
  await expect(output(page)).toContainText("## Key points");
  await expect(output(page)).toContainText("## What teachers can do next");
  const words = Number((await page.getByText(/^Content Ready: \d+ words\.$/).textContent())!.match(/\d+/)![0]);
  expect(words).toBeGreaterThanOrEqual(500);
  expect(words).toBeLessThanOrEqual(800);
  // Checked once the toasts have gone: their colours are app/lib/toast.ts's.
  await expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Use this draft" }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/new\?draft=ai-writer$/);
  const handed = await page.evaluate(() => JSON.parse(sessionStorage.getItem("educator:ai-writer-draft") ?? "null") as Record<string, string> | null);
  expect(handed).toMatchObject({ title: "Growing School Gardens with Grade 5 Learners: What It Means for You and Your Learners" });
  expect(handed!.excerpt!.length).toBeGreaterThan(20);
  expect(handed!.content).toContain("## Key points");
  expect(handed!.categoryId).toMatch(/^[0-9a-f-]{36}$/);
});

test("a long draft can be cancelled while it is written", async ({ page }) => {
  await openWriter(page);
  await page.getByRole("textbox", { name: "Prompt" }).fill("Assessment for learning in large classes");
  await page.getByLabel("Length").selectOption("long");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(output(page)).toContainText("Assessment for Learning");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText(/^Stopped after \d+ words\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Use this draft" })).toHaveCount(0);
  await expect(toast(page, "Content Ready")).toHaveCount(0);
});

test("the news panel ignores a blank search and falls back to labelled samples when the scanner fails", async ({ page }) => {
  await openWriter(page);
  await page.getByRole("button", { name: "Search news" }).click();
  await expect(page.getByRole("heading", { name: /News about/ })).toHaveCount(0);

  await page.route("**/functions/v1/zambia-news-scanner", (route) => route.fulfill({ status: 503, body: "down" }));
  await page.getByRole("button", { name: "Scan Trending Topics" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "News scanner error: 503" })).toBeVisible();
  await expect(page.getByText("Sample items: no news feed could be reached")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Use as prompt:/ })).toHaveCount(8);

  await page.unroute("**/functions/v1/zambia-news-scanner");
  await page.route("**/functions/v1/zambia-news-scanner", (route) => route.abort());
  await page.getByLabel("Search by subject").fill("health");
  await page.getByRole("button", { name: "Search news" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to scan trending topics. Please try again." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "News about “health”" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Use as prompt:/ })).toHaveCount(2);

  await page.getByRole("button", { name: "Use as prompt: School feeding and learner concentration" }).click();
  await expect(page.getByRole("textbox", { name: "Prompt" })).toHaveValue(
    /^Write about this news for teachers: School feeding and learner concentration\nSummary: How a daily meal/,
  );
});

test("with a local AI provider and local feeds: trending news becomes the prompt and the model's text streams in", async ({ browser }) => {
  test.setTimeout(120_000);
  const [provider, feeds] = await Promise.all([startFakeAiProvider(), startFeedServer()]);
  const server = await startServerProcess({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "educator-e2e-ai-")),
    OWNER_EMAIL: e2eOwner.email,
    OWNER_PASSWORD: e2eOwner.password,
    DATABASE_URL: "",
    AI_BASE_URL: provider.url,
    AI_MODEL: "local-model",
    AI_TIMEOUT_SECONDS: "2",
    NEWS_FEEDS: `${feeds.url}/rss.xml,${feeds.url}/atom.xml`,
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await openWriter(page);
    await expect(page.getByText("Drafts are written by the configured AI model (local-model).")).toBeVisible();

    await page.getByRole("button", { name: "Scan Trending Topics" }).click();
    await expect(toast(page, "trending items.")).toHaveText(/^Found \d+ trending items\.$/);
    const found = Number((await toast(page, "trending items.").textContent())!.match(/\d+/)![0]);
    expect(found).toBeGreaterThan(3);
    await expect(page.getByRole("button", { name: /^Use as prompt:/ })).toHaveCount(found);
    await expect(page.getByText("Sample items")).toHaveCount(0);
    const pick = page.getByRole("button", { name: "Use as prompt: School feeding programme expands to 40 more schools" });
    await expect(pick).toBeVisible();
    await pick.click();
    await expect(page.getByRole("textbox", { name: "Prompt" })).toHaveValue(
      "Write about this news for teachers: School feeding programme expands to 40 more schools\nSummary: The school feeding programme will now reach learners in 40 more rural schools.\nSource: Copperbelt Education Times (https://copperbelt-times.example/2024/school-feeding-expands)",
    );

    await page.getByRole("button", { name: "Generate", exact: true }).click();
    await expect(toast(page, "Content Ready")).toBeVisible();
    await expect(output(page)).toHaveText(fakeModelPieces.join(""));
    await expect(page.getByText("AI draft · local-model")).toBeVisible();
    expect(provider.requests.at(-1)!.body.messages[1]!.content).toContain("School feeding programme expands");

    await page.getByRole("textbox", { name: "Prompt" }).fill("[429] please");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "The AI provider is rate limiting requests (HTTP 429). Wait a minute, then try again." }),
    ).toBeVisible();
    await expect(toast(page, "Failed to generate content. Please try again.")).toBeVisible();
  } finally {
    await context.close();
    await stopProcess(server);
    await Promise.all([provider.close(), feeds.close()]);
  }
});
