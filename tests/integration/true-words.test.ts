import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerTexts, communityTexts, questionSlug } from "#app/lib/community";
import { aCommunityQuestion, anAccount } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { CookieJar, postForm, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";

// Every message says what the server did (issue 37): the sign-up without a mail server, a question
// that waits for a moderator, and where mails go when none can leave. The test server has no SMTP.

let server: TestServer;
const owner = { OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" };

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false", ...owner });
});
afterAll(() => server.close());

/** The toast a redirect left, as the next page shows it. */
async function toastAfter(response: Response) {
  const jar = new CookieJar();
  jar.store(response);
  return (await fetch(`${server.url}${response.headers.get("location")}`, { headers: { Cookie: jar.header() } })).text();
}

describe(`messages that say what happened (${testDatabaseKind})`, () => {
  it("a sign-up without a mail server says the reader is signed in, and goes back to the page that sent them", async () => {
    const back = "/ask-kafundisha?q=reading";
    const signedUp = await postForm(server.url, `/auth?redirectTo=${encodeURIComponent(back)}`, {
      intent: "sign-up",
      email: "new-teacher@example.com",
      password: "a-long-passphrase",
    });
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get("location")).toBe(back);
    const page = await toastAfter(signedUp);
    expect(page).toContain("Account created successfully! You are signed in.");
    expect(page).not.toContain("check your email");
  });

  it("a question that waits says a moderator reads it first, and the form says who waits", async () => {
    const form = await (await fetch(`${server.url}/ask-kafundisha`)).text();
    expect(form).toContain(answerTexts.trustRule);
    const asked = await postForm(server.url, "/ask-kafundisha", {
      title: "Chalk for a rural school",
      categories: "curriculum",
      description: "Where can we get chalk?",
    });
    const answer = await asked.text();
    expect(asked.status).toBe(200);
    expect(answer).toMatch(new RegExp(`role="status"[^>]*>${answerTexts.questionSubmitted}(<!-- -->)? (<!-- -->)?${answerTexts.questionWaiting}`));
    expect(answer).not.toContain("will answer it soon");
  });

  it("an answer that waits for a moderator is shown to its author, marked so, and to nobody else", async () => {
    const title = "How do I keep fifty learners reading?";
    const question = await aCommunityQuestion(server.services.db, { title, slug: questionSlug(title), status: "published", publishedAt: new Date() });
    const page = `/ask-kafundisha/${question.id}-${question.slug}`;
    const account = await anAccount(server.services.db, { displayName: "A new teacher" });
    const jar = await signInOverHttp(server.url, account.email, account.password);
    const answered = await postForm(server.url, page, { body: "Reading circles of five, one leader each." }, jar);
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain(answerTexts.awaitingModeration);
    const own = await (await fetch(`${server.url}${page}?me`, { headers: { Cookie: jar.header() } })).text();
    expect(own).toContain(communityTexts.answerWaiting);
    expect(own).toContain("Reading circles of five, one leader each.");
    const someoneElse = await (await fetch(`${server.url}${page}`)).text();
    expect(someoneElse).not.toContain("Reading circles of five");
    expect(someoneElse).not.toContain(communityTexts.answerWaiting);
  });

  it("the Newsletter screen names the outbox mails are written to, not the log", async () => {
    const jar = await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
    const screen = await (await fetch(`${server.url}/admin/newsletter`, { headers: { Cookie: jar.header() } })).text();
    expect(screen).toContain(`<code>${path.join(server.services.config.DATA_DIR, "outbox")}</code>`);
    expect(screen).not.toContain("server's log");
  });
});
