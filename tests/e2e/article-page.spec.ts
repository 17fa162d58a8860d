import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { expectNoAxeViolations } from "./axe";
import { signUp, waitForBehaviour } from "./fixtures";
import { e2eOwner } from "./owner";

const title = "Making the Competence-Based Curriculum Work in Your Classroom";

/** Opens the demo article from the home page, as a reader would, once it shows the count its view was answered with. */
async function openDemoArticle(page: Page) {
  await page.goto("/");
  const viewCounted = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/page-views" && response.status() === 200);
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await waitForBehaviour(page);
  const { views } = (await (await viewCounted).json()) as { views: number };
  await expect.poll(() => shownViews(page)).toBe(views);
}

async function shownViews(page: Page): Promise<number> {
  const text = await page.getByText(/\d[\d,]* views$/).textContent();
  return Number(/([\d,]+) views/.exec(text ?? "")![1]!.replace(/,/g, ""));
}

test("an article shows its details, body, footer, approved comments and related articles", async ({ page }) => {
  await openDemoArticle(page);
  await expect(page).toHaveTitle(`${title} | The Educator`);
  const article = page.getByRole("article").first();
  await expect(article.getByRole("link", { name: "Education News" })).toHaveAttribute("href", "/category/education-news");
  await expect(article.getByText("The competence-based curriculum asks learners to do, not just to memorise.")).toBeVisible();
  await expect(article.getByText(/^\d+ min read · [\d,]+ views$/)).toBeVisible();
  // By its author, whose profile page the byline opens (articles without one say "The Educator").
  await expect(article.getByRole("link", { name: "Joseph Mutale Banda" }).first()).toHaveAttribute("href", "/author/joseph-mutale-banda");
  await expect(article.getByRole("list", { name: "Tags" }).getByRole("link", { name: "#Curriculum" })).toHaveAttribute("href", "/tag/curriculum");
  await expect(article.getByRole("img", { name: "Illustrated cover: Competence-Based Curriculum" })).toBeVisible();
  await expect(article.getByRole("heading", { level: 2, name: "From knowing to doing" })).toBeVisible();
  await expect(article.getByText("Published by The Educator")).toBeVisible();
  const cover = article.locator("img").first();
  await expect(cover).toHaveAttribute("width", "1200");
  await expect(cover).toHaveJSProperty("complete", true);
  expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  const comments = page.getByRole("region", { name: /Comments/ });
  await expect(comments.getByText("The three-level checklist idea is brilliant.", { exact: false })).toBeVisible();
  // The demo reader's name as the comment was posted (a rename later, as the admin-screens spec makes, changes no comment).
  await expect(comments.getByText("Mwila Banda", { exact: true })).toBeVisible();
  await expect(page.getByText("Our zone is still waiting for the new learner books", { exact: false })).toHaveCount(0);

  const related = page.getByRole("region", { name: "Related Articles" });
  await expect(related.getByRole("article")).toHaveCount(3);
  await expect(related.getByRole("link", { name: title })).toHaveCount(0);
  const next = related.getByRole("heading", { level: 3 }).first();
  const nextTitle = (await next.textContent())!;
  await next.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: nextTitle })).toBeVisible();
});

test("Share copies the article link and says so, from the top and from the footer", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openDemoArticle(page);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByText("Link copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  await page.evaluate(() => navigator.clipboard.writeText("something else"));
  await page.getByRole("button", { name: "Share this article" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test("WhatsApp and Facebook links carry the article's title and address; Copy link copies it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openDemoArticle(page);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(/\/articles\/[0-9a-f-]{36}$/);
  const whatsapp = page.getByRole("link", { name: "WhatsApp" });
  expect(new URL((await whatsapp.getAttribute("href"))!).origin).toBe("https://wa.me");
  // The link is marked: the visits it brings count as WhatsApp's in analytics.
  expect(new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")).toBe(`${title} ${canonical}?ref=whatsapp`);
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  const facebook = page.getByRole("link", { name: "Facebook" });
  expect(new URL((await facebook.getAttribute("href"))!).searchParams.get("u")).toBe(canonical);

  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test("printed, the article stands alone in black on white and ends with its address as a QR code", async ({ page }) => {
  await page.addInitScript(() => {
    window.print = () => void (document.documentElement.dataset.printed = "true");
  });
  await page.emulateMedia({ colorScheme: "dark" });
  await openDemoArticle(page);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  const printedAddress = page.getByRole("img", { name: "QR code of this article's address" });
  await expect(printedAddress).toBeHidden(); // on screen, only in print
  await page.getByRole("button", { name: "Print" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-printed", "true");

  await page.emulateMedia({ media: "print", colorScheme: "dark" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("region", { name: /Comments/ })).toBeHidden();
  await expect(page.getByRole("link", { name: "WhatsApp" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Share this article" })).toBeHidden();
  await expect(page.getByRole("region", { name: "Related Articles" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const heading = page.getByRole("heading", { level: 1, name: title });
  expect(await heading.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(0, 0, 0)");
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toMatch(/^rgba\(0, 0, 0, 0\)$|^rgb\(255, 255, 255\)$/);
  await expect(page.getByText(canonical!, { exact: true })).toBeVisible();

  await expect(printedAddress).toBeVisible();
  const png = PNG.sync.read(await printedAddress.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(canonical);
});

test("when the native share sheet fails, the link is copied; when the reader cancels, nothing happens", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    const failures = ["NotAllowedError", "AbortError"];
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: () => Promise.reject(new DOMException("share failed", failures.shift() ?? "AbortError")),
    });
  });
  await openDemoArticle(page);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByText("Link copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  await page.evaluate(() => navigator.clipboard.writeText("untouched"));
  await page.getByRole("button", { name: "Share this article" }).click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("untouched");
});

test("unknown and malformed ids show Article Not Found with a way back", async ({ page }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
    const response = await page.goto(`/articles/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back to Articles" }).click();
  await expect(page).toHaveURL(/\/articles$/);
});

test("anonymous readers are invited to sign in and come back to the article", async ({ page }) => {
  await openDemoArticle(page);
  const articleUrl = page.url();
  await expect(page.getByLabel("Your comment")).toBeHidden(); // on the page kept for everyone, shown to signed-in readers only
  await page.getByRole("link", { name: "Sign in to join the conversation" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Farticles%2F[0-9a-f-]{36}$/);
  await page.getByLabel("Email").fill(e2eOwner.email);
  await page.getByLabel("Password").fill(e2eOwner.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page).toHaveURL(articleUrl);
  await expect(page.getByLabel("Your comment")).toBeVisible();
});

test("a signed-in reader posts a comment that waits for moderation, without counting extra views", async ({ page }) => {
  await signUp(page, `commenter-${Date.now()}@e2e.test`, "reader-pass");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
  await openDemoArticle(page);
  const views = await shownViews(page);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please write your comment." })).toBeVisible();
  await expect(page.getByLabel("Your comment")).toBeFocused();

  const text = `Grouping by competence worked well in my Grade 6 class ${Date.now()}`;
  await page.getByLabel("Your comment").fill(text);
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your comment is awaiting moderation." })).toBeVisible();
  await expect(page.getByLabel("Your comment")).toHaveValue("");
  // The focus is on the confirmation, where the form is: nothing moved away from the reader.
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your comment is awaiting moderation." })).toBeFocused();
  await expect(page.getByRole("region", { name: /Comments/ }).getByText(text)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Thank you! Your comment is awaiting moderation.");
  // The toast leaves by itself; this checks the page itself, with its confirmation.
  await expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page);
  // Posting refreshed nothing that counts a view: the next visit is exactly one more.
  expect(await shownViews(page)).toBe(views);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the article page has no axe violations in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openDemoArticle(page);
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible(); // the whole share bar, shown by the reader script
    await expectNoAxeViolations(page);
  });
}
