import { expect, test } from "@playwright/test";
import { apiKeyTexts, contentApiBasePath } from "#app/lib/content-api";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin, waitForBehaviour } from "./fixtures";

test("an admin creates a Content API key, sees it once, a client reads articles with it, and revoking it shuts the client out", async ({ page }) => {
  const name = `School website ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/api-keys");
  await expect(page.getByRole("heading", { name: "Content API keys", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content API keys" })).toBeVisible();
  await waitForBehaviour(page);

  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText(`Key “${name}” created. ${apiKeyTexts.shownOnce}`)).toBeVisible();
  const key = await page.getByRole("textbox", { name: "New key" }).inputValue();
  expect(key).toMatch(/^edu_[A-Za-z0-9_-]{32}$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell", { name: `${key.slice(0, 10)}…` })).toBeVisible();
  await expectNoAxeViolations(page);

  // A client (not the browser's session: the key alone) reads the published articles.
  const read = await page.request.get(`${contentApiBasePath}/articles?limit=3`, { headers: { Authorization: `Bearer ${key}` } });
  expect(read.status()).toBe(200);
  const body = (await read.json()) as { articles: Array<{ title: string; url: string }>; meta: { pagination: { limit: number } } };
  expect(body.articles).toHaveLength(3);
  expect(body.meta.pagination.limit).toBe(3);

  // Shown once: after a reload the screen has only its prefix, and its request counted.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "New key" })).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(row.getByRole("cell", { name: "1", exact: true })).toBeVisible();

  const confirmations: string[] = [];
  page.once("dialog", (dialog) => {
    confirmations.push(dialog.message());
    void dialog.accept();
  });
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByText("Requests with it are refused from now on.")).toBeVisible();
  expect(confirmations).toEqual([apiKeyTexts.revokeConfirm(name)]);
  await expect(row.getByText("Revoked", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const refused = await page.request.get(`${contentApiBasePath}/articles`, { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ errors: [{ message: apiKeyTexts.invalidKey, type: "Unauthorized" }] });
});
