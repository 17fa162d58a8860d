import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityAnswers, communityEdits, communityQuestions, communityReports, users } from "#database/schema";
import { demoQuestions } from "#database/seed/demo-community";
import { anAccount } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { pageWhen, rawRequest } from "#tests/helpers/pages";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// Ask Kafundisha questions and answers: who is published at once, the question pages, and the
// lists and figures of the Ask Kafundisha page, counted from the database.

let server: TestServer;
let newcomer: { id: string; jar: CookieJar };
let trusted: { id: string; jar: CookieJar };
let editor: { id: string; jar: CookieJar };

const signedIn = async (role: "user" | "editor", displayName: string) => {
  const account = await anAccount(server.services.db, { role, displayName });
  return { id: account.id, jar: await signInOverHttp(server.url, account.email, account.password) };
};

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  newcomer = await signedIn("user", "New Teacher");
  trusted = await signedIn("user", "Trusted Teacher");
  editor = await signedIn("editor", "Chipo Phiri");
  // Three published posts make a teacher trusted.
  const { db } = server.services;
  for (const n of [1, 2, 3]) {
    await db.insert(communityQuestions).values({
      title: `Earlier question ${n}`,
      categories: ["career"],
      description: "Asked before.",
      userId: trusted.id,
      status: "published",
      publishedAt: new Date(),
    });
  }
});
afterAll(() => server.close());

const ask = (title: string, jar?: CookieJar) =>
  postForm(server.url, "/ask-kafundisha", { title, categories: "assessment", description: `Details of ${title}.` }, jar);
const questionRow = async (title: string) => (await server.services.db.select().from(communityQuestions).where(eq(communityQuestions.title, title)))[0]!;
const pathOf = (question: { id: string; slug: string }) => `/ask-kafundisha/${question.id}-${question.slug}`;
const answer = (path: string, jar: CookieJar, body: string) => postForm(server.url, path, { body }, jar);
const html = async (path: string, jar?: CookieJar) => (await fetch(`${server.url}${path}`, { headers: jar ? { Cookie: jar.header() } : {} })).text();

describe(`Ask Kafundisha questions and answers (${testDatabaseKind})`, () => {
  it("publishes a trusted teacher's or staff question at once; others wait for a moderator", async () => {
    for (const [title, jar] of [
      ["Asked without an account", undefined],
      ["Asked by a newcomer", newcomer.jar],
      ["Asked by a trusted teacher", trusted.jar],
      ["Asked by an editor", editor.jar],
    ] as const) {
      expect((await ask(title, jar)).status, title).toBe(200);
    }
    expect(await questionRow("Asked without an account")).toMatchObject({ status: "pending", publishedAt: null, userId: null });
    expect(await questionRow("Asked by a newcomer")).toMatchObject({ status: "pending", userId: newcomer.id });
    const published = await questionRow("Asked by a trusted teacher");
    expect(published).toMatchObject({ status: "published", slug: "asked-by-a-trusted-teacher" });
    expect((await questionRow("Asked by an editor")).status).toBe("published");

    // Waiting questions have no page and are not listed.
    const waiting = await questionRow("Asked by a newcomer");
    expect((await fetch(`${server.url}${pathOf(waiting)}`)).status).toBe(404);
    const list = await html("/ask-kafundisha");
    expect(list).toContain("Asked by a trusted teacher");
    expect(list).not.toContain("Asked by a newcomer");
    expect(list).not.toContain("Asked without an account");

    // One address per question: other words after the id lead to it.
    const page = await fetch(`${server.url}/ask-kafundisha/${published.id}-old-words`, { redirect: "manual" });
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe(pathOf(published));
    const shown = await html(pathOf(published));
    expect(shown).toContain("Asked by a trusted teacher");
    expect(shown).toContain("Trusted Teacher");
    expect(shown).toContain("No answers yet.");
    expect((await fetch(`${server.url}/ask-kafundisha/not-an-id`)).status).toBe(404);
  });

  it("answers: a newcomer's waits, a trusted or staff answer is shown at once, sanitized, and counted", async () => {
    const question = await questionRow("Asked by a trusted teacher");
    const path = pathOf(question);
    expect((await rawRequest(`${server.url}${path}`)).status).toBe(200); // cached for anonymous readers

    const anonymous = await postForm(server.url, path, { body: "Without an account" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);

    const waiting = await answer(path, newcomer.jar, "My first answer.");
    expect(waiting.status).toBe(200);
    expect(await waiting.text()).toContain("Thank you! Your answer will appear once a moderator approves it.");

    const staff = await answer(path, editor.jar, "Use **exit tickets**. <script>alert(1)</script> [a link](javascript:alert(1))");
    expect(await staff.text()).toContain("Thank you! Your answer is published.");
    const page = await pageWhen(`${server.url}${path}`, (found) => found.html.includes("exit tickets"), "the staff answer on the cached page");
    expect(page.html).toContain("<strong>exit tickets</strong>");
    expect(page.html).toContain("Kafundisha answer");
    expect(page.html).not.toContain("<script>alert(1)</script>");
    expect(page.html).not.toContain("javascript:");
    expect(page.html).not.toContain("My first answer.");
    expect(page.html).toContain("1 Answer");

    expect((await answer(path, trusted.jar, "Peer marking works too.")).status).toBe(200);
    const [counted] = await server.services.db
      .select({ answers: communityQuestions.answerCount })
      .from(communityQuestions)
      .where(eq(communityQuestions.id, question.id));
    expect(counted!.answers).toBe(2);
    const [pending] = await server.services.db
      .select({ status: communityAnswers.status })
      .from(communityAnswers)
      .where(eq(communityAnswers.userId, newcomer.id));
    expect(pending!.status).toBe("pending");
  });

  it("refuses an empty or too long answer, keeping what was typed, and limits how fast one answers", async () => {
    const path = pathOf(await questionRow("Asked by an editor"));
    const empty = await answer(path, newcomer.jar, "   ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please write your answer.");
    const long = await answer(path, newcomer.jar, `Too long ${"x".repeat(10_001)}`);
    expect(long.status).toBe(400);
    const text = await long.text();
    expect(text).toContain("Answers can be at most 10,000 characters.");
    expect(text).toContain("Too long xxxx");
    const limited = await signedIn("user", "Fast Typist");
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push((await answer(path, limited.jar, `Answer number ${n}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("lists recent, unanswered and popular questions in one list with tabs, and counts the community from the database", async () => {
    const page = await html("/ask-kafundisha");
    // 3 earlier + trusted + editor questions are published; 1 has answers; posters: trusted, editor, (newcomer's answer waits).
    const figure = (label: string) => new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([^<]+)</dd>`).exec(page)?.[1];
    expect(figure("Questions asked")).toBe("5");
    expect(figure("Answers shared")).toBe("2");
    expect(figure("Educators taking part")).toBe("2");
    expect(figure("Questions answered")).toBe("20%");
    // One list, three tabs: the answered with the most answers and votes, the newest without one.
    const list = (page: string) => page.slice(page.indexOf('id="questions"'));
    const popular = list(await html("/ask-kafundisha?show=popular"));
    expect(popular).toContain("Asked by a trusted teacher");
    expect(popular).not.toContain("Asked by an editor");
    const unanswered = list(await html("/ask-kafundisha?show=unanswered"));
    expect(unanswered).toContain("Asked by an editor");
    expect(unanswered).not.toContain("Asked by a trusted teacher");
    expect(list(page)).toContain('aria-current="page"');
  });
});

describe(`browsing every question (${testDatabaseKind})`, () => {
  it("searches (ranked, the words marked), filters by category and pages by 12, with plain links", async () => {
    const { db } = server.services;
    for (let n = 1; n <= 13; n++) {
      await db.insert(communityQuestions).values({
        title: `Solar lamp question ${n}`,
        categories: ["technology"],
        description: `Lamp number ${n} for evening study.`,
        status: "published",
        publishedAt: new Date(Date.now() - n * 60_000),
      });
    }
    const first = await html("/ask-kafundisha?category=technology");
    const section = (page: string) => page.slice(page.indexOf('id="questions"'));
    expect(section(first)).toContain("13 questions");
    expect(section(first).match(/Solar lamp question \d+/g)).toHaveLength(12);
    expect(section(first)).toContain("Solar lamp question 1<");
    const next = /<a rel="next" href="([^"]+)"/.exec(section(first))![1]!.replaceAll("&amp;", "&");
    expect(next).toContain("category=technology");
    const second = await html(next);
    expect(section(second).match(/Solar lamp question \d+/g)).toEqual(["Solar lamp question 13"]);
    expect(section(first)).toContain('aria-current="true"');

    const searched = section(await html("/ask-kafundisha?q=evening%20lamp"));
    expect(searched).toContain("13 questions");
    expect(searched).toContain("<mark>evening</mark>");
    const none = section(await html("/ask-kafundisha?q=zzzqqq"));
    expect(none).toContain("0 questions");
    expect(none).toContain("No questions match.");
    // A tab keeps the category, and pages on its own order: none of these has an answer.
    const unanswered = section(await html("/ask-kafundisha?category=technology&show=unanswered"));
    expect(unanswered).toContain("13 questions");
    const unansweredNext = /<a rel="next" href="([^"]+)"/.exec(unanswered)![1]!.replaceAll("&amp;", "&");
    expect(unansweredNext).toContain("show=unanswered");
    expect(section(await html(unansweredNext)).match(/Solar lamp question \d+/g)).toEqual(["Solar lamp question 13"]);
    expect(section(await html("/ask-kafundisha?category=technology&show=popular"))).toContain("0 questions");
    // As a title is typed: the questions most like it, five at most; too few letters, none.
    const similar = (await (await fetch(`${server.url}/api/questions/similar?q=${encodeURIComponent("evening lamp study")}`)).json()) as Array<{
      title: string;
      path: string;
      answers: string;
    }>;
    expect(similar).toHaveLength(5);
    expect(similar[0]).toMatchObject({
      title: expect.stringMatching(/^Solar lamp question \d+$/),
      path: expect.stringMatching(/^\/ask-kafundisha\//),
      answers: "0 answers",
    });
    expect(await (await fetch(`${server.url}/api/questions/similar?q=lamp`)).json()).toEqual([]);
    // An unknown category is no filter at all: "All" is the current chip.
    expect(section(await html("/ask-kafundisha?category=astrology"))).toContain('href="/ask-kafundisha#questions" aria-current="true"');
  });
});

describe(`votes and accepted answers (${testDatabaseKind})`, () => {
  const step = (path: string, jar: CookieJar, intent: string, answerId = "") => postForm(server.url, path, { intent, answerId }, jar);
  const answerRow = async (body: string) => (await server.services.db.select().from(communityAnswers).where(eq(communityAnswers.body, body)))[0]!;

  it("one vote per account per answer, even at once; never for one's own; taken back on request", async () => {
    const question = await questionRow("Asked by a trusted teacher");
    const path = pathOf(question);
    const staffAnswer = await answerRow("Use **exit tickets**. <script>alert(1)</script> [a link](javascript:alert(1))");
    const responses = await Promise.all(Array.from({ length: 5 }, () => step(path, newcomer.jar, "vote", staffAnswer.id)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await answerRow(staffAnswer.body)).votes).toBe(1);
    const own = await step(path, editor.jar, "vote", staffAnswer.id);
    expect(own.status).toBe(400);
    expect(await own.text()).toContain("You cannot vote for your own answer.");
    const anonymous = await postForm(server.url, path, { intent: "vote", answerId: staffAnswer.id });
    expect(anonymous.status).toBe(302);

    // The answer with more votes comes first.
    const peer = await answerRow("Peer marking works too.");
    expect((await step(path, editor.jar, "vote", peer.id)).status).toBe(200);
    expect((await step(path, newcomer.jar, "vote", peer.id)).status).toBe(200);
    const page = await pageWhen(`${server.url}${path}`, (found) => found.html.includes("2 votes"), "the votes on the page");
    expect(page.html.indexOf("Peer marking works too.")).toBeLessThan(page.html.indexOf("exit tickets"));

    expect((await step(path, newcomer.jar, "unvote", peer.id)).status).toBe(200);
    expect((await step(path, newcomer.jar, "unvote", peer.id)).status).toBe(200);
    expect((await answerRow(peer.body)).votes).toBe(1);
    expect((await step(path, newcomer.jar, "vote", "not-an-id")).status).toBe(400);
  });

  it("the asker or staff accepts an answer, shown first; nobody else may", async () => {
    const question = await questionRow("Asked by a trusted teacher");
    const path = pathOf(question);
    const staffAnswer = await answerRow("Use **exit tickets**. <script>alert(1)</script> [a link](javascript:alert(1))");
    const refused = await step(path, newcomer.jar, "accept", staffAnswer.id);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Only the person who asked, or a moderator, can accept an answer.");
    const accepted = await step(path, trusted.jar, "accept", staffAnswer.id);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain("Answer accepted.");
    expect((await questionRow(question.title)).acceptedAnswerId).toBe(staffAnswer.id);
    const page = await pageWhen(`${server.url}${path}`, (found) => found.html.includes("Accepted answer"), "the accepted answer on the page");
    expect(page.html.indexOf("exit tickets")).toBeLessThan(page.html.indexOf("Peer marking works too."));
    expect(page.html).toContain(">Answered<");
    // An answer of another question cannot be accepted here.
    const other = await questionRow("Asked by an editor");
    expect((await step(pathOf(other), editor.jar, "accept", staffAnswer.id)).status).toBe(400);
    expect((await step(path, editor.jar, "unaccept")).status).toBe(200);
    expect((await questionRow(question.title)).acceptedAnswerId).toBeNull();
    expect((await step(path, trusted.jar, "accept", staffAnswer.id)).status).toBe(200);
  });

  it("question pages carry QAPage structured data and are in the sitemap", async () => {
    const question = await questionRow("Asked by a trusted teacher");
    const path = pathOf(question);
    const page = await pageWhen(`${server.url}${path}`, (found) => found.html.includes("Accepted answer"), "the accepted answer");
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.html)![1]!);
    expect(jsonLd["@type"]).toBe("QAPage");
    expect(jsonLd.mainEntity).toMatchObject({
      "@type": "Question",
      name: "Asked by a trusted teacher",
      answerCount: 2,
      author: { "@type": "Person", name: "Trusted Teacher" },
      acceptedAnswer: { "@type": "Answer", upvoteCount: 1, author: { name: "Chipo Phiri" } },
      suggestedAnswer: [{ "@type": "Answer", text: "Peer marking works too.", upvoteCount: 1 }],
    });
    expect(jsonLd.mainEntity.acceptedAnswer.url).toMatch(new RegExp(`${path}#answer-[0-9a-f-]{36}$`));
    expect(page.html).not.toContain("<script>alert(1)</script>");
    const sitemap = await html("/sitemap.xml");
    expect(sitemap).toContain(`${path}</loc>`);
    expect(sitemap).not.toContain(pathOf(await questionRow("Asked without an account")));
  });
});

describe(`question votes (${testDatabaseKind})`, () => {
  const vote = (path: string, jar: CookieJar, intent: "vote-question" | "unvote-question") => postForm(server.url, path, { intent }, jar);

  it("a teacher who wants the answer too votes for the question: once, never the asker's own; Popular ranks it; the vote goes with its account", async () => {
    const { db } = server.services;
    const question = await questionRow("Asked by an editor");
    const path = pathOf(question);
    const responses = await Promise.all(Array.from({ length: 4 }, () => vote(path, newcomer.jar, "vote-question")));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(await responses[0]!.text()).toContain("Thank you for your vote: teachers see this question is wanted.");
    expect((await questionRow(question.title)).votes).toBe(1);
    const own = await vote(path, editor.jar, "vote-question");
    expect(own.status).toBe(400);
    expect(await own.text()).toContain("You cannot vote for your own question.");
    expect((await postForm(server.url, path, { intent: "vote-question" })).status).toBe(302);

    const leaving = await signedIn("user", "Leaving Teacher");
    expect((await vote(path, leaving.jar, "vote-question")).status).toBe(200);
    await pageWhen(`${server.url}${path}`, (found) => found.html.includes("2 teachers want to know"), "the question's votes");
    // Rendered as hers (?me), the page says she voted.
    expect(await html(`${path}?me`, newcomer.jar)).toContain("Take back vote");
    // Unanswered, yet wanted: Popular lists it, with its votes.
    const popular = await html("/ask-kafundisha?show=popular");
    expect(popular.slice(popular.indexOf('id="questions"'))).toContain("Asked by an editor");
    expect(popular).toContain("2 votes");

    await db.delete(users).where(eq(users.id, leaving.id));
    expect((await questionRow(question.title)).votes).toBe(1);
    expect((await vote(path, newcomer.jar, "unvote-question")).status).toBe(200);
    expect((await vote(path, newcomer.jar, "unvote-question")).status).toBe(200);
    expect((await questionRow(question.title)).votes).toBe(0);
  });
});

describe(`one question page for every reader (${testDatabaseKind})`, () => {
  const viewerState = async (jar: CookieJar | undefined, questionId: string) =>
    (await (await fetch(`${server.url}/api/viewer?question=${questionId}`, { headers: jar ? { Cookie: jar.header() } : {} })).json()).question;

  it("gives a signed-in reader the page kept for everyone, with nothing of hers in it, and what is hers from /api/viewer", async () => {
    const question = await questionRow("Asked by a trusted teacher");
    const path = pathOf(question);
    const anonymous = await pageWhen(`${server.url}${path}`, (found) => found.cache === "hit", "the kept page");
    for (const reader of [trusted, newcomer, editor]) {
      // The first page after signing in shows its toast, rendered for her once.
      reader.jar.store(await fetch(`${server.url}/`, { headers: { Cookie: reader.jar.header() } }));
      const page = await rawRequest(`${server.url}${path}`, { headers: { Cookie: reader.jar.header() } });
      expect(page.cache).toBe("hit");
      expect(page.html).toBe(anonymous.html);
    }
    // No account's id, and no step decided for a reader: each part waits for the reader script, marked.
    for (const id of [trusted.id, newcomer.id, editor.id]) expect(anonymous.html).not.toContain(id);
    expect(anonymous.html).toContain(`data-question-viewer="${question.id}"`);
    expect(anonymous.html).not.toContain("Take back vote");

    const [staffAnswer] = await server.services.db
      .select()
      .from(communityAnswers)
      .where(and(eq(communityAnswers.userId, editor.id), eq(communityAnswers.questionId, question.id)));
    expect(await viewerState(trusted.jar, question.id)).toMatchObject({ question: question.id, asked: true, mayAccept: true, moderator: false });
    const editorState = await viewerState(editor.jar, question.id);
    expect(editorState).toMatchObject({ asked: false, mayAccept: true, moderator: true, own: [staffAnswer!.id] });
    expect(editorState.editable).toContain(question.id);
    const newcomerState = await viewerState(newcomer.jar, question.id);
    expect(newcomerState).toMatchObject({ asked: false, mayAccept: false, moderator: false, editable: [] });
    expect(newcomerState.voted).toContain(staffAnswer!.id);
    // Nobody signed in, or no such question: nothing.
    expect(await viewerState(undefined, question.id)).toBeNull();
    expect(await viewerState(newcomer.jar, "00000000-0000-4000-8000-000000000000")).toBeNull();
    const response = await fetch(`${server.url}/api/viewer?question=${question.id}`, { headers: { Cookie: newcomer.jar.header() } });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe(`Ask Kafundisha moderation (${testDatabaseKind})`, () => {
  const moderate = (
    jar: CookieJar,
    fields: { kind: "question" | "answer"; id: string; intent: "approve" | "reject" | "delete"; reason?: string; note?: string },
  ) => postForm(server.url, "/admin/community", fields, jar);
  // The sidebar's "Ask Kafundisha N waiting" badge, as the admin shell renders it.
  const sidebarWaiting = async (jar: CookieJar) => /data-waiting="waiting"[^>]*><span[^>]*>(\d+)</.exec(await html("/admin/comments", jar))?.[1];

  it("staff publish, reject and delete what waits; readers and other staff may not; counts follow", async () => {
    const { db } = server.services;
    const waiting = await questionRow("Asked by a newcomer");
    const contributor = await (async () => {
      const account = await anAccount(db, { role: "contributor", displayName: "A contributor" });
      return signInOverHttp(server.url, account.email, account.password);
    })();
    expect((await moderate(contributor, { kind: "question", id: waiting.id, intent: "approve" })).status).toBe(403);
    expect((await moderate(newcomer.jar, { kind: "question", id: waiting.id, intent: "approve" })).status).toBe(403);
    expect((await questionRow("Asked by a newcomer")).status).toBe("pending");

    const queue = await html("/admin/community", editor.jar);
    expect(queue).toContain("Asked by a newcomer");
    // An answer shows as readers will see it, and each action says what it does.
    expect(queue).toContain("<p>My first answer.</p>");
    for (const action of ["Publish", "Delete for good"]) expect(queue).toContain(`${action}</button>`);
    expect(queue).toMatch(/aria-label="Reject and tell the writer: Asked by a newcomer"[^>]*>Reject and tell the writer<\/button>/);
    // Reject asks why, from a list that fits each kind of post; "Repeats a question already asked" is for questions.
    expect(queue).toContain("Why is it turned down?");
    const labels = (reason: string) => queue.split(`/>${reason}</label>`).length - 1;
    const forms = labels("Names or shows a learner");
    for (const reason of ["Not about teaching or learning", "Unkind or disrespectful", "Advertising or spam", "Something else"])
      expect(labels(reason), reason).toBe(forms);
    expect(labels("Repeats a question already asked")).toBeGreaterThan(0);
    expect(labels("Repeats a question already asked")).toBeLessThan(forms);

    expect((await moderate(editor.jar, { kind: "question", id: waiting.id, intent: "approve" })).status).toBe(200);
    const approved = await questionRow("Asked by a newcomer");
    expect(approved.status).toBe("published");
    expect(approved.publishedAt).not.toBeNull();
    expect((await fetch(`${server.url}${pathOf(approved)}`)).status).toBe(200);

    const anonymous = await questionRow("Asked without an account");
    // Without a reason, or "Something else" without words, nothing changes and the form says why, the choice kept.
    const noReason = await moderate(editor.jar, { kind: "question", id: anonymous.id, intent: "reject" });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Please choose why it is turned down.");
    const noWords = await moderate(editor.jar, { kind: "question", id: anonymous.id, intent: "reject", reason: "other", note: "  " });
    expect(noWords.status).toBe(400);
    const refused = await noWords.text();
    expect(refused).toContain("Please say in your words why it is turned down.");
    expect(refused.match(/<details open=""/g)).toHaveLength(1);
    expect(refused.match(/<input type="radio"(?=[^>]*value="other")[^>]*checked=""/g)).toHaveLength(1);
    const tooLong = await moderate(editor.jar, { kind: "question", id: anonymous.id, intent: "reject", reason: "spam", note: `Sells ${"x".repeat(300)}` });
    expect(tooLong.status).toBe(400);
    const keptWords = await tooLong.text();
    expect(keptWords).toContain("Please keep your words to 300 characters.");
    expect(keptWords).toContain(`value="Sells ${"x".repeat(300)}"`);
    expect((await questionRow("Asked without an account")).status).toBe("pending");
    const [waitingAnswer] = await db.select({ id: communityAnswers.id }).from(communityAnswers).where(eq(communityAnswers.body, "My first answer."));
    const notForAnswers = await moderate(editor.jar, { kind: "answer", id: waitingAnswer!.id, intent: "reject", reason: "duplicate" });
    expect(notForAnswers.status).toBe(400);
    expect(await notForAnswers.text()).toContain("Please choose why it is turned down.");

    expect((await moderate(editor.jar, { kind: "question", id: anonymous.id, intent: "reject", reason: "duplicate" })).status).toBe(200);
    expect(await questionRow("Asked without an account")).toMatchObject({ status: "rejected", rejectionReason: "duplicate", rejectionNote: null });
    expect((await fetch(`${server.url}${pathOf(anonymous)}`)).status).toBe(404);

    // The newcomer's waiting answer, published, counts; deleted, it goes from the page and the count.
    const trustedQuestion = await questionRow("Asked by a trusted teacher");
    const [pendingAnswer] = await db.select({ id: communityAnswers.id }).from(communityAnswers).where(eq(communityAnswers.body, "My first answer."));
    expect((await moderate(editor.jar, { kind: "answer", id: pendingAnswer!.id, intent: "approve" })).status).toBe(200);
    expect((await questionRow("Asked by a trusted teacher")).answerCount).toBe(trustedQuestion.answerCount + 1);
    await pageWhen(`${server.url}${pathOf(trustedQuestion)}`, (found) => found.html.includes("My first answer."), "the approved answer on the page");
    expect((await moderate(editor.jar, { kind: "answer", id: pendingAnswer!.id, intent: "delete" })).status).toBe(200);
    expect((await questionRow("Asked by a trusted teacher")).answerCount).toBe(trustedQuestion.answerCount);
    await pageWhen(`${server.url}${pathOf(trustedQuestion)}`, (found) => !found.html.includes("My first answer."), "the deleted answer gone");

    expect((await moderate(editor.jar, { kind: "answer", id: pendingAnswer!.id, intent: "approve" })).status).toBe(400);
    expect((await moderate(editor.jar, { kind: "answer", id: "not-an-id", intent: "approve" })).status).toBe(400);
  });

  it("counts what waits in the sidebar for moderators only", async () => {
    const waiting = await server.services.db.select({ id: communityAnswers.id }).from(communityAnswers).where(eq(communityAnswers.status, "pending"));
    expect(waiting.length).toBeGreaterThan(0);
    expect(await sidebarWaiting(editor.jar)).toBe(String(waiting.length));
  });
});

describe(`reports (${testDatabaseKind})`, () => {
  const report = (path: string, jar: CookieJar, kind: string, postId: string, reason: string) =>
    postForm(server.url, path, { intent: "report", kind, postId, reason }, jar);

  it("readers report a question or an answer once, with a reason; moderators dismiss or act on it", async () => {
    const { db } = server.services;
    const question = await questionRow("Asked by a trusted teacher");
    const path = pathOf(question);
    const [staffAnswer] = await db.select({ id: communityAnswers.id }).from(communityAnswers).where(eq(communityAnswers.userId, editor.id));

    const empty = await report(path, newcomer.jar, "answer", staffAnswer!.id, "  ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please say what is wrong.");
    const long = await report(path, newcomer.jar, "answer", staffAnswer!.id, `Spam ${"x".repeat(500)}`);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Spam xxx"); // kept, in the reopened form
    expect(await (await report(path, newcomer.jar, "answer", staffAnswer!.id, "Advertises a paid course.")).text()).toContain(
      "Thank you. A moderator will look at it.",
    );
    expect(await (await report(path, newcomer.jar, "answer", staffAnswer!.id, "Again")).text()).toContain("You have already reported this.");
    expect(await (await report(path, trusted.jar, "answer", staffAnswer!.id, "Off topic.")).text()).toContain("Thank you.");
    const own = await report(path, editor.jar, "answer", staffAnswer!.id, "Mine");
    expect(own.status).toBe(400);
    expect(await own.text()).toContain("You cannot report your own post.");
    // An answer is reported on its own question's page only.
    expect((await report(pathOf(await questionRow("Asked by an editor")), trusted.jar, "answer", staffAnswer!.id, "Elsewhere")).status).toBe(400);
    const editorsQuestion = await questionRow("Asked by an editor");
    expect((await report(pathOf(editorsQuestion), trusted.jar, "question", editorsQuestion.id, "Duplicate question.")).status).toBe(200);
    // A reason chosen needs no words, but "Something else" does; words add to a choice.
    const chosen = (jar: CookieJar, reasonKind: string, reason: string) =>
      postForm(server.url, pathOf(editorsQuestion), { intent: "report", kind: "question", postId: editorsQuestion.id, reasonKind, reason }, jar);
    const otherWithout = await chosen(newcomer.jar, "other", " ");
    expect(otherWithout.status).toBe(400);
    expect(await otherWithout.text()).toContain("Please say what else is wrong.");
    expect((await chosen(newcomer.jar, "spam", "")).status).toBe(200);
    const reasons = await db.select({ reason: communityReports.reason }).from(communityReports).where(eq(communityReports.postId, editorsQuestion.id));
    expect(reasons.map((row) => row.reason).sort()).toEqual(["Duplicate question.", "Spam or advertising"]);
    expect((await postForm(server.url, path, { intent: "report", kind: "answer", postId: staffAnswer!.id, reason: "x" })).status).toBe(302);

    const queue = await html("/admin/community", editor.jar);
    expect(queue).toContain("Reported (2)");
    expect(queue).toContain("Advertises a paid course.");
    expect(queue).toContain("Off topic.");
    expect(queue).toContain("2 reports");

    const moderate = (fields: Record<string, string>) => postForm(server.url, "/admin/community", fields, editor.jar);
    expect((await moderate({ kind: "answer", id: staffAnswer!.id, intent: "dismiss" })).status).toBe(200);
    expect((await moderate({ kind: "answer", id: staffAnswer!.id, intent: "dismiss" })).status).toBe(400);
    expect((await moderate({ kind: "question", id: editorsQuestion.id, intent: "reject", reason: "other", note: "Asked twice by mistake." })).status).toBe(200);
    expect(await questionRow("Asked by an editor")).toMatchObject({ rejectionReason: "other", rejectionNote: "Asked twice by mistake." });
    expect(await html("/admin/community", editor.jar)).toContain("Reported (0)");
    expect((await fetch(`${server.url}${pathOf(editorsQuestion)}`)).status).toBe(404);
  });
});

describe(`edits (${testDatabaseKind})`, () => {
  const edit = (path: string, jar: CookieJar, fields: Record<string, string>) => postForm(server.url, path, { intent: "edit", ...fields }, jar);

  it("authors edit within 30 minutes, staff always, nobody else; every edit is kept", async () => {
    const { db } = server.services;
    const question = await questionRow("Asked by a trusted teacher");
    const path = pathOf(question);
    const [peer] = await db.select().from(communityAnswers).where(eq(communityAnswers.body, "Peer marking works too."));

    expect((await edit(path, trusted.jar, { kind: "answer", postId: peer!.id, body: "Peer marking **works** too." })).status).toBe(200);
    await pageWhen(`${server.url}${path}`, (found) => found.html.includes("Peer marking <strong>works</strong> too."), "the edited answer");
    const someoneElse = await edit(path, newcomer.jar, { kind: "answer", postId: peer!.id, body: "Hijacked" });
    expect(someoneElse.status).toBe(400);
    expect(await someoneElse.text()).toContain("Only its author or a moderator can edit this.");

    // Half an hour after it went public, only moderators.
    await db
      .update(communityAnswers)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000), publishedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(communityAnswers.id, peer!.id));
    const late = await edit(path, trusted.jar, { kind: "answer", postId: peer!.id, body: "Too late to change" });
    expect(late.status).toBe(400);
    const lateText = await late.text();
    expect(lateText).toContain("Posts can be edited for 30 minutes; after that, ask a moderator.");
    expect(lateText).toContain("Too late to change</textarea>");
    expect((await edit(path, editor.jar, { kind: "answer", postId: peer!.id, body: "Peer marking works too (edited by a moderator)." })).status).toBe(200);
    const empty = await edit(path, editor.jar, { kind: "answer", postId: peer!.id, body: " " });
    expect(empty.status).toBe(400);

    const history = await db
      .select({ body: communityEdits.body, editorId: communityEdits.editorId })
      .from(communityEdits)
      .where(eq(communityEdits.postId, peer!.id))
      .orderBy(communityEdits.createdAt);
    expect(history).toEqual([
      { body: "Peer marking works too.", editorId: trusted.id },
      { body: "Peer marking **works** too.", editorId: editor.id },
    ]);
    // Staff see the earlier versions on the page rendered for them, with who edited; the author and readers do not.
    const staffView = await html(`${path}?me`, editor.jar);
    expect(staffView).toMatch(/Edited 2 times: earlier versions/);
    expect(staffView).toContain("Peer marking **works** too.");
    expect(staffView).toMatch(/Before the edit by (<!-- -->)?Chipo Phiri/);
    for (const page of [await html(`${path}?me`, trusted.jar), await html(path, editor.jar), await html(path)]) {
      expect(page).not.toContain("Edited 2 times");
      expect(page).not.toContain("Before the edit by");
    }

    // A new title is a new address; the old one leads to it.
    const renamed = await edit(path, trusted.jar, {
      kind: "question",
      postId: question.id,
      title: "Asked again by a trusted teacher",
      body: "Clearer details.",
    });
    expect(renamed.status).toBe(302);
    const moved = await questionRow("Asked again by a trusted teacher");
    expect(renamed.headers.get("location")).toBe(pathOf(moved));
    expect((await fetch(`${server.url}${path}`, { redirect: "manual" })).headers.get("location")).toBe(pathOf(moved));
    const blank = await edit(pathOf(moved), trusted.jar, { kind: "question", postId: question.id, title: "", body: "Kept details" });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Question title is required.");
    // Put back as the other tests know it.
    await db
      .update(communityQuestions)
      .set({ title: question.title, slug: question.slug, description: question.description })
      .where(eq(communityQuestions.id, question.id));
  });
});

describe(`the demo magazine's Ask Kafundisha (${testDatabaseKind})`, () => {
  let demo: TestServer;
  beforeAll(async () => {
    demo = await startTestServer({ SEED_DEMO: "true", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  });
  afterAll(() => demo.close());

  it("shows living questions with answers on a first start", async () => {
    const page = await (await fetch(`${demo.url}/ask-kafundisha`)).text();
    expect(page).toContain(demoQuestions[0]!.title);
    expect(page).not.toContain("fixed sample content");
    const [question] = await demo.services.db.select().from(communityQuestions).where(eq(communityQuestions.title, demoQuestions[0]!.title));
    const shown = await (await fetch(`${demo.url}/ask-kafundisha/${question!.id}-${question!.slug}`)).text();
    expect(shown).toContain("Split the class into reading circles");
    expect(shown).toContain("2 Answers");
  });
});
