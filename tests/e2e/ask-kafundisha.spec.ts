import { expect, test } from "@playwright/test";
import { demoQuestions } from "#database/seed/demo-community";
import { expectNoAxeViolations } from "./axe";
import { newStaffAccount, openListening, signIn, signUp, waitForBehaviour } from "./fixtures";

test("the Ask Kafundisha page lists real questions; a question page shows its answers", async ({ page }) => {
  await page.goto("/ask-kafundisha");
  const questions = page.getByRole("region", { name: "Questions", exact: true });
  await expect(questions.getByRole("link", { name: "Recent" })).toHaveAttribute("aria-current", "page");
  await expect(
    questions
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading") })
      .first(),
  ).toBeVisible();
  // The Unanswered tab: the same list, only questions still waiting for an answer.
  await questions.getByRole("link", { name: "Unanswered" }).click();
  await expect(page).toHaveURL(/\/ask-kafundisha\?show=unanswered#questions$/);
  await expect(questions.getByRole("link", { name: "Unanswered" })).toHaveAttribute("aria-current", "page");
  await expect(questions.getByText("0 answers").first()).toBeVisible();
  await expect(questions.getByText(/^[1-9]\d* answers?$/)).toHaveCount(0);
  await page.goto("/ask-kafundisha");
  const first = demoQuestions[0]!;
  await page.getByRole("link", { name: first.title }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: first.title })).toBeVisible();
  await expect(page.getByText(`${first.answers.length} Answers`)).toBeVisible();
  await expect(page.getByText("Split the class into reading circles")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to answer" })).toBeVisible();
});

test("a staff member's question is published at once and their answer is a Kafundisha answer, without JavaScript too", async ({ browser }) => {
  // Two accounts made by the owner and four sign-ins: about 30 s on a busy 2-core machine, the default limit.
  test.setTimeout(75_000);
  const account = await newStaffAccount(browser, "editor", "Chanda Mwale");
  const signingIn = await browser.newContext();
  const signInPage = await signingIn.newPage();
  await signIn(signInPage, account.email, account.password);
  await expect(signInPage.getByText("Signed in successfully!")).toBeVisible();
  // Signed in, she hears at her account's address: no email is asked of her.
  await signInPage.goto("/ask-kafundisha");
  await expect(signInPage.getByLabel("Question Title")).toBeVisible();
  await expect(signInPage.getByLabel("Email to hear back (optional)")).toBeHidden();
  // The rest without JavaScript: the forms post as plain pages.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await signingIn.storageState() });
  await signingIn.close();
  const page = await context.newPage();
  await page.goto("/ask-kafundisha");
  const title = `Teaching times tables with songs ${Date.now()}`;
  await page.getByLabel("Question Title").fill(title);
  await page.getByRole("checkbox", { name: "Curriculum" }).check();
  await page.getByLabel("Detailed Description").fill("Which songs have worked for Grade 3?");
  await page.getByRole("button", { name: "Submit Question" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your question has been submitted." })).toBeVisible();
  await page.getByRole("link", { name: "Your question is published." }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("No answers yet.").filter({ visible: true })).toBeVisible();
  const questionUrl = page.url();
  // Without scripts the page kept for everyone is a guest's: "Sign in to answer" brings her back to it as hers.
  await page.getByRole("link", { name: "Sign in to answer" }).click();
  await expect(page).toHaveURL(`${questionUrl}?me`);
  const ownUrl = page.url();

  await page.getByRole("button", { name: "Post Answer" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please write your answer.");
  // The page the post answers opens where the form is: the refused field has the focus, the thanks then.
  await expect(page.getByLabel("Your answer")).toBeFocused();
  await expect(page.getByLabel("Your answer")).toBeInViewport();
  await page.getByLabel("Your answer").fill("Sing the **twos** to a tune the class knows.");
  await page.getByRole("button", { name: "Post Answer" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you! Your answer is published.");
  await expect(page.getByRole("status")).toBeFocused();
  await page.goto(ownUrl);
  await expect(page.getByText("1 Answer", { exact: true })).toBeVisible();
  await expect(page.getByText("Kafundisha answer")).toBeVisible();
  await expect(page.locator("strong", { hasText: "twos" })).toBeVisible();
  // Its author edits it (within 30 minutes), without JavaScript too.
  await page.getByText("Edit", { exact: true }).last().click();
  await page.getByLabel("Answer text").fill("Sing the **twos** and the **threes** to a tune the class knows.");
  await page.getByRole("button", { name: "Save changes" }).last().click();
  await expect(page.getByRole("status").filter({ hasText: "Your changes are saved." })).toBeVisible();
  await page.goto(ownUrl);
  await expect(page.locator("strong", { hasText: "threes" })).toBeVisible();
  // Staff may accept an answer; nobody votes for their own.
  await expect(page.getByRole("button", { name: /^Vote up/ })).toHaveCount(0);
  await page.getByRole("button", { name: /^Accept answer/ }).click();
  await expect(page.getByRole("status")).toHaveText("Answer accepted.");
  await page.goto(ownUrl);
  await expect(page.getByText("Accepted answer", { exact: true })).toBeVisible();
  await expect(page.getByText("Answered", { exact: true })).toBeVisible();
  await context.close();

  // Another teacher votes for it, and takes the vote back.
  const voterAccount = await newStaffAccount(browser, "author", "Bupe Chanda");
  const voter = await (await browser.newContext()).newPage();
  await signIn(voter, voterAccount.email, voterAccount.password);
  await expect(voter.getByText("Signed in successfully!")).toBeVisible();
  await voter.goto(questionUrl);
  await voter.setViewportSize({ width: 390, height: 844 });
  await voter.getByRole("button", { name: /^Vote up/ }).click();
  await expect(voter.getByRole("status")).toHaveText("Thank you for your vote.");
  // Said in the answer she voted on, with the focus and the view there.
  await expect(voter.getByRole("status")).toBeFocused();
  await expect(voter.getByRole("status")).toBeInViewport();
  await expect(voter.getByRole("listitem").filter({ has: voter.getByRole("status") })).toContainText("threes");
  await voter.goto(questionUrl);
  await expect(voter.getByText("1 vote", { exact: true })).toBeVisible();
  await expectNoAxeViolations(voter);
  await voter.getByRole("button", { name: /^Take back vote/ }).click();
  await expect(voter.getByRole("status")).toHaveText("Your vote is taken back.");
  // She wants the question answered too: said at the question.
  await voter.goto(questionUrl);
  await voter.getByRole("button", { name: "I want to know too (this question)" }).click();
  await expect(voter.getByRole("status")).toHaveText("Thank you for your vote: teachers see this question is wanted.");
  await expect(voter.getByRole("status")).toBeInViewport();
  await voter.goto(questionUrl);
  await expect(voter.getByText("1 teacher wants to know", { exact: true })).toBeVisible();
  await expect(voter.getByRole("button", { name: "Take back vote (this question)" })).toBeVisible();
  // And reports it to the moderators, with a reason.
  await voter.goto(questionUrl);
  await voter.getByText("Report", { exact: true }).last().click();
  await voter.getByRole("radio", { name: "Names a learner or shares private details" }).last().check();
  await voter.getByLabel("Anything a moderator should know").last().fill("The second paragraph.");
  await voter.getByRole("button", { name: "Send report" }).last().click();
  await expect(voter.getByRole("status").filter({ hasText: "Thank you. A moderator will look at it." })).toBeVisible();
});

test("a visitor's question waits; an editor publishes it from Ask Kafundisha moderation", async ({ page, browser }) => {
  const title = `Keeping chalk dust down ${Date.now()}`;
  await page.goto("/ask-kafundisha");
  // Sent empty: the page opens with the focus on the first field to fix.
  await page.getByRole("button", { name: "Submit Question" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." })).toBeVisible();
  await expect(page.getByLabel("Question Title")).toBeFocused();
  await page.getByLabel("Question Title").fill(title);
  await page.getByRole("checkbox", { name: "Wellbeing" }).check();
  await page.getByLabel("Detailed Description").fill("Several learners cough all day. What has helped?");
  await page.getByRole("button", { name: "Submit Question" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your question has been submitted." })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your question has been submitted." })).toBeFocused();
  await expect(page.getByRole("link", { name: "Your question is published." })).toHaveCount(0);

  const account = await newStaffAccount(browser, "editor", "Mutinta Hamoonga");
  const editor = await (await browser.newContext()).newPage();
  await signIn(editor, account.email, account.password);
  await expect(editor.getByText("Signed in successfully!")).toBeVisible();
  await editor.goto("/admin");
  const link = editor.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Ask Kafundisha \d+ waiting$/ });
  await link.click();
  await expect(editor.getByRole("heading", { level: 1, name: "Ask Kafundisha" })).toBeVisible();
  await expectNoAxeViolations(editor);
  const waiting = editor.getByRole("article", { name: title });
  await waiting.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(editor.locator("[data-toast]").filter({ hasText: "Question published." })).toBeVisible();
  await expect(waiting).toHaveCount(0);

  await page.goto("/ask-kafundisha");
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("a new teacher's waiting question is in her account, marked so, where she turns its mails off", async ({ page }) => {
  const title = `Learners who arrive hungry ${Date.now()}`;
  await signUp(page, `hungry-${Date.now()}@example.com`, "a-long-password-1");
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await page.goto("/ask-kafundisha");
  await page.getByLabel("Question Title").fill(title);
  await page.getByRole("checkbox", { name: "Wellbeing" }).check();
  await page.getByLabel("Detailed Description").fill("Some walk 8 km without breakfast. What has helped?");
  await page.getByRole("button", { name: "Submit Question" }).click();
  await page.getByRole("link", { name: "See it in your account, marked as waiting." }).click();

  const posts = page.getByRole("region", { name: "Your questions and answers" });
  await expect(posts.getByRole("listitem").filter({ hasText: title })).toContainText("Waits for a moderator: only you can see it until it is published.");
  await expectNoAxeViolations(page);
  await posts.getByRole("button", { name: `Stop these mails (${title})` }).click();
  await expect(page.getByRole("status")).toHaveText(`No more mails about "${title}".`);
  await expect(page.getByRole("status")).toBeInViewport();
  await expect(posts.getByRole("button", { name: `Mail me about new answers (${title})` })).toBeVisible();
});

test("a moderator turns a new teacher's question down with a reason, without JavaScript; she reads why in her account", async ({ page, browser }) => {
  test.setTimeout(75_000);
  const title = `Best smartphone for my class ${Date.now()}`;
  await signUp(page, `turned-down-${Date.now()}@example.com`, "a-long-password-1");
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await page.goto("/ask-kafundisha");
  await page.getByLabel("Question Title").fill(title);
  await page.getByRole("checkbox", { name: "Career" }).check();
  await page.getByLabel("Detailed Description").fill("Which phone brand gives the best deal?");
  await page.getByRole("button", { name: "Submit Question" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your question has been submitted." })).toBeVisible();

  const account = await newStaffAccount(browser, "editor", "Bwalya Chileshe");
  const signingIn = await browser.newContext();
  const signInPage = await signingIn.newPage();
  await signIn(signInPage, account.email, account.password);
  await expect(signInPage.getByText("Signed in successfully!")).toBeVisible();
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await signingIn.storageState() });
  await signingIn.close();
  const editor = await noScript.newPage();
  await editor.goto("/admin/community");
  const waiting = editor.getByRole("article", { name: title });
  await waiting.getByText(`Reject ${title}`).click();
  // "Something else" needs words: the server says so and keeps the choice.
  await waiting.getByRole("radio", { name: "Something else" }).check();
  await waiting.getByRole("button", { name: `Reject and tell the writer: ${title}` }).click();
  const refused = editor.getByRole("article", { name: title });
  await expect(refused.getByRole("alert")).toHaveText("Please say in your words why it is turned down.");
  await expect(refused.getByRole("radio", { name: "Something else" })).toBeChecked();
  await refused.getByRole("radio", { name: "Not about teaching or learning" }).check();
  await refused.getByLabel("In your words").fill("About buying a phone, not teaching with one.");
  await refused.getByRole("button", { name: `Reject and tell the writer: ${title}` }).click();
  await expect(editor.getByRole("status").filter({ hasText: "Question rejected." })).toBeVisible();
  await expect(editor.getByRole("article", { name: title })).toHaveCount(0);
  await noScript.close();

  await page.goto("/account");
  const posts = page.getByRole("region", { name: "Your questions and answers" });
  await expect(posts.getByRole("listitem").filter({ hasText: title })).toContainText(
    "Not published: a moderator turned it down. Why: Not about teaching or learning: About buying a phone, not teaching with one.",
  );
});

test("on the page kept for everyone, the asker's own parts stay hers when an answer arrives live", async ({ browser }) => {
  // Two accounts made by the owner and two sign-ins.
  test.setTimeout(75_000);
  const askerAccount = await newStaffAccount(browser, "editor", "Luyando Banda");
  const answererAccount = await newStaffAccount(browser, "author", "Kunda Mulenga");
  const asker = await (await browser.newContext()).newPage();
  await signIn(asker, askerAccount.email, askerAccount.password);
  await expect(asker.getByText("Signed in successfully!")).toBeVisible();
  const title = `Reading aloud to a class of 60 ${Date.now()}`;
  await asker.goto("/ask-kafundisha");
  await asker.getByLabel("Question Title").fill(title);
  await asker.getByRole("checkbox", { name: "Curriculum" }).check();
  await asker.getByLabel("Detailed Description").fill("How do the ones at the back hear?");
  await asker.getByRole("button", { name: "Submit Question" }).click();
  await asker.getByRole("link", { name: "Your question is published." }).click();
  const questionPath = new URL(asker.url()).pathname;
  await openListening(asker, questionPath);
  // Hers: no vote or report on her own question, the word for its asker.
  await expect(asker.getByText("No answers yet. Teachers see your question in the list of questions.")).toBeVisible();
  await expect(asker.getByRole("button", { name: "I want to know too (this question)" })).toHaveCount(0);

  const answerer = await (await browser.newContext()).newPage();
  await signIn(answerer, answererAccount.email, answererAccount.password);
  await expect(answerer.getByText("Signed in successfully!")).toBeVisible();
  await answerer.goto(questionPath);
  await answerer.getByLabel("Your answer").fill("Stand at the back while a learner reads at the front.");
  await answerer.getByRole("button", { name: "Post Answer" }).click();
  await expect(answerer.getByRole("status")).toHaveText("Thank you! Your answer is published.");

  // The asker's page reloads in place, kept for everyone, and her parts are set again: she may accept it.
  await expect(asker.getByText("1 Answer", { exact: true })).toBeVisible();
  await expect(asker.getByRole("button", { name: "Accept answer (the answer by Kunda Mulenga)" })).toBeVisible();
  await expect(asker.getByRole("button", { name: "I want to know too (this question)" })).toHaveCount(0);
});

for (const scheme of ["light", "dark"] as const) {
  test(`a question page has no axe violations in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/ask-kafundisha");
    await page.getByRole("link", { name: demoQuestions[0]!.title }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("typing a question's title offers questions already asked like it", async ({ page }) => {
  await page.goto("/ask-kafundisha");
  await waitForBehaviour(page);
  const first = demoQuestions[0]!;
  await page.getByLabel("Question Title").pressSequentially(first.title.split(" ").slice(0, 5).join(" "));
  const offer = page.locator("[data-similar-questions]");
  await expect(offer.getByText("Asked before: one of these may answer you")).toBeVisible();
  await offer.getByRole("link", { name: first.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: first.title })).toBeVisible();
});
