import { expect, type Browser, type Frame, type Page } from "@playwright/test";
import { e2eOwner } from "./owner";

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
}

export async function signInAsAdmin(page: Page) {
  await signIn(page, e2eOwner.email, e2eOwner.password);
  await expect(page.getByText("Signed in successfully!")).toBeVisible();
}

export async function signUp(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).last().click();
}

/**
 * Opens a list and waits until it listens for changes: its own event stream has answered.
 * (The page before it, the one signing in, had a stream too; its answer must not count.)
 */
export async function openListening(page: Page, path: string) {
  let opened = false;
  const markOpened = (frame: Frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === path) opened = true;
  };
  page.on("framenavigated", markOpened);
  const listening = page.waitForResponse((response) => opened && new URL(response.url()).pathname === "/api/events" && response.ok());
  await page.goto(path);
  await listening;
  page.off("framenavigated", markOpened);
}

/** Waits for the cards' entrance animations: text fading in is not yet at its contrast. */
export async function waitForCardsToSettle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState === "finished"));
}

/** Waits for a page's buttons to have their behaviour: on reader pages the reader script loads once the page has painted. */
export async function waitForBehaviour(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/**
 * A new account with a staff role, made as an admin would: it signs up, and the owner gives it
 * the role on the Users screen (which signs it out). Returns how to sign in as it.
 */
export async function newStaffAccount(browser: Browser, role: "contributor" | "author" | "editor", displayName: string) {
  const name = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const account = { email: `${name}@example.com`, password: `${role}-secret-1` };
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, account.email, account.password);
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await context.clearCookies();
  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${name}`);
  const row = page.getByRole("row").nth(1);
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await row.getByLabel("Display name").fill(displayName);
  await row.getByLabel("Role").selectOption(role);
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User updated successfully. They have been signed out everywhere.")).toBeVisible();
  await context.close();
  return account;
}
