import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./fixtures";

// Every admin table reads on a laptop (1280 px, the sidebar open) and a tablet (768 px, where the
// sidebar leaves a box of ~450 px): ids shortened with a copy button, cells wrapping between
// words, never a character at a time, and headers that count the whole list.

const screens = ["/admin/articles", "/admin/categories", "/admin/team", "/admin/comments", "/admin/users", "/admin/newsletter"];

/**
 * Each text in a table cell, with how many lines it takes and how many words it has. A text broken
 * a character or two at a time (an id 42 px wide) takes far more lines than it has words.
 */
function cellTexts(page: Page) {
  return page.evaluate(() => {
    const found: Array<{ text: string; lines: number; words: number }> = [];
    for (const cell of document.querySelectorAll("table td")) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent!.trim();
        if (!text || (node.parentElement && node.parentElement.closest(".sr-only"))) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        found.push({ text, lines: tops.size, words: text.split(/[\s-]+/).filter(Boolean).length });
      }
    }
    return found;
  });
}

/** Whether the page scrolls sideways, or a table's box does. */
function overflows(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    tables: [...document.querySelectorAll("table")].filter((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth + 1).length,
  }));
}

const rowHeights = (page: Page) => page.locator("main table tbody tr").evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test.beforeEach(async ({ page }) => {
      await signInAsAdmin(page);
    });

    test("every admin table wraps between words, inside its box", async ({ page }) => {
      for (const path of screens) {
        await page.goto(path);
        await expect(page.locator("main table").first()).toBeVisible();
        for (const { text, lines, words } of await cellTexts(page)) {
          // A long single word (an icon's name) may break once; nothing breaks a character at a time.
          expect(lines, `${path}: "${text}" takes ${lines} lines for ${words} words`).toBeLessThanOrEqual(words + 1);
        }
        expect(await overflows(page), path).toEqual({ page: false, tables: 0 });
      }
    });

    test("articles: short ids that copy in full, rows of a few lines, the total in the header", async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto("/admin/articles");
      const heights = await rowHeights(page);
      expect(heights).toHaveLength(12);
      // Before: 305 px a row at 1280 (the id two characters a line). A card at 768 holds its eight fields.
      expect(Math.max(...heights)).toBeLessThan(viewport.width === 1280 ? 120 : 300);

      const firstRow = page.locator("main table tbody tr").first();
      const shortId = firstRow.locator("code[data-full-id]");
      const fullId = (await shortId.getAttribute("data-full-id"))!;
      expect(fullId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      await expect(shortId).toHaveText(fullId.slice(0, 8));
      await expect(shortId).toHaveAttribute("title", fullId);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await firstRow.getByRole("button", { name: /^Copy ID of / }).click();
      await expect(page.locator("[data-toast]").filter({ hasText: "Copied" })).toContainText(fullId);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullId);
      // The edit link opens that article.
      await expect(firstRow.getByRole("link", { name: /^Edit / })).toHaveAttribute("href", `/admin/articles/${fullId}`);

      // The demo magazine has more than a page of articles: the header counts them all.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Articles \((1[3-9]|[2-9]\d)\)$/);
    });

    test("categories: with 13 or more, the header counts them all, not the page's 12", async ({ page }) => {
      const prefix = `Counted ${viewport.width}-${Date.now()}`;
      for (let index = 0; index < 7; index++) {
        const name = `${prefix} ${index}`;
        const saved = await page.request.post("/admin/categories", { form: { intent: "save", name, slug: name, description: "", icon: "" } });
        expect(saved.status()).toBe(200);
      }
      const created: string[] = [];
      try {
        await page.goto("/admin/categories");
        const heading = page.getByRole("heading", { level: 1 });
        const total = Number(/\((\d+)\)/.exec((await heading.textContent())!)![1]);
        expect(total).toBeGreaterThanOrEqual(14);
        const rows = page.locator("main table tbody tr");
        await expect(rows).toHaveCount(12);
        const ids = () =>
          rows
            .filter({ hasText: prefix })
            .locator('input[name="id"]')
            .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
        created.push(...(await ids()));
        await page.getByRole("link", { name: "Next" }).click();
        await expect(heading).toContainText(`(${total})`);
        await expect(rows).toHaveCount(total - 12);
        created.push(...(await ids()));
        expect(created).toHaveLength(7);
      } finally {
        for (const id of created) await page.request.post("/admin/categories", { form: { intent: "delete", id } });
      }
    });

    test("users: the short user id copies the whole id, as the spec's User ID column does", async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto("/admin/users");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const owner = page.getByRole("row").filter({ has: page.getByRole("button", { name: "Copy user ID of owner", exact: true }) });
      const fullId = (await owner.locator("code[data-full-id]").getAttribute("data-full-id"))!;
      await expect(owner.locator("code[data-full-id]")).toHaveText(fullId.slice(0, 8));
      await owner.getByRole("button", { name: "Copy user ID of owner", exact: true }).click();
      await expect(page.locator("[data-toast]").filter({ hasText: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullId);
      expect(Math.max(...(await rowHeights(page)))).toBeLessThan(viewport.width === 1280 ? 120 : 260);
    });
  });
}
