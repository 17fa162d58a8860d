import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { resetRequestedText } from "#app/lib/account-texts";
import { startServerProcess, stopProcess, type RunningProcess } from "#tests/helpers/processes";
import { startSmtpSink, type SmtpSink } from "#tests/helpers/smtp";
import { expectNoAxeViolations } from "./axe";

// Mail is part of these flows: this spec runs its own server, sending through an SMTP sink on loopback.
let smtp: SmtpSink;
let server: RunningProcess & { url: string };
let dataDir: string;
const owner = { OWNER_EMAIL: "owner@account-e2e.test", OWNER_PASSWORD: "account-owner-secret" };

test.beforeAll(async () => {
  smtp = await startSmtpSink();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-e2e-account-"));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "false",
    SMTP_URL: smtp.url,
    RATE_LIMIT_SCALE: "1000",
    ...owner,
    // Every role change asks for the admin's password, as it does once it was typed 10 minutes ago.
    PASSWORD_RECHECK_MINUTES: "0",
  });
});
test.afterAll(async () => {
  await stopProcess(server);
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

/** Signs up and opens the confirmation link from the mail, as a new reader would. */
async function newReader(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/auth`);
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).last().click();
  // Sign-up answers with a document load back to /auth: opening the link before it lands would be cut short.
  await expect(toast(page, "Account created successfully!")).toBeVisible();
  await page.goto(await smtp.linkFor(email, `${server.url}/auth/verify?token=`));
  await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
}

test("a reader who forgot the password gets a link by email, chooses a new one and is signed in", async ({ page }) => {
  const email = `forgetful-${Date.now()}@example.com`;
  await newReader(page, email, "first-secret");

  await page.goto(`${server.url}/auth`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: resetRequestedText })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);

  const link = await smtp.linkFor(email, `${server.url}/auth/reset?token=`);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("New password").fill("second-secret");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(toast(page, "Your password has been changed. You are signed in.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText("This link has expired or has already been used. Ask for a new one.")).toBeVisible();
});

test("the account page saves a display name, changes the password and passes axe in both themes", async ({ page }) => {
  const email = `account-${Date.now()}@example.com`;
  await newReader(page, email, "first-secret");
  await page.goto(`${server.url}/auth`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("first-secret");
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await page.getByRole("banner").getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByText(`You sign in with ${email}.`)).toBeVisible();
  await expect(page.getByText("This device")).toBeVisible();

  await page.getByLabel("Display name").fill("Mr Banda");
  await page.getByRole("button", { name: "Save display name" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your display name has been saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Display name")).toHaveValue("Mr Banda");

  const passwordSection = page.getByRole("region", { name: "Password" });
  await passwordSection.getByLabel("Current password").fill("wrong-secret");
  await passwordSection.getByLabel("New password").fill("second-secret");
  await passwordSection.getByRole("button", { name: "Change password" }).click();
  await expect(passwordSection.getByRole("alert")).toHaveText("Your current password is not correct.");
  await passwordSection.getByLabel("Current password").fill("first-secret");
  await passwordSection.getByLabel("New password").fill("second-secret");
  await passwordSection.getByRole("button", { name: "Change password" }).click();
  await expect(passwordSection.getByRole("status")).toHaveText("Your password has been changed. Other devices have been signed out.");

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("an email change asks for the current password, shows while it waits, and can be cancelled", async ({ page }) => {
  const email = `mover-${Date.now()}@example.com`;
  const newEmail = `moved-${Date.now()}@example.com`;
  await newReader(page, email, "first-secret");
  await page.goto(`${server.url}/auth`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("first-secret");
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await page.getByRole("banner").getByRole("link", { name: "Account" }).click();

  const emailSection = page.getByRole("region", { name: "Email" });
  await emailSection.getByLabel("New email").fill(newEmail);
  await emailSection.getByLabel("Current password").fill("wrong-secret");
  await emailSection.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(emailSection.getByRole("alert")).toHaveText("Your current password is not correct.");
  await expect(emailSection.getByLabel("New email")).toHaveValue(newEmail); // what was typed stays

  await emailSection.getByLabel("Current password").fill("first-secret");
  await emailSection.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(emailSection.getByRole("status")).toContainText("We have sent a link to the new address.");
  await expect(emailSection.getByText(`Waiting for confirmation: ${newEmail}.`)).toBeVisible();
  const confirmLink = await smtp.linkFor(newEmail, `${server.url}/account/email?token=`);
  await smtp.linkFor(email, `${server.url}/account/email/undo?token=`); // the old address is told, with a way back
  await expectNoAxeViolations(page);

  await emailSection.getByRole("button", { name: "Cancel email change" }).click();
  await expect(emailSection.getByRole("status")).toHaveText("The email change has been cancelled. Your email stays as it is.");
  await expect(emailSection.getByText("Waiting for confirmation")).toHaveCount(0);
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await page.goto(`${server.url}/account`);
  await expect(page.getByText(`You sign in with ${email}.`)).toBeVisible();
});

test("a role change asks for the admin's password again, keeping what was typed", async ({ page }) => {
  const name = `promoted-${Date.now()}`;
  await newReader(page, `${name}@example.com`, "first-secret");
  await page.goto(`${server.url}/auth`);
  await page.getByLabel("Email").fill(owner.OWNER_EMAIL);
  await page.getByLabel("Password").fill(owner.OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(toast(page, "Signed in successfully!")).toBeVisible();

  await page.goto(`${server.url}/admin/users?q=${name}`);
  const row = page.getByRole("row").nth(1);
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await row.getByLabel("Bio").fill("Grade 7 class teacher.");
  await row.getByLabel("Role").selectOption("admin");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Please enter your password to change a role")).toContainText("Password needed");
  // Still editing, with what was typed, and a field for the password.
  await expect(row.getByLabel("Bio")).toHaveValue("Grade 7 class teacher.");
  await expect(row.getByLabel("Role")).toHaveValue("admin");
  await row.getByLabel("Your password").fill("not-it");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Your current password is not correct.")).toBeVisible();
  await expect(row.getByLabel("Role")).toHaveValue("admin");

  await row.getByLabel("Your password").fill(owner.OWNER_PASSWORD);
  await row.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "User updated successfully.")).toContainText("Saved");
  await expect(row).toContainText("Grade 7 class teacher.");
  await expect(row).toContainText("admin");
  await expect(row.getByLabel("Your password")).toHaveCount(0);
});

test("an admin invites a teacher as an author; the link makes the account and signs them in to My Articles", async ({ page, browser }) => {
  const email = `invited-${Date.now()}@example.com`;
  await page.goto(`${server.url}/auth`);
  await page.getByLabel("Email").fill(owner.OWNER_EMAIL);
  await page.getByLabel("Password").fill(owner.OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(toast(page, "Signed in successfully!")).toBeVisible();

  await page.goto(`${server.url}/admin/users`);
  const invite = page.getByRole("region", { name: "Invite someone" });
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role to give").selectOption("author");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  // Giving a role asks for the admin's password, as a role change does; what was typed stays.
  await expect(toast(page, "Please enter your password")).toContainText("Password needed");
  await expect(invite.getByLabel("Email")).toHaveValue(email);
  await invite.getByLabel("Your password").fill(owner.OWNER_PASSWORD);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, `${email} is invited as Author.`)).toBeVisible();
  await expect(invite.getByLabel("Email")).toHaveValue(""); // ready for the next one
  await expect(invite.getByRole("list", { name: "Invitations not used yet" })).toContainText(email);
  await expectNoAxeViolations(page);

  const teacher = await (await browser.newContext()).newPage();
  await teacher.goto(await smtp.linkFor(email, `${server.url}/invite?token=`));
  await expect(teacher.getByRole("heading", { name: "Join The Educator" })).toBeVisible();
  await expect(teacher.getByText(`You are invited as an Author with ${email}.`)).toBeVisible();
  await teacher.getByLabel("Your name, as readers will see it").fill("Natasha Mwanza");
  await teacher.getByLabel("Choose a password").fill("123456");
  await teacher.getByRole("button", { name: "Join" }).click();
  await expect(teacher.getByRole("alert")).toContainText("common");
  await expect(teacher.getByLabel("Your name, as readers will see it")).toHaveValue("Natasha Mwanza");
  await teacher.getByLabel("Choose a password").fill("lessons-from-mongu-7");
  await teacher.getByRole("button", { name: "Join" }).click();
  await expect(teacher.getByText("Welcome to The Educator! You are signed in.")).toBeVisible();
  await expect(teacher).toHaveURL(/\/admin\/articles$/);
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("My Articles (0)");

  await page.reload();
  await expect(invite.getByRole("list", { name: "Invitations not used yet" })).toHaveCount(0);
});
