import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, profiles, users } from "#database/schema";
import { aComment, anAccount, anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { pageWhen } from "#tests/helpers/pages";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { startSmtpSink, type SmtpSink } from "#tests/helpers/smtp";

let server: TestServer;
let articleId: string;
let draftId: string;
let readerCount = 0;

/** A new signed-in reader; its own name so tests never share a rate-limit counter. */
async function newReader(displayName = `Reader ${++readerCount}`): Promise<{ id: string; jar: CookieJar }> {
  const { id, email, password } = await anAccount(server.services.db, { displayName });
  return { id, jar: await signInOverHttp(server.url, email, password) };
}

let address = 0;
/** Posts the comment form as a browser without JavaScript would; each call from `ip`. */
function postComment(id: string, content: string, options: { jar?: CookieJar; ip?: string } = {}) {
  return fetch(`${server.url}/articles/${id}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": options.ip ?? `10.0.0.${++address}`,
      ...(options.jar ? { Cookie: options.jar.header() } : {}),
    },
    body: new URLSearchParams({ content }),
  });
}

const commentsOf = (id: string) => server.services.db.select().from(comments).where(eq(comments.articleId, id));

beforeAll(async () => {
  // TRUST_PROXY lets each test speak from its own client address (X-Forwarded-For).
  server = await startTestServer({ TRUST_PROXY: "1" });
  const { db } = server.services;
  articleId = (await anArticle(db, { title: "Planning an Inclusive Sports Day" })).id;
  draftId = (await anArticle(db, { title: "Five Trends", status: "draft" })).id;
});
afterAll(() => server.close());

describe(`comments on articles (${testDatabaseKind})`, () => {
  it("refuses anonymous readers: a redirect to sign in, and nothing stored", async () => {
    const before = (await commentsOf(articleId)).length;
    const response = await postComment(articleId, "Anonymous words");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/articles/${articleId}`)}`);
    expect((await commentsOf(articleId)).length).toBe(before);

    // The page kept for everyone: the invitation for guests, the form for signed-in readers, shown by the viewer hint.
    const page = await (await fetch(`${server.url}/articles/${articleId}`)).text();
    expect(page).toMatch(/<p [^>]*data-guest-only[^>]*><a href="[^"]*"[^>]*>Sign in to join the conversation/);
    expect(page).toContain(`href="/auth?redirectTo=${encodeURIComponent(`/articles/${articleId}`)}"`);
    expect(page).toMatch(/<div data-viewer-only="">.*Post Comment/s);
  });

  it("stores a signed-in reader's comment as pending, trimmed, with the author, and says it awaits moderation", async () => {
    const reader = await newReader();
    // Rendered for the reader (their own page: `?me`), the form alone.
    const signedInPage = await (await fetch(`${server.url}/articles/${articleId}?me`, { headers: { Cookie: reader.jar.header() } })).text();
    expect(signedInPage).toContain("Post Comment");
    expect(signedInPage).not.toContain("Sign in to join the conversation");

    const response = await postComment(articleId, "   Our learners loved the relay with bottle cones!  ", { jar: reader.jar });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you! Your comment is awaiting moderation.");
    const [stored] = (await commentsOf(articleId)).filter((comment) => comment.userId === reader.id);
    expect(stored).toMatchObject({ status: "pending", content: "Our learners loved the relay with bottle cones!", articleId });
  });

  it("refuses empty and too long comments with clear messages, keeping the typed text", async () => {
    const reader = await newReader();
    const blank = await postComment(articleId, "   ", { jar: reader.jar });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please write your comment.");

    const long = `Start ${"x".repeat(2001)} end`;
    const tooLong = await postComment(articleId, long, { jar: reader.jar });
    expect(tooLong.status).toBe(400);
    const html = await tooLong.text();
    expect(html).toContain("Your comment is too long: at most 2,000 characters.");
    expect(html).toContain(long);

    expect(await postComment(articleId, "x".repeat(2000), { jar: reader.jar }).then((response) => response.status)).toBe(200);
    expect((await commentsOf(articleId)).filter((comment) => comment.userId === reader.id).map((comment) => comment.content.length)).toEqual([2000]);
  });

  it("refuses comments on drafts and unknown articles with 404", async () => {
    const reader = await newReader();
    for (const id of [draftId, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await postComment(id, "Hello", { jar: reader.jar });
      expect(response.status).toBe(404);
    }
    const [row] = await server.services.db.select().from(comments).where(eq(comments.userId, reader.id));
    expect(row).toBeUndefined();
  });

  it("limits each reader to 5 comments in 10 minutes, keeping the text", async () => {
    const reader = await newReader();
    const ip = "10.1.0.1";
    for (let index = 1; index <= 5; index++) {
      expect((await postComment(articleId, `Comment number ${index}`, { jar: reader.jar, ip })).status).toBe(200);
    }
    const limited = await postComment(articleId, "One too many", { jar: reader.jar, ip: "10.1.0.2" });
    expect(limited.status).toBe(429);
    const html = await limited.text();
    expect(html).toMatch(/You are commenting too fast\. Please try again in (10 minutes|\d+ seconds|[1-9] minutes?)\./);
    expect(html).toContain("One too many");
    expect((await commentsOf(articleId)).filter((comment) => comment.userId === reader.id)).toHaveLength(5);
  });

  it("limits each client address to 20 comments in 10 minutes, whoever is signed in", async () => {
    const ip = "10.2.0.1";
    for (let reader = 0; reader < 5; reader++) {
      const { jar } = await newReader();
      for (let index = 0; index < 4; index++) expect((await postComment(articleId, `From a shared school network ${index}`, { jar, ip })).status).toBe(200);
    }
    const fresh = await newReader();
    const limited = await postComment(articleId, "From the same network", { jar: fresh.jar, ip });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("You are commenting too fast.");
    expect((await postComment(articleId, "From home", { jar: fresh.jar, ip: "10.2.0.2" })).status).toBe(200);
  });

  it("lists approved comments oldest first with name and date; pending and rejected stay hidden; deleted users are anonymous", async () => {
    const { db } = server.services;
    const stays = await newReader("Chipo Mwale");
    const leaves = await newReader("Leaving Reader");
    const base = Date.parse("2025-03-01T10:00:00Z");
    await aComment(db, { articleId, userId: stays.id, content: "Second approved comment", status: "approved", createdAt: new Date(base + 60_000) });
    await aComment(db, { articleId, userId: leaves.id, content: "First approved comment", status: "approved", createdAt: new Date(base) });
    await aComment(db, { articleId, userId: stays.id, content: "A comment still pending" });
    await aComment(db, { articleId, userId: stays.id, content: "A rejected comment", status: "rejected" });
    await db.delete(users).where(eq(users.id, leaves.id));
    const [anonymous] = await db
      .select()
      .from(comments)
      .where(and(eq(comments.articleId, articleId), eq(comments.content, "First approved comment")));
    expect(anonymous).toMatchObject({ userId: null, authorName: null });

    const { html } = await pageWhen(
      `${server.url}/articles/${articleId}`,
      (found) => found.html.includes("First approved comment") && !found.html.includes("Leaving Reader"),
      "the approved comments, the deleted author anonymous",
    );
    const first = html.indexOf("First approved comment");
    const second = html.indexOf("Second approved comment");
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(html.slice(html.lastIndexOf("<li", first), first)).toContain("Anonymous reader");
    expect(html.slice(html.lastIndexOf("<li", second), second)).toContain("Chipo Mwale");
    expect(html).toContain('<time dateTime="2025-03-01T10:00:00.000Z">1 March 2025</time>');
    expect(html).not.toContain("A comment still pending");
    expect(html).not.toContain("A rejected comment");
    expect(html).not.toContain("Leaving Reader");
    expect(html).toContain("Comments (2)");
  });

  it("shows a comment under the name its author had when posting it: a rename later leaves approved comments as they were", async () => {
    const { db } = server.services;
    const article = await anArticle(db, { title: "Reading Corners That Work" });
    const reader = await newReader("Natasha Zulu");
    expect((await postComment(article.id, "Our reading corner doubled library loans.", { jar: reader.jar })).status).toBe(200);
    await db.update(comments).set({ status: "approved" }).where(eq(comments.articleId, article.id));

    // A name with a web address is refused; any other new name is taken, for new comments only.
    const rename = (displayName: string) =>
      fetch(`${server.url}/account`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: reader.jar.header() },
        body: new URLSearchParams({ intent: "display-name", displayName }),
      });
    const spam = await rename("VISIT cheap-pills.example NOW");
    expect(spam.status).toBe(400);
    expect(await spam.text()).toContain("A display name cannot contain a web address.");
    expect((await db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, reader.id)))[0]!.name).toBe("Natasha Zulu");
    expect((await rename("Tasha the Librarian")).status).toBe(200);

    // The approval reaches the page cache through the change events, a moment after the update.
    const { html: page } = await pageWhen(
      `${server.url}/articles/${article.id}`,
      (found) => found.html.includes("Our reading corner doubled"),
      "the approved comment",
    );
    expect(page).toContain("Natasha Zulu");
    expect(page).not.toContain("Tasha the Librarian");

    expect((await postComment(article.id, "We now run it at lunch too.", { jar: reader.jar })).status).toBe(200);
    await db.update(comments).set({ status: "approved" }).where(eq(comments.articleId, article.id));
    const { html: later } = await pageWhen(
      `${server.url}/articles/${article.id}`,
      (found) => found.html.includes("We now run it at lunch too."),
      "the second approved comment",
    );
    const newer = later.indexOf("We now run it at lunch too.");
    expect(later.slice(later.lastIndexOf("<li", newer), newer)).toContain("Tasha the Librarian");
    const older = later.indexOf("Our reading corner doubled library loans.");
    expect(later.slice(later.lastIndexOf("<li", older), older)).toContain("Natasha Zulu");
  });
});

describe(`comment alerts for staff (${testDatabaseKind})`, () => {
  let alerting: TestServer;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    alerting = await startTestServer({ SMTP_URL: smtp.url, COMMENT_ALERTS: "true", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await alerting.close();
    await smtp.close();
  });

  it("with COMMENT_ALERTS on, mails every editor and admin (and nobody else) a link to the comments waiting", async () => {
    const { db } = alerting.services;
    const [editor, publisher, contributor, reader] = await Promise.all([
      anAccount(db, { role: "editor" }),
      anAccount(db, { role: "admin" }),
      anAccount(db, { role: "contributor" }),
      anAccount(db),
    ]);
    const article = await anArticle(db, { title: "Teaching Fractions with Bottle Tops" });
    const jar = await signInOverHttp(alerting.url, reader.email, reader.password);
    const response = await fetch(`${alerting.url}/articles/${article.id}`, {
      method: "POST",
      headers: { Origin: alerting.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.1.0.1", Cookie: jar.header() },
      body: new URLSearchParams({ content: "We tried this in Grade 4 and it worked." }),
    });
    expect(response.status).toBe(200);

    const { PUBLIC_URL } = alerting.services.config;
    for (const admin of [editor, publisher]) {
      expect(await smtp.linkFor(admin.email, `${PUBLIC_URL}/admin/comments`)).toBe(`${PUBLIC_URL}/admin/comments?status=pending`);
    }
    const alerts = smtp.inbox.filter((mail) => mail.body.includes("A new comment awaits moderation"));
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(inArray(profiles.role, ["editor", "admin"]));
    expect(admins.map(({ email }) => email)).toEqual(expect.arrayContaining([editor.email, publisher.email]));
    expect(alerts.flatMap((mail) => mail.to).sort()).toEqual(admins.map(({ email }) => email).sort());
    expect(alerts.flatMap((mail) => mail.to)).not.toContain(reader.email);
    expect(alerts.flatMap((mail) => mail.to)).not.toContain(contributor.email);
    expect(alerts[0]!.body).toContain('"Teaching Fractions with Bottle Tops"');
  });
});
