import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityQuestions, contactMessages } from "#database/schema";
import { signUp } from "#app/server/auth/auth.server";
import { submissionsPerHour } from "#app/server/inbox/inbox.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { aTeamMember } from "#tests/factories";

let server: TestServer;
let admin: CookieJar;
let reader: CookieJar;

beforeAll(async () => {
  // Behind a trusted proxy each test can speak from its own address, so rate limits do not leak between tests.
  server = await startTestServer({ TRUST_PROXY: "1", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  await signUp({ email: "reader@example.com", password: "reader-secret" }, { ip: "127.0.0.1" });
  admin = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  reader = await signInOverHttp(server.url, "reader@example.com", "reader-secret");
});
afterAll(() => server.close());

const db = () => server.services.db;

function post(path: string, body: URLSearchParams, options: { ip?: string; cookie?: string } = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": options.ip ?? "203.0.113.1",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body,
  });
}

const goodMessage = {
  firstName: "Mutinta",
  lastName: "Hamoonga",
  email: "mutinta@example.com",
  subject: "Story idea",
  message: "Our school garden now feeds 200 learners.\nWould you like to visit?",
};

const goodQuestion = () =>
  new URLSearchParams([
    ["title", "How do I teach fractions to a class of 80?"],
    ["categories", "classroom-management"],
    ["categories", "curriculum"],
    ["description", "Grade 4, very few textbooks, one chalkboard."],
  ]);

/** Text as React writes it into HTML. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe(`Contact and Ask Kafundisha submissions (${testDatabaseKind})`, () => {
  it("stores a valid contact message and confirms it to the sender", async () => {
    const response = await post("/contact", new URLSearchParams(goodMessage), { ip: "203.0.113.10" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you! Your message has been sent. We will get back to you soon.");
    const rows = await db().select().from(contactMessages).where(eq(contactMessages.email, "mutinta@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...goodMessage, readAt: null });
  });

  it("refuses a contact message with missing or bad fields, shows why next to each field and keeps what was typed", async () => {
    const before = await db().$count(contactMessages);
    const response = await post(
      "/contact",
      new URLSearchParams({ firstName: "Chileshe", lastName: "  ", email: "not-an-email", subject: "Hello & welcome", message: "" }),
      { ip: "203.0.113.11" },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Last name is required.");
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain("Message is required.");
    expect(html).not.toContain("First name is required.");
    expect(html).toMatch(/value="Chileshe"/);
    expect(html).toMatch(/value="not-an-email"/);
    expect(html).toContain('value="Hello &amp; welcome"');
    expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="field-email-error"/);
    expect(await db().$count(contactMessages)).toBe(before);
  });

  it("stores a question with its categories, linked to the signed-in asker", async () => {
    const response = await post("/ask-kafundisha", goodQuestion(), { ip: "203.0.113.20", cookie: reader.header() });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you! Your question has been submitted.");
    const [row] = await db().select().from(communityQuestions).where(eq(communityQuestions.title, "How do I teach fractions to a class of 80?"));
    expect(row!.categories).toEqual(["classroom-management", "curriculum"]);
    expect(row!.description).toBe("Grade 4, very few textbooks, one chalkboard.");
    expect(row!.userId).not.toBeNull();
  });

  it("stores an anonymous question without an asker", async () => {
    const body = goodQuestion();
    body.set("title", "Anonymous question about assessment");
    expect((await post("/ask-kafundisha", body, { ip: "203.0.113.21" })).status).toBe(200);
    const [row] = await db().select().from(communityQuestions).where(eq(communityQuestions.title, "Anonymous question about assessment"));
    expect(row!.userId).toBeNull();
  });

  it("refuses a question without a category or with an unknown one, keeping the title and description", async () => {
    const before = await db().$count(communityQuestions);
    for (const categories of [[], ["astrology"]]) {
      const body = new URLSearchParams([["title", "Kept title"], ["description", "Kept description"], ...categories.map((value) => ["categories", value])]);
      const response = await post("/ask-kafundisha", body, { ip: "203.0.113.22" });
      expect(response.status, categories.join()).toBe(400);
      const html = await response.text();
      expect(html).toContain(categories.length ? "Please choose categories from the list." : "Please choose at least one category.");
      expect(html).toContain('value="Kept title"');
      expect(html).toContain("Kept description</textarea>");
    }
    const missing = await post("/ask-kafundisha", new URLSearchParams({ categories: "career" }), { ip: "203.0.113.22" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Question title is required.");
    expect(html).toContain("Description is required.");
    expect(html).toMatch(/<input type="checkbox"[^>]*name="categories" checked="" value="career"/);
    expect(await db().$count(communityQuestions)).toBe(before);
  });

  it(`limits each address to ${submissionsPerHour} messages an hour, with a clear message, without blocking others`, async () => {
    for (let sent = 0; sent < submissionsPerHour; sent++) {
      expect((await post("/contact", new URLSearchParams({ ...goodMessage, email: `burst${sent}@example.com` }), { ip: "203.0.113.30" })).status).toBe(200);
    }
    const refused = await post("/contact", new URLSearchParams({ ...goodMessage, subject: "One too many" }), { ip: "203.0.113.30" });
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toMatch(/You have sent several messages in a short time\. Please try again in (60|59) minutes\./);
    expect(html).toContain('value="One too many"');
    expect(await db().$count(contactMessages, eq(contactMessages.subject, "One too many"))).toBe(0);
    expect((await post("/contact", new URLSearchParams(goodMessage), { ip: "203.0.113.31" })).status).toBe(200);
  });

  it("limits questions per address too", async () => {
    for (let sent = 0; sent < submissionsPerHour; sent++) expect((await post("/ask-kafundisha", goodQuestion(), { ip: "203.0.113.40" })).status).toBe(200);
    const refused = await post("/ask-kafundisha", goodQuestion(), { ip: "203.0.113.40" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("You have sent several questions in a short time.");
  });
});

describe(`the admin Inbox (${testDatabaseKind})`, () => {
  const hostile = "<script>alert('inbox')</script>";

  it("sends anonymous visitors to sign in and changes nothing for them", async () => {
    const page = await fetch(`${server.url}/admin/inbox`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/auth?redirectTo=%2Fadmin%2Finbox");
    const [message] = await db().select().from(contactMessages).limit(1);
    const attempt = await post("/admin/inbox", new URLSearchParams({ kind: "message", id: message!.id }));
    expect(attempt.status).toBe(302);
    const [after] = await db().select().from(contactMessages).where(eq(contactMessages.id, message!.id));
    expect(after!.readAt).toBeNull();
  });

  it("refuses a signed-in reader with 403, for the page and the mark-read action", async () => {
    const page = await fetch(`${server.url}/admin/inbox`, { headers: { Cookie: reader.header() } });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain("Access denied. Admin privileges required.");
    expect(html).not.toContain(goodMessage.subject);
    const [message] = await db().select().from(contactMessages).limit(1);
    const attempt = await post("/admin/inbox", new URLSearchParams({ kind: "message", id: message!.id }), { cookie: reader.header() });
    expect(attempt.status).toBe(403);
    const [after] = await db().select().from(contactMessages).where(eq(contactMessages.id, message!.id));
    expect(after!.readAt).toBeNull();
  });

  it("shows the admin every Contact message, newest first, with counts, user text escaped; questions are not here", async () => {
    await post("/contact", new URLSearchParams({ ...goodMessage, subject: "Newest message", message: hostile }), { ip: "203.0.113.50" });
    const response = await fetch(`${server.url}/admin/inbox`, { headers: { Cookie: admin.header() } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const messageCount = await db().$count(contactMessages);
    expect(html).toContain(`(${messageCount} total, ${messageCount} unread)`);
    expect(html.indexOf("Newest message")).toBeLessThan(html.indexOf(escaped(goodMessage.subject)));
    expect(html).toContain("mutinta@example.com");
    expect(html).toContain(escaped(goodMessage.message));
    expect(html).toContain(escaped(hostile));
    // Ask Kafundisha questions wait for a moderator on their own screen, which the Inbox points to.
    expect(await db().$count(communityQuestions)).toBeGreaterThan(0);
    expect(html).not.toContain(escaped("How do I teach fractions to a class of 80?"));
    expect(html).not.toContain("Anonymous question about assessment");
    expect(html).toMatch(/<a[^>]*href="\/admin\/community"[^>]*>Ask Kafundisha moderation<\/a>/);
    expect(html).not.toContain(hostile);
  });

  it("lets the admin mark a message read, and no longer a question", async () => {
    const [message] = await db().select().from(contactMessages).where(eq(contactMessages.subject, "Newest message"));
    const [question] = await db().select().from(communityQuestions).where(eq(communityQuestions.title, "Anonymous question about assessment"));
    expect((await post("/admin/inbox", new URLSearchParams({ kind: "message", id: message!.id }), { cookie: admin.header() })).status).toBe(200);
    expect((await post("/admin/inbox", new URLSearchParams({ kind: "question", id: question!.id }), { cookie: admin.header() })).status).toBe(400);
    const [readMessage] = await db().select().from(contactMessages).where(eq(contactMessages.id, message!.id));
    const [unreadQuestion] = await db().select().from(communityQuestions).where(eq(communityQuestions.id, question!.id));
    expect(readMessage!.readAt).toBeInstanceOf(Date);
    expect(unreadQuestion!.readAt).toBeNull();
    const messageCount = await db().$count(contactMessages);
    const html = await (await fetch(`${server.url}/admin/inbox`, { headers: { Cookie: admin.header() } })).text();
    expect(html).toContain(`(${messageCount} total, ${messageCount - 1} unread)`);
  });

  it("answers a malformed or unknown item with 400 and 404", async () => {
    expect((await post("/admin/inbox", new URLSearchParams({ kind: "message", id: "nope" }), { cookie: admin.header() })).status).toBe(400);
    expect((await post("/admin/inbox", new URLSearchParams({ kind: "letter", id: crypto.randomUUID() }), { cookie: admin.header() })).status).toBe(400);
    expect((await post("/admin/inbox", new URLSearchParams({ kind: "message", id: crypto.randomUUID() }), { cookie: admin.header() })).status).toBe(404);
  });
});

describe(`the About page team (${testDatabaseKind})`, () => {
  it("lists only active members, in display order, with a described photo or initials", async () => {
    await aTeamMember(db(), { name: "Second Person", photoUrl: "/uploads/media/team/second.jpg", orderIndex: 5 });
    await aTeamMember(db(), { name: "Mwansa Kapwepwe Lungu", orderIndex: 1 });
    await aTeamMember(db(), { name: "Former Writer", active: false, orderIndex: 0 });
    const html = await (await fetch(`${server.url}/about`)).text();
    expect(html).toContain("<title>About Us | The Educator</title>");
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1/about"/>');
    expect(html.indexOf("Mwansa Kapwepwe Lungu")).toBeGreaterThan(0);
    expect(html.indexOf("Mwansa Kapwepwe Lungu")).toBeLessThan(html.indexOf("Second Person"));
    expect(html).toMatch(/<div aria-hidden="true"[^>]*>ML<\/div>/);
    expect(html).toContain('alt="Portrait of Second Person"');
    expect(html).not.toContain("Former Writer");
  });
});
