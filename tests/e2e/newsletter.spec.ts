import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { confirmedText, subscribeRequestedText, unsubscribedText } from "#app/lib/newsletter-texts";
import { startServerProcess, stopProcess, type RunningProcess } from "#tests/helpers/processes";
import { startSmtpSink, type SmtpSink } from "#tests/helpers/smtp";
import { expectNoAxeViolations } from "./axe";
import { waitForBehaviour } from "./fixtures";

// Mail is the point here: this spec runs its own server (the demo magazine: articles from the last
// days), sending through an SMTP sink on loopback, with its worker sending the queue.
let smtp: SmtpSink;
let server: RunningProcess & { url: string };
let dataDir: string;
const admin = { email: "newsletter-owner@example.com", password: "owner-secret" };

test.beforeAll(async () => {
  smtp = await startSmtpSink();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-e2e-newsletter-"));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: smtp.url,
    RATE_LIMIT_SCALE: "1000",
    OWNER_EMAIL: admin.email,
    OWNER_PASSWORD: admin.password,
  });
});
test.afterAll(async () => {
  await stopProcess(server);
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function inBothThemes(page: Page, check: () => Promise<void>) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
    await check();
    await expectNoAxeViolations(page);
  }
}

test("a reader subscribes on the home page, confirms from the mail, and receives the digest the admin sends", async ({ page }) => {
  const email = `digest-reader-${Date.now()}@example.com`;

  await page.goto(`${server.url}/`);
  await waitForBehaviour(page);
  const signup = page.getByRole("region", { name: "The weekly digest" });
  await signup.getByLabel("Email address").fill(email);
  await signup.getByRole("button", { name: "Subscribe" }).click();
  // The reader script posts it without leaving the page, and says so in a toast.
  await expect(page.locator("[data-toast]").filter({ hasText: subscribeRequestedText })).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(signup.getByLabel("Email address")).toHaveValue("");

  await page.goto(await smtp.linkFor(email, `${server.url}/newsletter/confirm?token=`));
  await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
  await expect(page.getByText(confirmedText)).toBeVisible();
  await expectNoAxeViolations(page);

  // The admin sees the reader, previews the digest and sends it.
  await page.goto(`${server.url}/auth`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page.getByText("Signed in successfully!")).toBeVisible();
  await page.goto(`${server.url}/admin/newsletter`);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Newsletter" }).waitFor();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("cell", { name: "confirmed" })).toBeVisible();
  const preview = page.frameLocator('iframe[title="Digest preview"]');
  await expect(preview.getByRole("heading", { name: "The Educator" })).toBeVisible();
  await inBothThemes(page, async () => {
    await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  });
  const questions: string[] = [];
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Send now" }).click();
  await expect.poll(() => questions).toEqual(["Send this digest now to 1 confirmed subscriber?"]);
  await expect(page.locator("[data-toast]").filter({ hasText: "Digest queued" })).toBeVisible();

  // The digest arrives, with the week's articles and its own unsubscribe link.
  await expect
    .poll(() => smtp.inbox.filter((mail) => mail.to.includes(email) && mail.body.includes("List-Unsubscribe-Post")).length, { timeout: 15_000 })
    .toBe(1);
  const digest = smtp.inbox.find((mail) => mail.to.includes(email) && mail.body.includes("List-Unsubscribe-Post"))!;
  expect(digest.body).toContain(`${server.url}/articles/`);
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "The Educator — this week" }).getByRole("cell").nth(2)).toHaveText("1");

  // Its unsubscribe link asks first, then unsubscribes.
  // The link at the end of the mail's text (the header carries the same one, for one-click).
  const unsubscribe = /Unsubscribe: (http\S+)/.exec(digest.body)![1]!;
  expect(unsubscribe.startsWith(`${server.url}/newsletter/unsubscribe?token=`)).toBe(true);
  await page.goto(unsubscribe);
  await inBothThemes(page, async () => {
    await expect(page.getByRole("heading", { name: "Unsubscribe from the weekly digest?" })).toBeVisible();
  });
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toHaveText(unsubscribedText);
});

test("the article page and the newsletter page have the subscribe form, and pass axe in both themes", async ({ page }) => {
  await page.goto(`${server.url}/articles`);
  const href = await page.locator('main a[href^="/articles/"]').first().getAttribute("href");
  await page.goto(`${server.url}${href}`);
  await expect(page.getByRole("region", { name: "The weekly digest" })).toBeVisible();
  await inBothThemes(page, async () => {
    await expect(page.getByRole("region", { name: "The weekly digest" }).getByLabel("Email address")).toBeVisible();
  });
  // The page the form lands on without JavaScript.
  await page.goto(`${server.url}/newsletter`);
  await inBothThemes(page, async () => {
    await expect(page.getByRole("heading", { name: "The Educator's newsletter" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form on an article subscribes with a page load", async ({ page }) => {
    const email = `no-script-${Date.now()}@example.com`;
    await page.goto(`${server.url}/articles`);
    const href = await page.locator('main a[href^="/articles/"]').first().getAttribute("href");
    await page.goto(`${server.url}${href}`);
    const signup = page.getByRole("region", { name: "The weekly digest" });
    await signup.getByLabel("Email address").fill(email);
    await signup.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(`${server.url}/newsletter`);
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(subscribeRequestedText);
    expect(await smtp.linkFor(email, `${server.url}/newsletter/confirm?token=`)).toContain("token=");
  });
});
