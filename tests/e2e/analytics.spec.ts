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
  for (const title of ["Page Views", "Unique Visitors", "Article Views Total", "Top Page"]) {
    await expect(admin.getByRole("heading", { name: title, exact: true })).toBeVisible();
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

  await admin.getByRole("link", { name: "Last 7 days" }).click();
  await expect(admin).toHaveURL(/range=7/);
  await expect(admin.getByRole("table", { name: "Views per day" }).getByRole("row")).toHaveCount(7);
  await admin.getByRole("button", { name: "Refresh" }).click();
  await expectNoAxeViolations(admin);
});
