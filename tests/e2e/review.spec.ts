import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { newStaffAccount, signIn } from "./fixtures";

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

test("a contributor submits, an editor asks for changes, the contributor resubmits, the editor publishes", async ({ browser }) => {
  // Two accounts made by the owner, four sign-ins and the whole review in one journey: about 30 s on a busy 2-core machine.
  test.setTimeout(75_000);
  const writerAccount = await newStaffAccount(browser, "contributor", "Mutale Banda");
  const editorAccount = await newStaffAccount(browser, "editor", "Chipo Phiri");
  const writer = await (await browser.newContext()).newPage();
  const editor = await (await browser.newContext()).newPage();
  await signIn(writer, writerAccount.email, writerAccount.password);
  await expect(toast(writer, "Signed in successfully!")).toBeVisible();
  await signIn(editor, editorAccount.email, editorAccount.password);
  await expect(toast(editor, "Signed in successfully!")).toBeVisible();

  // The contributor writes and submits.
  const title = `Fractions with bottle tops ${Date.now()}`;
  await writer.goto("/admin/articles/new");
  await writer.getByLabel("Title").fill(title);
  await writer.getByLabel("Content").fill("Collect bottle tops in two colours.");
  await writer.getByLabel("Category").selectOption({ label: "Technology in Education" });
  await writer.getByRole("button", { name: "Submit for review" }).click();
  await expect(toast(writer, "Article created successfully!")).toBeVisible();
  const writerRow = writer.getByRole("row").filter({ hasText: title });
  await expect(writerRow).toContainText("Pending review");
  // While it waits, the writer can neither edit nor delete it.
  await expect(writerRow.getByRole("link", { name: `Edit ${title}` })).toHaveCount(0);
  await expect(writerRow.getByRole("button", { name: `Delete ${title}` })).toHaveCount(0);

  // The editor finds it in the Review queue, counted in the sidebar.
  await editor.goto("/admin");
  const sidebar = editor.getByRole("navigation", { name: "Admin" });
  await expect(sidebar.getByRole("link", { name: /^Review \d+ pending review$/ })).toBeVisible();
  await sidebar.getByRole("link", { name: /^Review/ }).click();
  await expect(editor.getByRole("heading", { level: 1 })).toContainText("Review");
  await expectNoAxeViolations(editor);
  await editor.getByRole("link", { name: title }).click();
  await expect(editor.getByRole("heading", { name: "Edit Article" })).toBeVisible();
  const review = editor.getByRole("region", { name: "Review", exact: true });
  await expect(review).toContainText("Submitted for review · Mutale Banda");
  await review.getByRole("button", { name: "Request changes" }).click();
  await expect(toast(editor, "Write a note for the writer first.")).toBeVisible();
  await review.getByLabel("Note to the writer").fill("Add a worked example for Grade 4.");
  await review.getByRole("button", { name: "Request changes" }).click();
  await expect(toast(editor, "Sent back to the writer with your note.")).toBeVisible();
  await expect(review).toContainText("Changes requested · Chipo Phiri");
  await expect(review.getByLabel("Note to the writer")).toHaveValue("");
  await expectNoAxeViolations(editor);

  // The writer reads the note, changes the article and submits it again.
  await writer.goto("/admin/articles");
  await expect(writerRow).toContainText("Draft");
  await expect(writerRow).toContainText("Note from Chipo Phiri: Add a worked example for Grade 4.");
  await expectNoAxeViolations(writer);
  await writerRow.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(writer.getByRole("region", { name: "Review", exact: true })).toContainText("Add a worked example for Grade 4.");
  await writer.getByLabel("Content").fill("Collect bottle tops in two colours.\n\nWorked example: 3 of 4 tops are red, so 3/4.");
  await writer.getByRole("button", { name: "Submit for review" }).click();
  await expect(toast(writer, "Article updated successfully!")).toBeVisible();
  await expect(writerRow).toContainText("Pending review");

  // Both publish their author profiles, so readers see their names.
  for (const page of [writer, editor]) {
    await page.goto("/admin/profile");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.getByRole("switch", { name: "Public author profile" }).check();
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(toast(page, "Author profile updated")).toBeVisible();
  }

  // The editor adds themselves as co-author, then publishes it; readers see it with both bylines.
  await editor.goto("/admin/review");
  await editor.getByRole("link", { name: title }).click();
  const authors = editor.getByRole("region", { name: "Authors" });
  await expect(authors.getByRole("list", { name: "Authors in byline order" })).toContainText("Mutale Banda");
  await authors.getByLabel("Add an author").selectOption({ label: "Chipo Phiri" });
  await authors.getByRole("button", { name: "Add author" }).click();
  await expect(toast(editor, "Authors updated.")).toBeVisible();
  await expect(authors.getByRole("listitem")).toHaveText(["Mutale Banda", "Chipo Phiri"].map((name) => new RegExp(`^${name}`)));
  await expectNoAxeViolations(editor);
  await editor.getByLabel("Status").selectOption("published");
  await editor.getByRole("button", { name: "Update Article" }).click();
  await expect(toast(editor, "Article updated successfully!")).toBeVisible();
  await editor.goto("/admin/review");
  await expect(editor.getByText("Nothing is waiting for review.")).toBeVisible();
  await writer.goto("/articles");
  await expect(writer.getByRole("link", { name: title }).first()).toBeVisible();
  await writer.getByRole("link", { name: title }).first().click();
  await expect(writer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(writer.getByRole("article").getByText(/^By Mutale Banda and Chipo Phiri$/)).toBeVisible();
  await writer.getByRole("article").getByRole("link", { name: "Chipo Phiri" }).click();
  await expect(writer.getByRole("heading", { level: 1, name: "Chipo Phiri" })).toBeVisible();
  await expect(writer.getByRole("link", { name: title })).toBeVisible();
});
