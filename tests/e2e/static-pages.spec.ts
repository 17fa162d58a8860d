import { expect, test, type Page } from "@playwright/test";
import { demoTeam } from "#database/seed/demo-content";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin } from "./fixtures";

async function fillContactForm(page: Page, fields: Partial<Record<"First Name" | "Last Name" | "Email" | "Subject" | "Message", string>>) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

test("About tells the story and shows the active team in display order, without inactive members", async ({ page }) => {
  await page.goto("/about");
  await expect(page).toHaveTitle("About Us | The Educator");
  for (const heading of ["About The Educator", "Our Mission", "Our Values", "Our Story", "Meet Our Team"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  const team = page.getByRole("region", { name: "Meet Our Team" });
  const active = demoTeam.filter((member) => member.active).sort((a, b) => a.orderIndex - b.orderIndex);
  // Other specs may add members on this shared server: the demo ones must appear, in display order.
  const shown = await team.getByRole("heading", { level: 3 }).allTextContents();
  expect(shown.filter((name) => active.some((member) => member.name === name))).toEqual(active.map((member) => member.name));
  await expect(team.getByText(active[0]!.position, { exact: true })).toBeVisible();
  await expect(team.getByText(active[0]!.bio)).toBeVisible();
  const inactive = demoTeam.find((member) => !member.active)!;
  await expect(page.getByText(inactive.name)).toHaveCount(0);
  const photo = team.getByRole("img", { name: `Portrait of ${active[0]!.name}` });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});

test("Contact shows office hours, explains each bad field, keeps what was typed, then confirms a message", async ({ page }) => {
  await page.goto("/contact");
  for (const hours of ["Mon-Fri 9-5", "Sat 10-2", "Sun closed"]) await expect(page.getByText(hours, { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Send Message" }).click();
  for (const error of ["First name is required.", "Last name is required.", "Email is required.", "Subject is required.", "Message is required."]) {
    await expect(page.getByText(error)).toBeVisible();
  }
  await expect(page.getByLabel("First Name")).toBeFocused();

  await fillContactForm(page, { "First Name": "Chanda", "Last Name": "Mwape", Email: "chanda-at-school", Subject: "Teacher Swaps question" });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address.");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription("Message is required.");
  await expect(page.getByText("First name is required.")).toHaveCount(0);
  await expect(page.getByLabel("First Name")).toHaveValue("Chanda");
  await expect(page.getByLabel("Subject")).toHaveValue("Teacher Swaps question");
  await expect(page.getByLabel("Email")).toBeFocused();
  await expectNoAxeViolations(page);

  await fillContactForm(page, { Email: "chanda@example.com", Message: "How do I post a swap request for a posting in Luapula?" });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your message has been sent. We will get back to you soon." })).toBeVisible();
  await expect(page.getByText("Please enter a valid email address.")).toHaveCount(0);
  await expect(page.getByLabel("First Name")).toHaveValue("");
});

test("Ask Kafundisha toggles category chips, requires one, and confirms a question", async ({ page }) => {
  await page.goto("/ask-kafundisha");
  const tabs = page.getByRole("list", { name: "Show questions" });
  await expect(tabs.getByRole("link")).toHaveText(["Recent", "Unanswered", "Popular"]);

  const assessment = page.getByRole("checkbox", { name: "Assessment" });
  await expect(assessment).not.toBeChecked();
  await assessment.click();
  await expect(assessment).toBeChecked();
  await assessment.click();
  await expect(assessment).not.toBeChecked();

  await page.getByLabel("Question Title").fill("Marking 90 exercise books every night");
  await page.getByLabel("Detailed Description").fill("Grade 6, every subject. How do other teachers give useful feedback without marking until midnight?");
  await page.getByRole("button", { name: "Submit Question" }).click();
  await expect(page.getByText("Please choose at least one category.")).toBeVisible();
  await expect(page.getByLabel("Question Title")).toHaveValue("Marking 90 exercise books every night");

  await page.getByRole("checkbox", { name: "Assessment" }).check();
  await page.getByRole("checkbox", { name: "Wellbeing" }).check();
  await page.getByRole("button", { name: "Submit Question" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your question has been submitted." })).toBeVisible();
  await expect(page.getByLabel("Question Title")).toHaveValue("");
  await expect(page.getByRole("checkbox", { name: "Assessment" })).not.toBeChecked();
});

test("the admin reads Contact messages in the Inbox and marks them read; questions wait in Ask Kafundisha moderation", async ({ page }) => {
  const subject = `Inbox check ${Date.now()}`;
  await page.goto("/contact");
  await fillContactForm(page, {
    "First Name": "Mapalo",
    "Last Name": "Zimba",
    Email: "mapalo@example.com",
    Subject: subject,
    Message: "Please <b>call</b> me back.",
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your message has been sent." })).toBeVisible();
  const title = `Inbox question ${Date.now()}`;
  await page.goto("/ask-kafundisha");
  await page.getByLabel("Question Title").fill(title);
  await page.getByRole("checkbox", { name: "Career" }).check();
  await page.getByLabel("Detailed Description").fill("How do I apply for study leave?");
  await page.getByRole("button", { name: "Submit Question" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your question has been submitted." })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();

  const message = page.getByRole("article", { name: subject });
  await expect(message.getByText("Unread", { exact: true })).toBeVisible();
  await expect(message.getByText("Mapalo Zimba")).toBeVisible();
  await expect(message.getByText("Please <b>call</b> me back.")).toBeVisible();
  const messagesHeading = page.getByRole("heading", { level: 2, name: /^Messages/ });
  const unreadBefore = Number(/(\d+) unread/.exec((await messagesHeading.textContent())!)![1]);
  await message.getByRole("button", { name: "Mark as read" }).click();
  await expect(message.getByText("Unread", { exact: true })).toHaveCount(0);
  await expect(message.getByText(/^Read \d/)).toBeVisible();
  await expect(messagesHeading).toContainText(`${unreadBefore - 1} unread`);

  // The question is not in the Inbox: it waits for a moderator on the Ask Kafundisha screen the Inbox points to.
  await expect(page.getByRole("article", { name: title })).toHaveCount(0);
  await page.getByRole("link", { name: "Ask Kafundisha moderation" }).click();
  await expect(page.getByRole("heading", { name: "Ask Kafundisha", level: 1 })).toBeVisible();
  const question = page.getByRole("article", { name: title });
  await expect(question.getByText("How do I apply for study leave?")).toBeVisible();
  await expect(question.getByRole("button", { name: `Publish ${title}` })).toBeVisible();
});

for (const scheme of ["light", "dark"] as const) {
  test(`About, Contact and Ask Kafundisha have no axe violations in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ["/about", "/contact", "/ask-kafundisha"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
      await expectNoAxeViolations(page);
    }
  });
}
