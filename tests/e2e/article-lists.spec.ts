import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { waitForBehaviour, waitForCardsToSettle } from "./fixtures";
import { demoArticles, demoTranslations } from "#database/seed/demo-content";

// Demo content: its published articles and their translations (drafts and the scheduled one are not listed), most viewed first: ECZ exams, AI tools, CBC.
const publishedCount = demoArticles.filter((article) => article.status === "published").length + demoTranslations.length;
// Lists show 12 a page; the count is still over all pages.
const pageSize = 12;
const cards = (page: Page, list = "Articles") => page.getByRole("list", { name: list }).getByRole("article");
const cardTitles = (page: Page, list = "Articles") => page.getByRole("list", { name: list }).getByRole("heading");

/** Cards fade in one after another; contrast is only meaningful once they have arrived. */
test("typing a search filters on the server and updates the URL without a reload", async ({ page }) => {
  await page.goto("/articles");
  await expect(page.getByRole("heading", { name: "All Articles", level: 1 })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(`${publishedCount} articles found`);
  await expect(cards(page)).toHaveCount(pageSize);
  await page.evaluate(() => ((window as unknown as { listMarker: string }).listMarker = "still here"));
  const historyLength = await page.evaluate(() => history.length);

  const search = page.getByRole("searchbox", { name: "Search articles" });
  await search.pressSequentially("SMARTphone", { delay: 60 });
  await expect(page).toHaveURL(/\/articles\?q=SMARTphone$/);
  await expect(cardTitles(page)).toHaveText(["The One-Smartphone Classroom: Teaching With the Device You Already Have"]);
  await expect(page.getByRole("status")).toHaveText("1 article found");
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("SMARTphone");
  expect(await page.evaluate(() => (window as unknown as { listMarker?: string }).listMarker)).toBe("still here");
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  // More typing after the first results arrived is kept, and matches the excerpt too.
  await search.fill("enrich teaching");
  await expect(page).toHaveURL(/q=enrich\+teaching$/);
  await expect(cardTitles(page)).toHaveText(["The One-Smartphone Classroom: Teaching With the Device You Already Have"]);

  // The page arrives filtered from the server.
  const html = await (await page.request.get("/articles?q=smartphone")).text();
  expect(html).toContain("The One-Smartphone Classroom");
  expect(html).not.toContain("Great PE Lessons With Little or No Equipment");
});

test("active filter chips remove one filter each; Clear Filters empties them all", async ({ page }) => {
  await page.goto("/articles?q=school&category=entrepreneurship");
  const chips = page.getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("link")).toHaveCount(2);
  await expect(chips.getByRole("link", { name: 'Remove filter Search: "school"' })).toBeVisible();
  await expect(chips.getByRole("link", { name: "Remove filter Category: Entrepreneurship" })).toBeVisible();
  await expect(cardTitles(page)).toHaveText(["From School Garden to School Business: Teaching Entrepreneurship Through Agriculture"]);
  await expect(page.getByLabel("Category")).toHaveValue("entrepreneurship");

  await chips.getByRole("link", { name: "Remove filter Category: Entrepreneurship" }).click();
  await expect(page).toHaveURL(/\/articles\?q=school$/);
  await expect(page.getByLabel("Category")).toHaveValue("");
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByRole("status")).toHaveText("6 articles found");
  await page.getByRole("link", { name: 'Remove filter Search: "school"' }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("");
  await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
  await expect(cards(page)).toHaveCount(pageSize);

  await page.goto("/articles?q=no-such-words-anywhere&category=health&view=list");
  await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("0 articles found");
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/articles\?view=list$/);
  await expect(cards(page)).toHaveCount(pageSize);
  await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("");
});

test("drafts never show, and the category filter and sort apply", async ({ page }) => {
  await page.goto("/articles?q=solar");
  await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();

  await page.goto("/articles");
  await page.getByLabel("Sort by").selectOption({ label: "Most Popular" });
  await expect(page).toHaveURL(/\/articles\?sort=popular$/);
  await expect(cardTitles(page).first()).toHaveText("Preparing Learners for ECZ Examinations Without the Burnout");
  await expect(cardTitles(page).nth(1)).toHaveText("Using AI Tools for Lesson Planning — Carefully");
  await expect(cardTitles(page).nth(2)).toHaveText("Making the Competence-Based Curriculum Work in Your Classroom");

  await page.getByLabel("Sort by").selectOption({ label: "Oldest First" });
  await expect(cardTitles(page).first()).toHaveText("Planning an Inclusive Inter-House Sports Day");

  await page.getByLabel("Category").selectOption({ label: "Health" });
  await expect(page).toHaveURL(/\/articles\?category=health&sort=oldest$/);
  await expect(cardTitles(page)).toHaveText([
    "Keeping Girls in School: Practical Menstrual Health Support",
    "Looking After Yourself: Managing Stress as a Teacher",
  ]);
});

/** Holds the reader script back until `release` is called (it loads once the page has painted). */
async function holdReaderScript(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/enhance-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a sort chosen or words typed before the reader script is ready apply once it is", async ({ page }) => {
  let release = await holdReaderScript(page);
  await page.goto("/articles");
  await page.getByLabel("Sort by").selectOption({ label: "Most Popular" });
  release();
  await expect(page).toHaveURL(/\/articles\?sort=popular$/);
  await expect(cardTitles(page).first()).toHaveText("Preparing Learners for ECZ Examinations Without the Burnout");

  await page.unrouteAll();
  release = await holdReaderScript(page);
  await page.goto("/articles");
  await page.getByRole("searchbox", { name: "Search articles" }).fill("smartphone");
  release();
  await expect(page).toHaveURL(/\/articles\?q=smartphone$/);
  await expect(page.getByRole("status")).toHaveText("1 article found");
});

test("the grid/list toggle shows its pressed state and lays cards out in rows", async ({ page }) => {
  await page.goto("/articles");
  await waitForBehaviour(page);
  const grid = page.getByRole("button", { name: "Grid view" });
  const list = page.getByRole("button", { name: "List view" });
  await expect(grid).toHaveAttribute("aria-pressed", "true");
  await expect(list).toHaveAttribute("aria-pressed", "false");
  const firstCard = cards(page).first();
  const gridImage = (await firstCard.locator("img").boundingBox())!;
  const gridTitle = (await firstCard.getByRole("heading").boundingBox())!;
  expect(gridTitle.y).toBeGreaterThanOrEqual(gridImage.y + gridImage.height - 1);

  await list.click();
  await expect(page).toHaveURL(/\/articles\?view=list$/);
  await expect(list).toHaveAttribute("aria-pressed", "true");
  await expect(grid).toHaveAttribute("aria-pressed", "false");
  await waitForCardsToSettle(page);
  const listImage = (await firstCard.locator("img").boundingBox())!;
  const listTitle = (await firstCard.getByRole("heading").boundingBox())!;
  expect(listTitle.x).toBeGreaterThanOrEqual(listImage.x + listImage.width - 1);
  expect(listTitle.y).toBeLessThan(listImage.y + listImage.height);

  await grid.click();
  await expect(page).toHaveURL(/\/articles$/);
});

test("cards follow the spec: link, image, badge rule, author, read time and a 50 ms stagger", async ({ page }) => {
  await page.goto("/articles");
  const first = cards(page).first();
  await expect(first.getByRole("link", { name: "Making the Competence-Based Curriculum Work in Your Classroom" })).toHaveAttribute(
    "href",
    /^\/articles\/[0-9a-f-]{36}$/,
  );
  // By its author's name, linked to their page; a card with no author profile says "The Educator".
  await expect(first.getByRole("link", { name: "Joseph Mutale Banda" })).toHaveAttribute("href", "/author/joseph-mutale-banda");
  const older = await page.context().newPage(); // that card is on a later page now
  await older.goto("/articles?q=Rural%20Posting");
  await expect(cards(older).filter({ hasText: "Thriving in Your First Rural Posting" })).toContainText(/The Educator · \d+ min read/);
  await older.close();
  await expect(first).toContainText(/\d+ min read/);
  // The first card's image is fetched at once; the others wait until they near the screen.
  const image = first.locator("img");
  await expect(image).toHaveAttribute("loading", "eager");
  await expect(cards(page).nth(1).locator("img")).toHaveAttribute("loading", "lazy");
  await expect(image).toHaveAttribute("width", /^\d+$/);
  await expect(image).toHaveAttribute("height", /^\d+$/);
  const delays = await cards(page).evaluateAll((nodes) => nodes.slice(0, 3).map((node) => getComputedStyle(node).animationDelay));
  expect(delays).toEqual(["0s", "0.05s", "0.1s"]);

  const articleList = page.getByRole("list", { name: "Articles" });
  await expect(articleList.getByRole("link", { name: "Health", exact: true }).first()).toHaveAttribute("href", "/category/health");
  await expect(articleList.getByRole("link", { name: "Education News", exact: true }).first()).toHaveAttribute("href", "/category/education-news");
  // ask-kafundisha is a badge, never a link.
  const askCard = cards(page).filter({ hasText: "A Learner in My Class Keeps Missing School" });
  await expect(askCard.getByText("Ask Kafundisha", { exact: true })).toBeVisible();
  await expect(askCard.getByRole("link", { name: "Ask Kafundisha", exact: true })).toHaveCount(0);
});

test("cards do not animate for readers who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/articles");
  expect(
    await cards(page)
      .first()
      .evaluate((node) => getComputedStyle(node).animationName),
  ).toBe("none");
});

test("category pages: banner, search, sort, count, empty state and loading text", async ({ page }) => {
  await page.goto("/category/health");
  await expect(page).toHaveTitle("Health & Wellness | The Educator");
  await expect(page.getByRole("heading", { name: "Health & Wellness", level: 1 })).toBeVisible();
  await expect(page.getByText("Practical guidance on the physical and mental wellbeing of teachers and learners.")).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("2 articles found");
  const list = "Health & Wellness articles";
  await expect(cardTitles(page, list)).toHaveText([
    "Looking After Yourself: Managing Stress as a Teacher",
    "Keeping Girls in School: Practical Menstrual Health Support",
  ]);
  // The spec's three orders, then full-text search ranked by relevance (README: Search).
  await expect(page.getByLabel("Sort by").locator("option")).toHaveText(["Newest First", "Oldest First", "Most Popular", "Best Match"]);

  // The reader script shows the loading text: slow its next list load down to see it.
  await waitForBehaviour(page);
  await page.route(/\/category\/health\?sort=oldest$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByLabel("Sort by").selectOption({ label: "Oldest First" });
  await expect(page.getByRole("status")).toHaveText("Loading articles...");
  await expect(page.getByRole("status")).toHaveText("2 articles found");
  await expect(cardTitles(page, list).first()).toHaveText("Keeping Girls in School: Practical Menstrual Health Support");
  await page.unrouteAll();

  await page.getByRole("searchbox", { name: "Search Health & Wellness" }).fill("nothing like this");
  await expect(page.getByText("No articles found in this category.")).toBeVisible();
  await page.getByRole("button", { name: "Clear Search" }).click();
  await expect(page).toHaveURL(/\/category\/health\?sort=oldest$/);
  await expect(cardTitles(page, list)).toHaveCount(2);

  for (const [slug, title] of [
    ["education-news", "Education News"],
    ["sports", "Sports & Physical Education"],
    ["technology", "Technology in Education"],
    ["entrepreneurship", "Entrepreneurship Education"],
    ["teacher-swaps", "Teacher Swaps"],
  ]) {
    await page.goto(`/category/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
  }
  await expect(page.getByText("No articles found in this category.")).toBeVisible();

  const unknown = await page.goto("/category/pottery-club");
  expect(unknown?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pottery Club");
  await expect(page.getByText("No articles found in this category.")).toBeVisible();
});

test("Next and Previous page through the list, keeping its sort and view, also without JavaScript", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/articles?sort=popular&view=list");
    const pages = page.getByRole("navigation", { name: "Articles pages" });
    await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await expect(cards(page)).toHaveCount(pageSize);
    await expect(cardTitles(page).first()).toHaveText("Preparing Learners for ECZ Examinations Without the Burnout");
    const firstPage = await cardTitles(page).allTextContents();

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/articles\?sort=popular&view=list&after=[\w.-]+$/);
    await expect(cards(page)).toHaveCount(publishedCount - pageSize);
    await expect(page.getByRole("status")).toHaveText(`${publishedCount} articles found`);
    expect((await cardTitles(page).allTextContents()).filter((title) => firstPage.includes(title))).toEqual([]);
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);

    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/articles\?sort=popular&view=list&before=[\w.-]+$/);
    await expect(cardTitles(page)).toHaveText(firstPage);
    await context.close();
  }
});

test("the list controls work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/articles");
  await page.getByLabel("Sort by").selectOption({ label: "Most Popular" });
  await page.getByRole("searchbox", { name: "Search articles" }).fill("lesson");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=lesson/);
  await expect(page).toHaveURL(/sort=popular/);
  await expect(cardTitles(page).first()).toHaveText("Using AI Tools for Lesson Planning — Carefully");
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("lesson");
  await context.close();
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the article lists pass axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    for (const path of [
      "/articles?q=the&category=education-news",
      "/articles?view=list",
      "/articles?q=fractions",
      "/category/technology",
      "/category/teacher-swaps",
    ]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
      await waitForCardsToSettle(page);
      await expectNoAxeViolations(page);
    }
  });
}

test("Best Match searches the articles' text too, best first, with the matching passage marked", async ({ page }) => {
  await page.goto("/articles");
  await page.getByRole("searchbox", { name: "Search articles" }).fill("seedlings");
  await expect(page.getByText("No articles found matching your criteria.")).toBeVisible(); // the spec's rule: titles and excerpts
  await page.getByLabel("Sort by").selectOption({ label: "Best Match" });
  await expect(page.getByRole("status")).toHaveText("1 article found");
  await expect(cards(page)).toHaveCount(1);
  const passage = cards(page).first().locator("[data-search-snippet]");
  await expect(passage).toContainText("seedlings");
  await expect(passage.locator("mark")).toHaveText("seedlings");
  await expect(page).toHaveURL(/sort=relevance/);
});

// What Markdown would leave in a passage: list dashes, emphasis, headings, quotes, links' brackets.
const markdownMarks = /(^|\s)[-*+#>]\s|[*_`#|]|\[|\]\(/;

test("a search only the articles' text answers offers Search the full text, whose passages are plain text", async ({ page }) => {
  await page.goto("/articles");
  await waitForBehaviour(page);
  await page.evaluate(() => ((window as unknown as { listMarker: string }).listMarker = "still here"));
  // "fractions" is in one article's body only (AI tools), never in a title or excerpt.
  await page.getByRole("searchbox", { name: "Search articles" }).pressSequentially("fractions", { delay: 40 });
  await expect(page).toHaveURL(/\/articles\?q=fractions$/);
  await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("0 articles found");
  const offer = page.getByRole("link", { name: "Search the full text" });
  await expect(offer).toHaveAttribute("href", "/articles?q=fractions&sort=relevance");

  await offer.click();
  await expect(page).toHaveURL(/\/articles\?q=fractions&sort=relevance$/);
  await expect(page.getByRole("status")).toHaveText("1 article found");
  await expect(cardTitles(page)).toHaveText(["Using AI Tools for Lesson Planning — Carefully"]);
  await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
  await expect(page.getByRole("link", { name: "Search the full text" })).toHaveCount(0);
  const passage = cards(page).first().locator("[data-search-snippet]");
  await expect(passage.locator("mark")).toHaveText("fractions");
  await expect(passage).toContainText('Step 1: Be specific. Instead of asking for "a lesson on fractions"');
  expect(await passage.textContent()).not.toMatch(markdownMarks);
  // Followed in place by the reader script, without a reload.
  expect(await page.evaluate(() => (window as unknown as { listMarker?: string }).listMarker)).toBe("still here");

  // Passages from lists with bold words read as text: no dash, no asterisks.
  await page.getByRole("searchbox", { name: "Search articles" }).fill("starters");
  await expect(page).toHaveURL(/\/articles\?q=starters&sort=relevance$/);
  await expect(page.getByRole("status")).toHaveText("2 articles found");
  const passages = page.locator("[data-search-snippet]");
  await expect(passages).toHaveCount(2);
  await expect(passages.filter({ hasText: "Generating ideas for lesson starters and class activities" })).toHaveCount(1);
  for (const text of await passages.allTextContents()) expect(text).not.toMatch(markdownMarks);
});

test("Search the full text is a plain link: it works without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/articles?q=fractions&view=list");
  await page.getByRole("link", { name: "Search the full text" }).click();
  await expect(page).toHaveURL(/\/articles\?q=fractions&sort=relevance&view=list$/);
  await expect(page.getByRole("status")).toHaveText("1 article found");
  await expect(page.locator("[data-search-snippet] mark")).toHaveText("fractions");
  // Three found or more by titles and excerpts: nothing offered.
  await page.goto("/articles?q=school");
  await expect(page.getByRole("status")).toHaveText("6 articles found");
  await expect(page.getByRole("link", { name: "Search the full text" })).toHaveCount(0);
  await context.close();
});
