import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin } from "./fixtures";

test("views made by a reader show up on the analytics screen", async ({ browser }) => {
  // Views keep the referrer's origin only: a made-up site the reader comes from marks this test's views.
  const referrer = `https://e2e-${Date.now()}.example`;
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  // Each page sends its view once hydrated: wait for it before moving on.
  for (const path of ["/articles?q=maths", "/about", "/articles"]) {
    const beacon = reader.waitForResponse((response) => response.url().endsWith("/api/page-views"));
    await reader.goto(path, { referer: `${referrer}/a/page?with=words` });
    expect((await beacon).status()).toBe(204);
  }
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
  await expect(topReferrers.getByRole("row", { name: `${referrer} 3` })).toBeVisible({ timeout: 15_000 });
  // The query is not kept: a search is a view of /articles, and no listed page has one.
  await expect(topPages.getByRole("row")).not.toHaveCount(0);
  await expect(topPages.getByRole("cell", { name: /\?/ })).toHaveCount(0);

  await admin.getByRole("link", { name: "Last 7 days" }).click();
  await expect(admin).toHaveURL(/range=7/);
  await expect(admin.getByRole("table", { name: "Views per day" }).getByRole("row")).toHaveCount(7);
  await admin.getByRole("button", { name: "Refresh" }).click();
  await expectNoAxeViolations(admin);
});
