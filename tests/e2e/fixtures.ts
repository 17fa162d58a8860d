import { expect, type Frame, type Page } from "@playwright/test";
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
