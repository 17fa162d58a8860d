import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { openListening, signInAsAdmin, signUp } from "./fixtures";

/** A toast that shows `text`, as a person reads it. */
function toast(page: Page, text: string) {
  return page.locator("[data-toast]").filter({ hasText: text }).last();
}

/** axe on the screen once toasts have gone (they fade in and out, which axe would measure mid-way). */
async function expectAccessible(page: Page) {
  await expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
  const html = page.locator("html");
  const wasDark = ((await html.getAttribute("class")) ?? "").includes("dark");
  await html.evaluate((element, dark) => element.classList.toggle("dark", dark), !wasDark);
  await expectNoAxeViolations(page);
  await html.evaluate((element, dark) => element.classList.toggle("dark", dark), wasDark);
}

/** Accepts the next browser confirmation and hands back its message. */
function acceptNextDialog(page: Page) {
  return new Promise<string>((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

// Each screen waits for its toasts to leave before the accessibility check.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("categories: create, validate, edit, delete, and the in-use refusal", async ({ page }) => {
  const suffix = Date.now();
  const name = `Early Years ${suffix}`;
  await page.goto("/admin/categories");
  const heading = page.getByRole("heading", { level: 1, name: /Categories/ });
  await expect(heading).toContainText(/\(\d+\)/);
  const countBefore = Number(/\((\d+)\)/.exec((await heading.textContent())!)![1]);
  await expect(page.getByRole("columnheader")).toHaveText(["Place", "Name", "Slug", "Description", "Icon", "Created", "Actions"]);

  // Missing slug: the spec's toast, and the form keeps what was typed.
  await page.getByRole("button", { name: "New Category" }).click();
  await expect(page.getByLabel("Icon")).toHaveAttribute("placeholder", "e.g. BookOpen");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create Category" }).click();
  await expect(toast(page, "Missing fields")).toContainText("Name and slug are required.");
  await expect(page.getByLabel("Name")).toHaveValue(name);

  await page.getByLabel("Slug").fill(` ${name}!! `);
  await page.getByLabel("Icon").fill("Baby");
  await page.getByLabel("Description").fill("Play-based learning for the youngest.");
  await page.getByRole("button", { name: "Create Category" }).click();
  await expect(toast(page, "Category created successfully.")).toContainText("Created");
  await expect(page.getByRole("button", { name: "Create Category" })).toHaveCount(0);
  await expect(row(page, name)).toContainText(`early-years-${suffix}`);
  await expect(row(page, name)).toContainText("Baby");
  await expect(heading).toContainText(`(${countBefore + 1})`);

  // Edit mode, then cancel returns to closed; save updates.
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Category" })).toBeVisible();
  await expect(page.getByLabel("Slug")).toHaveValue(`early-years-${suffix}`);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Edit Category" })).toHaveCount(0);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByLabel("Name").fill(`${name} and ECE`);
  // Its place on the public site: refused unless a whole number, kept as typed.
  await page.getByLabel("Place on the site").fill("first");
  await page.getByRole("button", { name: "Update Category" }).click();
  await expect(page.getByText("Place must be a whole number from 1 to 999.").first()).toBeVisible();
  await page.getByLabel("Place on the site").fill("6");
  await page.getByRole("button", { name: "Update Category" }).click();
  await expect(toast(page, "Category updated successfully.")).toContainText("Updated");
  await expect(row(page, `${name} and ECE`)).toBeVisible();
  await expect(row(page, `${name} and ECE`).getByRole("cell").first()).toHaveText("6");

  await expectAccessible(page);

  const deleteConfirmation = acceptNextDialog(page);
  await page.getByRole("button", { name: `Delete ${name} and ECE` }).click();
  expect(await deleteConfirmation).toBe("Delete this category? This cannot be undone.");
  await expect(toast(page, "Category deleted successfully.")).toContainText("Deleted");
  await expect(row(page, name)).toHaveCount(0);

  // A category that articles use is refused, saying how many.
  const refusal = acceptNextDialog(page);
  await page.getByRole("button", { name: "Delete Education News" }).click();
  expect(await refusal).toBe("Delete this category? This cannot be undone.");
  await expect(toast(page, "This category is used by")).toContainText(/This category is used by \d+ articles?\. Move (it|them) to another category first\./);
  await expect(row(page, "Education News")).toBeVisible();
});

test("comments: search, filter, approve, reject, view and delete", async ({ page }) => {
  await page.goto("/admin/comments");
  await expect(page.getByRole("columnheader")).toHaveText(["Select", "Article", "Content", "Status", "User", "Created", "Actions"]);
  const waiting = row(page, "Our zone is still waiting for the new learner books");
  await expect(waiting).toContainText("anon");
  await expect(waiting).toContainText("pending");
  await expect(waiting.getByRole("link", { name: /View article/ })).toHaveAttribute("target", "_blank");
  await expect(waiting.getByRole("link", { name: /View article/ })).toHaveAttribute("href", /^\/articles\/[0-9a-f-]{36}$/);

  await waiting.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, "Comment marked as approved.")).toBeVisible();
  await expect(waiting).toContainText("approved");
  await waiting.getByRole("button", { name: "Reject" }).click();
  await expect(toast(page, "Comment marked as rejected.")).toBeVisible();
  await expect(waiting).toContainText("rejected");

  await page.getByLabel("Status").selectOption("rejected");
  await expect(page).toHaveURL(/status=rejected/);
  await expect(waiting).toBeVisible();
  await expect(row(page, "Plastic-bag balls")).toHaveCount(0);

  await page.getByLabel("Status").selectOption("all");
  await page.getByLabel("Search comments").fill("plastic-bag");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=plastic-bag/);
  await expect(row(page, "Plastic-bag balls")).toBeVisible();
  await expect(waiting).toHaveCount(0);

  await expectAccessible(page);

  const confirmation = acceptNextDialog(page);
  await row(page, "Plastic-bag balls").getByRole("button", { name: "Delete" }).click();
  expect(await confirmation).toBe("Delete this comment? This cannot be undone.");
  await expect(toast(page, "Comment removed.")).toContainText("Deleted");
  await expect(page.getByText("No comments found.")).toBeVisible();
});

test("users: search, filter, inline edit, and the owner keeps the admin role", async ({ page }) => {
  const suffix = Date.now();
  await page.goto("/admin/users");
  await expect(page.getByRole("columnheader")).toHaveText(["User", "Role", "User ID", "Created", "Actions"]);

  await page.getByLabel("Search users").fill("mwila");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=mwila/);
  const reader = page.getByRole("row").nth(1);
  await expect(reader).toContainText("Mwila Banda");
  await expect(page.getByRole("row")).toHaveCount(2);

  // Cancel leaves the row as it was.
  await reader.getByRole("button", { name: "Edit Mwila Banda" }).click();
  await reader.getByLabel("Display name").fill("Not saved");
  await reader.getByRole("button", { name: "Cancel" }).click();
  await expect(reader).toContainText("Mwila Banda");

  await reader.getByRole("button", { name: "Edit Mwila Banda" }).click();
  await reader.getByLabel("Display name").fill(`  Mwila B ${suffix} `);
  await reader.getByLabel("Bio").fill("Grade 7 class teacher.");
  await reader.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "User updated successfully.")).toContainText("Saved");
  await expect(reader).toContainText(`Mwila B ${suffix}`);
  await expect(reader).toContainText("Grade 7 class teacher.");
  await expect(reader.getByLabel("Display name")).toHaveCount(0);

  await page.getByLabel("Search users").fill("");
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await expect(page).toHaveURL(/role=admin/);
  // The copy button stays while the row is in edit mode, so it names the row throughout.
  const owner = page.getByRole("row").filter({ has: page.getByRole("button", { name: "Copy user ID of owner", exact: true }) });
  await expect(owner).toContainText("admin");
  await owner.getByRole("button", { name: "Edit owner", exact: true }).click();
  await owner.getByLabel("Role").selectOption("user");
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "The site owner always keeps the admin role.")).toContainText("Error");
  await expect(owner.getByLabel("Role")).toHaveValue("user"); // still in edit mode, nothing typed is lost
  await page.reload();
  await expect(owner).toContainText("admin");

  await expectAccessible(page);
});

test("team: create with validation, edit, and delete a member", async ({ page }) => {
  const name = `Grace Phiri ${Date.now()}`;
  await page.goto("/admin/team");
  await page.getByRole("link", { name: "New Team Member" }).click();
  await expect(page).toHaveURL(/\/admin\/team\/new$/);

  await page.getByLabel("Position").fill("Columnist");
  await page.getByLabel("Display Order").fill("-1");
  await page.getByRole("button", { name: "Create Team Member" }).click();
  await expect(page.getByText("Full name is required.").first()).toBeVisible();
  await expect(page.getByText("Display order must be a whole number of 0 or more.").first()).toBeVisible();
  await expect(page.getByLabel("Position")).toHaveValue("Columnist");

  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Display Order").fill("7");
  await page.getByLabel("Bio").fill("Writes about early literacy.");
  await page.getByLabel("Photo URL").fill("/uploads/media/team/grace.jpg");
  await expect(page.getByRole("img", { name: "Photo preview" })).toHaveAttribute("src", "/uploads/media/team/grace.jpg");
  await expect(page.getByText("Upload photo")).toBeVisible();
  const active = page.getByRole("switch", { name: "Active" });
  await expect(active).toBeChecked();
  await active.uncheck();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Create Team Member" }).click();
  await expect(toast(page, "Team member created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/team$/);
  const member = row(page, name);
  await expect(member).toContainText("Columnist");
  await expect(member).toContainText("Inactive");
  await expect(member).toContainText("7");

  await member.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Full Name")).toHaveValue(name);
  await expect(page.getByRole("switch", { name: "Active" })).not.toBeChecked();
  await page.getByLabel("Position").fill("Senior Columnist");
  await page.getByRole("switch", { name: "Active" }).check();
  await page.getByRole("button", { name: "Update Team Member" }).click();
  await expect(toast(page, "Team member updated successfully!")).toBeVisible();
  await expect(member).toContainText("Senior Columnist");
  await expect(member).not.toContainText("Inactive");

  await expectAccessible(page);

  const confirmation = acceptNextDialog(page);
  await member.getByRole("button", { name: `Delete ${name}` }).click();
  expect(await confirmation).toBe("Are you sure you want to delete this team member? This action cannot be undone.");
  await expect(toast(page, "Team member deleted successfully!")).toBeVisible();
  await expect(member).toHaveCount(0);
});

test("category and team lists refresh live when another editor changes them", async ({ page }) => {
  const suffix = Date.now();
  await openListening(page, "/admin/categories");
  // Another session's save, sent while this screen stays open (no reload, no navigation).
  const saved = await page.request.post("/admin/categories", {
    form: { intent: "save", name: `Live ${suffix}`, slug: `live-${suffix}`, description: "", icon: "" },
  });
  expect(saved.status()).toBe(200);
  await expect(row(page, `Live ${suffix}`)).toBeVisible({ timeout: 15_000 });

  await openListening(page, "/admin/team");
  await page.request.post("/admin/team/new", { form: { name: `Live Member ${suffix}`, position: "Reporter", orderIndex: "3", active: "on" }, maxRedirects: 0 });
  await expect(row(page, `Live Member ${suffix}`)).toContainText("Reporter", { timeout: 15_000 });
});

test("users: a role change signs the person out everywhere, says so, and tells their browser why once", async ({ page, browser }) => {
  const email = `promoted.${Date.now()}@e2e.test`;
  const theirs = await browser.newContext();
  const person = await theirs.newPage();
  await signUp(person, email, "a-teachers-passphrase");
  await expect(person.getByText("Account created successfully!")).toBeVisible();

  await page.goto(`/admin/users?q=${encodeURIComponent(email.split("@")[0]!.replace(/\./g, " "))}`);
  const row = page.getByRole("row").nth(1);
  await row.getByRole("button", { name: /^Edit / }).click();
  await row.getByLabel("Role").selectOption("admin");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "User updated successfully. They have been signed out everywhere.")).toContainText("Saved");

  // Their next page says why, once; nobody else is told.
  await person.goto("/articles");
  await expect(person.getByText("Your role was changed by an administrator, so you were signed out. Please sign in again.")).toBeVisible();
  await expect(person.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  await person.reload();
  await expect(person.getByText("Your role was changed by an administrator")).toHaveCount(0);
  await page.goto("/articles");
  await expect(page.getByText("Your role was changed by an administrator")).toHaveCount(0);
  await theirs.close();
});
