import { expect, test, type Page } from "@playwright/test";
import { browserUserAgent } from "#tests/helpers/pages";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin, waitForBehaviour } from "./fixtures";

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The figure "Visits from WhatsApp shares: N" on the analytics screen. */
async function whatsAppVisits(page: Page): Promise<number> {
  const figure = page.getByText(/^Visits from WhatsApp shares: [\d,]+$/);
  await expect(figure).toBeVisible();
  return Number((await figure.textContent())!.replace(/\D/g, ""));
}

test("staff copy a published article for WhatsApp; a reader opening the link counts as a visit from WhatsApp", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsAdmin(page);
  await page.goto("/admin/analytics");
  const visitsBefore = await whatsAppVisits(page);
  await expect(
    page.locator("section", { has: page.getByRole("heading", { name: "Top Referrers" }) }).getByRole("cell", { name: "WhatsApp", exact: true }),
  ).toBeVisible(); // the demo's readers from web.whatsapp.com

  // A published article of the demo magazine, as readers see it.
  await page.goto("/articles");
  const articlePath = (await page.locator('main a[href^="/articles/"]').first().getAttribute("href"))!;
  await page.goto(articlePath);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();

  await page.goto(`/admin${articlePath}`);
  await expect(page.getByRole("heading", { name: "Edit Article" })).toBeVisible();
  await waitForBehaviour(page);
  await page.evaluate(() => navigator.clipboard.writeText("something else"));
  await page.getByRole("button", { name: "Copy for WhatsApp" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Copied for WhatsApp" })).toBeVisible();
  const message = await clipboard(page);
  const link = `${new URL(page.url()).origin}${articlePath}?ref=whatsapp`;
  const lines = message.split("\n");
  expect(lines[0]).toBe(`*${title}*`); // the demo's titles have no WhatsApp marks to replace
  expect(lines.at(-1)).toBe(link);
  expect(lines.at(-2)).toBe("");
  expect(lines.length).toBeGreaterThanOrEqual(3);
  expect(lines.length).toBeLessThanOrEqual(5);
  expect(message.length).toBeLessThanOrEqual(700);
  await expectNoAxeViolations(page);

  // A teacher in the group opens the link: a browser's own user agent (isbot takes headless Chromium's for a bot).
  const readerContext = await browser.newContext({ userAgent: browserUserAgent });
  const reader = await readerContext.newPage();
  const counted = reader.waitForResponse(
    (response) =>
      response.url().endsWith("/api/page-views") && JSON.parse(response.request().postData() ?? "{}").path === new URL(link).pathname + new URL(link).search,
  );
  await reader.goto(link);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
  expect((await counted).ok()).toBe(true);
  await readerContext.close();

  // Views are written in batches within a fraction of a second: the screen, opened again, counts it.
  await expect
    .poll(
      async () => {
        await page.goto("/admin/analytics");
        return whatsAppVisits(page);
      },
      { timeout: 15_000 },
    )
    .toBe(visitsBefore + 1);
});

test("staff copy the next newsletter digest for WhatsApp: its articles' titles and links", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsAdmin(page);
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { name: "Next digest" })).toBeVisible();
  await waitForBehaviour(page);
  await page.getByRole("button", { name: "Copy for WhatsApp" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Copied for WhatsApp" })).toBeVisible();
  const message = await clipboard(page);
  const origin = new URL(page.url()).origin;
  expect(message.split("\n")[0]).toBe("*The Educator — this week*");
  expect(message.split("\n")[1]).toMatch(/^\d+ new articles?:$/);
  const links = message.match(/^https?:\/\/\S+$/gm) ?? [];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link).toMatch(new RegExp(`^${origin}/articles/[0-9a-f-]{36}\\?ref=whatsapp$`));
  expect(message.split("\n").filter((line) => line.startsWith("• "))).toHaveLength(links.length);
  expect(message.length).toBeLessThanOrEqual(1000);
});
