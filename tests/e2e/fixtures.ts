import { expect, type Page } from "@playwright/test";
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
