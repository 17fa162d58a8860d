import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin, waitForBehaviour } from "./fixtures";

interface Beacon {
  body: { path: string; referrer: string | null; visitor_id: string };
  status: number | undefined;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every page-view beacon the page sends, in the order sent (two sent together may finish in either order), with the server's answer. */
function watchBeacons(page: Page): Beacon[] {
  const beacons: Beacon[] = [];
  page.on("request", async (request) => {
    if (new URL(request.url()).pathname !== "/api/page-views") return;
    const index = beacons.push({ body: request.postDataJSON() as Beacon["body"], status: undefined }) - 1;
    beacons[index]!.status = (await request.response())?.status();
  });
  return beacons;
}

async function expectBeacons(beacons: Beacon[], expected: Array<{ path: string; referrer: string | null }>) {
  await expect.poll(() => beacons.map(({ body }) => ({ path: body.path, referrer: body.referrer }))).toEqual(expected);
  await expect.poll(() => beacons.map(({ status }) => status)).toEqual(expected.map(() => 204));
}

test("a reader's views are recorded in order, with query, hash and the previous page as referrer", async ({ page, baseURL }) => {
  const beacons = watchBeacons(page);
  await page.goto("/articles?sort=oldest");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectBeacons(beacons, [{ path: "/articles?sort=oldest", referrer: null }]);

  await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  // A jump within the page is counted by the reader script: wait until it has set up.
  await waitForBehaviour(page);
  await page.getByRole("link", { name: "Skip to content" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/about#main$/);
  // Two beacons sent within a moment may reach the network in either order: wait for each.
  await expect.poll(() => beacons.length).toBe(3);
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  const visitedAbout = [
    { path: "/articles?sort=oldest", referrer: null },
    { path: "/about", referrer: `${baseURL}/articles?sort=oldest` },
    { path: "/about#main", referrer: `${baseURL}/about` },
    { path: "/about", referrer: `${baseURL}/about#main` },
  ];
  await expectBeacons(beacons, visitedAbout);
  await page.goBack();
  await expect(page).toHaveURL(/\/articles\?sort=oldest$/);
  await expectBeacons(beacons, [...visitedAbout, { path: "/articles?sort=oldest", referrer: `${baseURL}/about` }]);

  // One visitor id, kept in localStorage across pages and full reloads.
  const visitorId = await page.evaluate(() => localStorage.getItem("visitor_id"));
  expect(visitorId).toMatch(uuid);
  await page.goto("/contact");
  await expect.poll(() => beacons.length).toBe(6);
  expect(beacons[5]!.body.path).toBe("/contact");
  expect(new Set(beacons.map(({ body }) => body.visitor_id))).toEqual(new Set([visitorId]));
});

test("a browser without storage is counted as an unknown visitor", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("Storage is disabled", "SecurityError");
      },
    });
  });
  const beacons = watchBeacons(page);
  await page.goto("/about");
  await expectBeacons(beacons, [{ path: "/about", referrer: null }]);
  expect(beacons[0]!.body.visitor_id).toBe("unknown");
});

test("staff browsing the admin area sends no page views", async ({ page, baseURL }) => {
  const beacons = watchBeacons(page);
  await signInAsAdmin(page);
  await expect.poll(() => beacons.at(-1)?.body.path).toBe("/");
  const beforeAdmin = beacons.length;
  await page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  await sidebar.getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await page.goto("/admin/settings");
  await page.goto("/about");
  // Beacons go out in order: once the public page's view has arrived, any admin view would have too.
  await expect.poll(() => beacons.slice(beforeAdmin).map(({ body, status }) => [body.path, status])).toEqual([["/about", 204]]);
  expect(beacons.some(({ body }) => body.path.startsWith("/admin") || body.referrer?.startsWith(`${baseURL}/admin`))).toBe(false);
});

test("an article page shows its view count with the reader's own opening in it, though the page comes from the cache", async ({ page }) => {
  await page.goto("/articles?sort=oldest");
  const path = (await page.locator('main a[href^="/articles/"]').first().getAttribute("href"))!;
  const shownCount = page
    .getByRole("article")
    .first()
    .getByText(/^[\d,]+ views?$/);
  const asShown = (views: number) => `${views.toLocaleString("en-US")} ${views === 1 ? "view" : "views"}`;
  const countInHtml = (html: string) => Number(/data-view-count="">([\d,]+) views?</.exec(html)![1]!.replace(/,/g, ""));

  /** Opens the article as a reader does; returns the count in the HTML as sent and the count the page-view beacon answered. */
  async function open() {
    // The list page's own beacon may still be on its way: wait for this article's.
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/page-views" && (response.request().postDataJSON() as Beacon["body"]).path === path,
    );
    const document = (await page.goto(path))!;
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toBe("no-store");
    return {
      cache: document.headers()["x-page-cache"],
      sent: countInHtml(await document.text()),
      answered: ((await answer.json()) as { views: number }).views,
    };
  }

  const first = await open();
  expect(first.answered).toBeGreaterThan(first.sent); // this opening, and any not yet written when the page was kept
  await expect(shownCount).toHaveText(asShown(first.answered));
  const second = await open();
  // The same page from the cache, with the count it was kept with; the page shows this second opening too.
  expect([second.cache, second.sent]).toEqual(["hit", first.sent]);
  expect(second.answered).toBe(first.answered + 1);
  await expect(shownCount).toHaveText(asShown(second.answered));
});
