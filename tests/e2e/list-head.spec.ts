import { expect, test, type Page } from "@playwright/test";
import { waitForBehaviour } from "./fixtures";

/** What the head says of the page: its title, description, canonical, page and feed links, preview tags. */
function headOf(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    links: [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=canonical], link[rel=prev], link[rel=next], link[rel=alternate]")].map(
      (link) => `${link.rel} ${link.getAttribute("href")}`,
    ),
    meta: [...document.head.querySelectorAll<HTMLMetaElement>("meta[name], meta[property]")].map(
      (meta) => `${meta.name || meta.getAttribute("property")}: ${meta.content}`,
    ),
  }));
}

/** The head a fresh load of the page's address has. */
async function freshHeadOf(page: Page) {
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  const head = await headOf(fresh);
  await fresh.close();
  return head;
}

const pageLink = (page: Page, rel: "prev" | "next") =>
  page.evaluate((rel) => document.head.querySelector(`link[rel=${rel}]`)?.getAttribute("href") ?? null, rel);

/** The head in place becomes that of a fresh load of the address shown (after going back, the page arrives a moment after the address). */
async function expectFreshHead(page: Page) {
  const fresh = await freshHeadOf(page);
  await expect.poll(() => headOf(page)).toEqual(fresh);
}

test("searching and paging in place keep the head as a fresh load of the address has it", async ({ page }) => {
  await page.goto("/articles");
  await waitForBehaviour(page);
  await page.evaluate(() => ((window as unknown as { listMarker: string }).listMarker = "still here"));
  expect(await pageLink(page, "next")).toMatch(/^\/articles\?after=/);

  await page.getByRole("searchbox", { name: "Search articles" }).pressSequentially("a", { delay: 60 });
  await expect(page).toHaveURL(/\/articles\?q=a$/);
  await expectFreshHead(page);
  expect(await pageLink(page, "next")).toMatch(/^\/articles\?q=a&after=/);

  const pages = page.getByRole("navigation", { name: "Articles pages" });
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/articles\?q=a&after=/);
  await expectFreshHead(page);
  expect(await pageLink(page, "prev")).toMatch(/^\/articles\?q=a&before=/);

  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/articles\?q=a&before=/);
  await expectFreshHead(page);

  // Back to the second page, through history.
  await page.goBack();
  await expect(page).toHaveURL(/\/articles\?q=a&after=/);
  await expectFreshHead(page);
  expect(await pageLink(page, "prev")).toMatch(/^\/articles\?q=a&before=/);
  // All of it in place: the page was never loaded again.
  expect(await page.evaluate(() => (window as unknown as { listMarker?: string }).listMarker)).toBe("still here");
});
