import { expect, test, type Browser } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { newStaffAccount, signIn, signUp } from "./fixtures";

// Two teachers and an editor, the way the issue tells it: a new teacher asks, an editor publishes
// the question (and then the asker's edit of it, held until then), a second teacher answers without JavaScript, the editor publishes the answer, and
// the asker votes for it and accepts it.

async function newTeacher(browser: Browser, name: string) {
  const account = { email: `${name}-${Date.now()}@example.com`, password: `${name}-secret-1` };
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, account.email, account.password);
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  return { context, page };
}

test("ask, approve, edit, answer without JavaScript, approve, vote and accept", async ({ browser }) => {
  test.setTimeout(60_000); // four people, each step a page
  const title = `Helping Grade 2 learners who cannot yet read ${Date.now()}`;
  const asker = await newTeacher(browser, "asker");
  await asker.page.goto("/ask-kafundisha");
  await asker.page.getByLabel("Question Title").fill(title);
  await asker.page.getByRole("checkbox", { name: "Curriculum" }).check();
  await asker.page.getByLabel("Detailed Description").fill("Six of my forty learners cannot read a word. What can I do in class?");
  await asker.page.getByRole("button", { name: "Submit Question" }).click();
  await expect(asker.page.getByRole("status").filter({ hasText: "Thank you! Your question has been submitted." })).toBeVisible();
  // A new teacher's question waits for a moderator.
  await expect(asker.page.getByRole("link", { name: "Your question is published." })).toHaveCount(0);

  const editorAccount = await newStaffAccount(browser, "editor", "Mapalo Zulu");
  const editor = await (await browser.newContext()).newPage();
  await signIn(editor, editorAccount.email, editorAccount.password);
  await expect(editor.getByText("Signed in successfully!")).toBeVisible();
  await editor.goto("/admin/community");
  await editor
    .getByRole("article", { name: title })
    .getByRole("button", { name: `Publish ${title}` })
    .click();
  await expect(editor.locator("[data-toast]").filter({ hasText: "Question published." })).toBeVisible();

  // The asker, still new, rewrites her approved question: readers keep the approved text until the editor applies the edit.
  await asker.page.goto("/ask-kafundisha");
  await asker.page.getByRole("link", { name: title }).first().click();
  await expect(asker.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Edit opens the page as hers (?me), its form open.
  await asker.page.getByText("Edit", { exact: true }).filter({ visible: true }).click();
  await asker.page.getByLabel("Detailed Description").fill("Six of my forty Grade 2 learners cannot read a word yet. What can I do in class?");
  await asker.page.getByRole("button", { name: "Save changes" }).click();
  await expect(asker.page.getByRole("status").filter({ hasText: "Readers will see them once a moderator approves them" })).toBeVisible();
  await expect(asker.page.getByText("Your last changes wait for a moderator.").filter({ visible: true })).toBeVisible();
  await expect(asker.page.getByRole("paragraph").filter({ hasText: "Six of my forty learners cannot read a word." })).toBeVisible();
  await editor.goto("/admin/community");
  await expect(editor.getByRole("heading", { name: "Edits waiting (1)" })).toBeVisible();
  await editor.getByRole("button", { name: `Apply edit: the question “${title}”` }).click();
  await expect(editor.locator("[data-toast]").filter({ hasText: "Edit applied." })).toBeVisible();
  // Opened again (a reload would post the form again).
  await asker.page.goto(asker.page.url());
  await expect(asker.page.getByRole("paragraph").filter({ hasText: "Six of my forty Grade 2 learners cannot read a word yet." })).toBeVisible();
  await expect(asker.page.getByText("Your last changes wait for a moderator.").filter({ visible: true })).toHaveCount(0);

  // The second teacher answers with JavaScript off: the form posts as a plain page.
  const answerer = await newTeacher(browser, "answerer");
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await answerer.context.storageState() });
  const plain = await noScript.newPage();
  await plain.goto("/ask-kafundisha");
  await plain.getByRole("link", { name: title }).first().click();
  await expect(plain.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const questionUrl = plain.url();
  // Without scripts the page kept for everyone is a guest's: "Sign in to answer" brings her back to it as hers.
  await plain.getByRole("link", { name: "Sign in to answer" }).click();
  await plain.getByLabel("Your answer").fill("Read **with** them for ten minutes a day, in small groups, using their home language first.");
  await plain.getByRole("button", { name: "Post Answer" }).click();
  await expect(plain.getByRole("status")).toHaveText("Thank you! Your answer will appear once a moderator approves it.");

  await editor.goto("/admin/community");
  const waitingAnswer = editor.getByRole("article").filter({ hasText: "ten minutes a day" });
  await waitingAnswer.getByRole("button", { name: /^Publish/ }).click();
  await expect(editor.locator("[data-toast]").filter({ hasText: "Answer published." })).toBeVisible();

  // The asker votes for it and accepts it.
  await asker.page.goto(questionUrl);
  await expect(asker.page.getByText("1 Answer", { exact: true })).toBeVisible();
  await asker.page.getByRole("button", { name: /^Vote up/ }).click();
  await expect(asker.page.getByRole("status")).toHaveText("Thank you for your vote.");
  await asker.page.goto(questionUrl);
  await expect(asker.page.getByText("1 vote", { exact: true })).toBeVisible();
  await asker.page.getByRole("button", { name: /^Accept answer/ }).click();
  await expect(asker.page.getByRole("status")).toHaveText("Answer accepted.");

  // Everyone, JavaScript or not, sees the question answered.
  await plain.goto(questionUrl);
  await expect(plain.getByText("Accepted answer", { exact: true })).toBeVisible();
  await expect(plain.getByText("Answered", { exact: true })).toBeVisible();
  await expect(plain.locator("strong", { hasText: "with" })).toBeVisible();
  await noScript.close();
  await asker.context.close();
  await answerer.context.close();
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the Ask Kafundisha page, its moderation and a question's unsubscribe page pass axe in the ${colorScheme} theme`, async ({ page, browser }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/ask-kafundisha");
    await expect(page.getByRole("heading", { level: 1, name: "Ask Kafundisha" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/ask-kafundisha/unsubscribe?token=not-a-token");
    await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
    await expectNoAxeViolations(page);

    const account = await newStaffAccount(browser, "editor", "Natasha Banda");
    const editor = await (await browser.newContext({ colorScheme })).newPage();
    await signIn(editor, account.email, account.password);
    await expect(editor.getByText("Signed in successfully!")).toBeVisible();
    await editor.goto("/admin/community");
    await expect(editor.getByRole("heading", { level: 1, name: "Ask Kafundisha" })).toBeVisible();
    await expectNoAxeViolations(editor);
  });
}
