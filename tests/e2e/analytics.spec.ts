import { devices, expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin } from "./fixtures";

test("views made by a reader show up on the analytics screen", async ({ browser }) => {
  // Views keep the referrer's origin only: a made-up site the reader comes from marks this test's views.
  const referrer = `https://e2e-${Date.now()}.example`;
  // A browser's own user agent: isbot takes headless Chromium's for a bot, whose views are not counted.
  const readerContext = await browser.newContext({ userAgent: devices["Desktop Chrome"].userAgent });
  const reader = await readerContext.newPage();
  // Each page sends its view once hydrated: wait for that page's view before moving on.
  const viewOf = (path: string) =>
    reader.waitForResponse((response) => response.url().endsWith("/api/page-views") && JSON.parse(response.request().postData() ?? "{}").path === path);
  const listed = viewOf("/articles");
  await reader.goto("/articles");
  await listed;
  const articlePath = (await reader.locator('main a[href^="/articles/"]').first().getAttribute("href"))!;
  for (const path of ["/articles?q=maths", "/about", "/articles", articlePath, articlePath]) {
    const beacon = viewOf(path);
    await reader.goto(path, { referer: `${referrer}/a/page?with=words` });
    expect((await beacon).ok()).toBe(true); // 204, or 200 with the count for an article's page
  }
  const articleTitle = (await reader.getByRole("heading", { level: 1 }).textContent())!.trim();
  await readerContext.close();

  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto("/admin/analytics");
  await expect(admin.getByRole("heading", { name: "Analytics" })).toBeVisible();
  await expect(admin.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  // Each card says its period.
  for (const title of ["Page Views", "Unique Visitors", "Article Views Total", "Top Page"]) {
    await expect(admin.getByRole("heading", { name: `${title} · last 30 days`, exact: true })).toBeVisible();
  }
  // Views are written in batches within a fraction of a second; the screen refreshes itself.
  const topPages = admin.getByRole("region", { name: "Top Pages" }).or(admin.locator("section", { has: admin.getByRole("heading", { name: "Top Pages" }) }));
  const topReferrers = admin.locator("section", { has: admin.getByRole("heading", { name: "Top Referrers" }) });
  await expect(topReferrers.getByRole("row", { name: `${referrer} 5` })).toBeVisible({ timeout: 15_000 });
  // An article's page is listed by its title, with its path below; a known page by its name.
  const articleRow = topPages.getByRole("row").filter({ hasText: articlePath });
  await expect(articleRow.getByRole("cell").first()).toHaveText(`${articleTitle}${articlePath}`);
  await expect(articleRow.getByText(articleTitle, { exact: true })).toBeVisible();
  await expect(articleRow.getByText(articlePath, { exact: true })).toBeVisible();
  await expect(topPages.getByRole("cell", { name: "Home /", exact: true })).toBeVisible(); // the demo magazine's readers open the home page most
  // The query is not kept: a search is a view of /articles, and no listed page has one.
  await expect(topPages.getByRole("row")).not.toHaveCount(0);
  await expect(topPages.getByRole("cell", { name: /\?/ })).toHaveCount(0);
  // Top Articles counts the same page views: the article has the count its page has in Top Pages.
  const topArticles = admin.locator("section", { has: admin.getByRole("heading", { name: "Top Articles · last 30 days" }) });
  const pageViews = await articleRow.getByRole("cell").last().textContent();
  await expect(topArticles.getByRole("row", { name: `${articleTitle} ${pageViews}`, exact: true })).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Ask Kafundisha · last 30 days" })).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Top Downloads · last 30 days" })).toBeVisible();

  await admin.getByRole("link", { name: "Last 7 days" }).click();
  await expect(admin).toHaveURL(/days=7/);
  await expect(admin.getByRole("heading", { name: "Page Views · last 7 days", exact: true })).toBeVisible();
  await expect(admin.getByRole("table", { name: "Views per day, last 7 days" }).locator("tbody tr")).toHaveCount(7);
  // Each bar shows its figure above it and its day of the month below it.
  const chart = admin.locator("section", { has: admin.getByRole("heading", { name: "Views per day · last 7 days" }) });
  const figures = chart.locator("ol").first().locator("li");
  await expect(figures).toHaveCount(7);
  for (const figure of await figures.all()) await expect(figure).toHaveText(/^\d[\d,]*$/);
  const lastRow = admin.getByRole("table", { name: "Views per day, last 7 days" }).locator("tbody tr").last();
  await expect(figures.last()).toHaveText((await lastRow.getByRole("cell").textContent())!);
  await expect(chart.locator("ol").nth(1).locator("li").last()).toHaveText(String(Number((await lastRow.getByRole("rowheader").textContent())!.split(" ")[0])));
  await admin.getByRole("button", { name: "Refresh" }).click();
  await expectNoAxeViolations(admin);
});

test("the period is chosen and the figures refreshed without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  await admin.goto("/admin/analytics");
  await admin.getByRole("link", { name: "Last 14 days" }).click();
  await expect(admin).toHaveURL(/days=14/);
  await expect(admin.getByRole("heading", { name: "Top Pages · last 14 days" })).toBeVisible();
  await admin.getByRole("button", { name: "Refresh" }).click();
  await expect(admin).toHaveURL(/\/admin\/analytics\?days=14$/);
  await expect(admin.getByRole("link", { name: "Last 14 days" })).toHaveAttribute("aria-current", "page");
  await context.close();
});
