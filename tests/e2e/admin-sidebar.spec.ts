import { expect, test, type Locator } from "@playwright/test";
import { signInAsAdmin } from "./fixtures";

// The admin's sidebar fits: on a 1280 × 800 laptop and in a phone's drawer, an admin sees every
// screen's link, Settings last, and Sign Out, without scrolling the list.

/** Whether every link of the list shows whole inside the list's box, with nothing left to scroll to. */
async function allLinksShown(list: Locator) {
  return list.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const links = [...element.querySelectorAll("a")].map((link) => link.getBoundingClientRect());
    return {
      links: links.length,
      scrolls: element.scrollHeight > element.clientHeight + 1,
      hidden: links.filter((rect) => rect.bottom > box.bottom + 1).length,
    };
  });
}

test.describe("at 1280 × 800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test("the sidebar shows every screen and Sign Out", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin");
    const sidebar = page.getByRole("navigation").filter({ has: page.getByRole("link", { name: "Settings" }) });
    await expect(sidebar.getByRole("link", { name: "Settings" })).toBeInViewport({ ratio: 1 });
    await expect(sidebar.getByRole("link", { name: "Import & Export" })).toBeInViewport({ ratio: 1 });
    await expect(sidebar.getByRole("button", { name: "Sign Out" })).toBeInViewport({ ratio: 1 });
    expect(await allLinksShown(sidebar.getByRole("list"))).toEqual({ links: 20, scrolls: false, hidden: 0 });
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the drawer shows every screen and Sign Out", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByRole("link", { name: "Settings" })).toBeInViewport({ ratio: 1 });
    await expect(drawer.getByRole("button", { name: "Sign Out" })).toBeInViewport({ ratio: 1 });
    expect(await allLinksShown(drawer.getByRole("list"))).toEqual({ links: 20, scrolls: false, hidden: 0 });
  });
});
