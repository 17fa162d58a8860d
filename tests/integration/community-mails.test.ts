import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityAnswers, communityQuestions, mailQueue, rateLimits } from "#database/schema";
import { newAccountQuestionsPerHour } from "#app/server/inbox/inbox.server";
import { newAccountPostsPerHour } from "#app/server/comments/comments.server";
import { anAccount } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { startSmtpSink, type SmtpSink } from "#tests/helpers/smtp";

// Ask Kafundisha's mails through an SMTP sink: the asker hears when a moderator publishes their
// question and when it is answered (an hour apart at most, new answers gathered), and stops them
// with one click; an answer's writer hears once that it was accepted. And the limits on new accounts.

let server: TestServer;
let smtp: SmtpSink;
let asker: { id: string; email: string; jar: CookieJar };
let newcomer: { id: string; email: string; jar: CookieJar };
let editor: { id: string; email: string; jar: CookieJar };
let colleague: { id: string; email: string; jar: CookieJar };

const signedIn = async (role: "user" | "editor", displayName: string) => {
  const account = await anAccount(server.services.db, { role, displayName });
  return { ...account, jar: await signInOverHttp(server.url, account.email, account.password) };
};

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    TRUST_PROXY: "1",
    SEED_DEMO: "false",
    OWNER_EMAIL: "owner@example.com",
    OWNER_PASSWORD: "owner-secret",
  });
  asker = await signedIn("user", "Asking Teacher");
  newcomer = await signedIn("user", "New Teacher");
  editor = await signedIn("editor", "Chipo Phiri");
  colleague = await signedIn("editor", "Mwila Tembo");
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

let nextAddress = 10;
/** Each post from its own client address unless told, so the per-address limits stay out of the way. */
function post(path: string, fields: Record<string, string>, jar?: CookieJar, ip = `198.51.100.${nextAddress++}`) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip, ...(jar ? { Cookie: jar.header() } : {}) },
    body: new URLSearchParams(fields),
  });
}
const ask = (title: string, jar?: CookieJar, extra: Record<string, string> = {}, ip?: string) =>
  post("/ask-kafundisha", { title, categories: "assessment", description: `Details of ${title}.`, ...extra }, jar, ip);
const questionRow = async (title: string) => (await server.services.db.select().from(communityQuestions).where(eq(communityQuestions.title, title)))[0]!;
const pathOf = (question: { id: string; slug: string }) => `/ask-kafundisha/${question.id}-${question.slug}`;
const approveQuestion = (id: string) => post("/admin/community", { kind: "question", id, intent: "approve" }, editor.jar);
const answer = (question: { id: string; slug: string }, jar: CookieJar, body: string) => post(pathOf(question), { body }, jar);
const answerOf = async (body: string) => (await server.services.db.select().from(communityAnswers).where(eq(communityAnswers.body, body)))[0]!;

/** The mails to `to` whose subject starts with `subject`, once at least `count` have come. */
async function mailsTo(to: string, subject: string, count = 1) {
  const matching = () => smtp.inbox.filter((mail) => mail.to.includes(to) && mail.body.includes(`Subject: ${subject}`));
  for (let waited = 0; matching().length < count && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  return matching();
}
/** Waits until the queue has sent everything due now. */
async function queueSettled() {
  const due = async () =>
    (await server.services.db.select({ id: mailQueue.id, at: mailQueue.nextAttemptAt, status: mailQueue.status }).from(mailQueue)).filter(
      (row) => row.status === "sending" || row.at.getTime() <= Date.now(),
    );
  for (let waited = 0; (await due()).length > 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
}
const answerMailsQueued = async (questionId: string) =>
  (await server.services.db.select().from(mailQueue).where(eq(mailQueue.questionId, questionId))).filter((row) => row.kind === "question-answered");
/** An hour passes for this question's answers and mails: the last mail, the answers and the waiting mail move back. */
async function anHourPasses(questionId: string) {
  const { db } = server.services;
  const anHourEarlier = (column: typeof communityQuestions.answersMailedAt | typeof communityAnswers.publishedAt) => sql`${column} - interval '1 hour'`;
  await db
    .update(communityQuestions)
    .set({ answersMailedAt: anHourEarlier(communityQuestions.answersMailedAt) })
    .where(eq(communityQuestions.id, questionId));
  await db
    .update(communityAnswers)
    .set({ publishedAt: anHourEarlier(communityAnswers.publishedAt) })
    .where(eq(communityAnswers.questionId, questionId));
  await db.update(mailQueue).set({ nextAttemptAt: new Date() }).where(eq(mailQueue.questionId, questionId));
  server.services.wakeMailQueue?.();
}
const linkIn = (body: string, path: string) =>
  body
    .replace(/=\r?\n/g, "")
    .match(new RegExp(`https?://[^\\s"<>]*${path}[^\\s"<>]*`))![0]
    .replace(/=3D/g, "=");

describe(`Ask Kafundisha mails (${testDatabaseKind})`, () => {
  it("tells a visitor who left an email that their question is published, with a one-click unsubscribe; none without one", async () => {
    expect((await ask("How do I teach place value?", undefined, { email: "Visitor@Example.com" })).status).toBe(200);
    expect((await ask("Asked without an email")).status).toBe(200);
    const withEmail = await questionRow("How do I teach place value?");
    expect(withEmail.notifyEmail).toBe("visitor@example.com");
    expect((await approveQuestion(withEmail.id)).status).toBeLessThan(400);
    expect((await approveQuestion((await questionRow("Asked without an email")).id)).status).toBeLessThan(400);

    const [mail] = await mailsTo("visitor@example.com", "Your question is published: How do I teach place value?");
    expect(mail!.body).toContain(pathOf(withEmail));
    expect(mail!.body).toMatch(/List-Unsubscribe:\s+<http[^>]*\/ask-kafundisha\/unsubscribe\?token=/);
    expect(mail!.body).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    await queueSettled();
    expect(smtp.inbox.filter((sent) => sent.body.includes("Asked without an email"))).toHaveLength(0);
  });

  it("refuses an email that is not one, keeping what was typed", async () => {
    const response = await ask("Typed with a bad email", undefined, { email: "not-an-address" });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Please enter a valid email address.");
    expect(page).toContain('value="not-an-address"');
    expect(page).toContain("Typed with a bad email");
  });

  it("tells the asker of answers at most once an hour, gathering them, and never of their own", async () => {
    expect((await ask("Reading corners on no budget?", asker.jar)).status).toBe(200);
    const question = await questionRow("Reading corners on no budget?");
    expect(question.notifyEmail).toBeNull();
    await approveQuestion(question.id);
    await mailsTo(asker.email, "Your question is published: Reading corners on no budget?");

    expect((await answer(question, editor.jar, "Use cardboard boxes as shelves.")).status).toBe(200);
    const [first] = await mailsTo(asker.email, "1 new answer to your question: Reading corners on no budget?");
    expect(first!.body).toContain("Chipo Phiri answered your question");
    expect(first!.body).toContain(pathOf(question));

    // Within the hour: the next answers wait, together, in one queued mail.
    await answer(question, colleague.jar, "Ask parents for old magazines.");
    await answer(question, editor.jar, "Let learners make their own books.");
    await answer(question, asker.jar, "Thank you all, I will try these.");
    const waiting = await answerMailsQueued(question.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
    await queueSettled();
    expect(await mailsTo(asker.email, "1 new answer to your question: Reading corners")).toHaveLength(1);

    await anHourPasses(question.id);
    const [second] = await mailsTo(asker.email, "2 new answers to your question: Reading corners on no budget?");
    expect(second!.body).toContain("Teachers answered your question");
    await queueSettled();
    expect(smtp.inbox.filter((mail) => mail.to.includes(asker.email) && mail.body.includes("new answer"))).toHaveLength(2);
  });

  it("tells the asker of an answer a moderator publishes, not of one still waiting", async () => {
    expect((await ask("Marking 90 books a night?", asker.jar)).status).toBe(200);
    const question = await questionRow("Marking 90 books a night?");
    await approveQuestion(question.id);
    expect((await answer(question, newcomer.jar, "Mark a sample each night.")).status).toBe(200);
    await queueSettled();
    expect(await answerMailsQueued(question.id)).toHaveLength(0);
    await post("/admin/community", { kind: "answer", id: (await answerOf("Mark a sample each night.")).id, intent: "approve" }, editor.jar);
    expect(await mailsTo(asker.email, "1 new answer to your question: Marking 90 books a night?")).toHaveLength(1);
  });

  it("stops mails about one question with one click, and only that question", async () => {
    expect((await ask("Teaching with one textbook?", undefined, { email: "stopper@example.com" })).status).toBe(200);
    const question = await questionRow("Teaching with one textbook?");
    await approveQuestion(question.id);
    const [mail] = await mailsTo("stopper@example.com", "Your question is published");
    const link = linkIn(mail!.body, "/ask-kafundisha/unsubscribe");
    const path = new URL(link).pathname + new URL(link).search;

    // Opening the link only asks.
    const asked = await fetch(`${server.url}${path}`);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Stop mails about your question?");
    expect((await questionRow("Teaching with one textbook?")).mailsOff).toBe(false);

    // A mail program's one-click POST.
    const clicked = await post(path, { "List-Unsubscribe": "One-Click" });
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain("You will get no more mails about this question.");
    expect((await questionRow("Teaching with one textbook?")).mailsOff).toBe(true);
    await answer(question, editor.jar, "Share it in groups of four.");
    expect(await answerMailsQueued(question.id)).toHaveLength(0);

    // Another question's link is not this one's; a made-up one is refused.
    expect((await fetch(`${server.url}/ask-kafundisha/unsubscribe?token=${question.id}.forged`)).status).toBe(404);
    expect((await post(`/ask-kafundisha/unsubscribe?token=${question.id}.forged`, {})).status).toBe(400);
    expect((await fetch(`${server.url}/newsletter/unsubscribe?${new URL(link).searchParams}`)).status).toBe(404);
  });

  it("lists a teacher's questions and answers on her account, waiting ones marked, and turns mails about each question off and on there", async () => {
    const teacher = await signedIn("user", "Account Teacher");
    const asked = await ask("Chalk or whiteboard markers?", teacher.jar);
    expect(await asked.text()).toContain("See it in your account, marked as waiting.");
    const question = await questionRow("Chalk or whiteboard markers?");
    const account = async () => (await fetch(`${server.url}/account`, { headers: { Cookie: teacher.jar.header() } })).text();
    let page = await account();
    expect(page).toContain("Your questions and answers");
    expect(page).toContain("Chalk or whiteboard markers?");
    expect(page).toContain("Waits for a moderator: only you can see it until it is published.");

    await approveQuestion(question.id);
    await mailsTo(teacher.email, "Your question is published: Chalk or whiteboard markers?");
    const other = await questionRow("Reading corners on no budget?");
    expect((await answer(other, teacher.jar, "Crates from the market make shelves.")).status).toBe(200);
    page = await account();
    expect(page).toContain(`href="${pathOf(question)}"`);
    expect(page).toContain("We mail you when it gets new answers, at most once an hour.");
    expect(page).toContain(`href="${pathOf(other)}#answer-${(await answerOf("Crates from the market make shelves.")).id}"`);
    expect(page).toContain("Crates from the market make shelves.");

    const mails = (questionId: string, on: "on" | "off") => post("/account", { intent: "question-mails", questionId, mails: on }, teacher.jar);
    const stopped = await mails(question.id, "off");
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain("No more mails about &quot;Chalk or whiteboard markers?&quot;.");
    expect((await questionRow(question.title)).mailsOff).toBe(true);
    await answer(question, editor.jar, "Chalk: it never dries out.");
    expect(await answerMailsQueued(question.id)).toHaveLength(0);
    // Only her own questions.
    const notHers = await mails(other.id, "off");
    expect(notHers.status).toBe(404);
    expect(await notHers.text()).toContain("This question is not yours, or no longer exists.");
    expect((await questionRow(other.title)).mailsOff).toBe(false);

    const started = await mails(question.id, "on");
    expect(await started.text()).toContain("We will mail you about new answers to &quot;Chalk or whiteboard markers?&quot;.");
    expect((await questionRow(question.title)).mailsOff).toBe(false);
    expect(await account()).toContain("Stop these mails");
  });

  it("tells a writer with an account, once, why a moderator turned down their question or answer, there and on their account page", async () => {
    const teacher = await signedIn("user", "Turned Down Teacher");
    const reject = (kind: "question" | "answer", id: string, reason: string, note = "") =>
      post("/admin/community", { kind, id, intent: "reject", reason, note }, editor.jar);
    const account = async () => (await fetch(`${server.url}/account`, { headers: { Cookie: teacher.jar.header() } })).text();
    // Quoted-printable mail text, read as written.
    const plain = (body: string) => body.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

    expect((await ask("Which phone should I buy?", teacher.jar)).status).toBe(200);
    const question = await questionRow("Which phone should I buy?");
    expect((await reject("question", question.id, "off-topic", "A shopping question.")).status).toBe(200);
    const [questionMail] = await mailsTo(teacher.email, "Your question was not published: Which phone should I buy?");
    const questionText = plain(questionMail!.body);
    expect(questionText).toContain('A moderator did not publish your question "Which phone should I buy?".');
    expect(questionText).toContain("Why: Not about teaching or learning: A shopping question.");
    expect(questionText).toContain("Ask Kafundisha is for questions about teaching and learning.");
    expect(questionText).toContain("http://127.0.0.1/account");

    const other = await questionRow("Reading corners on no budget?");
    expect((await answer(other, teacher.jar, "Ask Mrs Banda's Grade 3 girl, Thandiwe, for help.")).status).toBe(200);
    const teachersAnswer = await answerOf("Ask Mrs Banda's Grade 3 girl, Thandiwe, for help.");
    expect(teachersAnswer.status).toBe("pending");
    expect((await reject("answer", teachersAnswer.id, "learner")).status).toBe(200);
    const [answerMail] = await mailsTo(teacher.email, "Your answer was not published: Reading corners on no budget?");
    const answerText = plain(answerMail!.body);
    expect(answerText).toMatch(/Why: Names or shows a learner\r?\n/);
    expect(answerText).toContain("Please leave out learners' names, photos and anything else that shows who they are");
    expect(answerText).toContain(`http://127.0.0.1${pathOf(other)}`);

    const page = await account();
    expect(page).toContain("Not published: a moderator turned it down.");
    expect(page).toContain("Why: Not about teaching or learning: A shopping question.");
    expect(page).toContain("Why: Names or shows a learner");

    // Turned down again (from a report, say): no second mail. A visitor without an account is not mailed.
    expect((await reject("question", question.id, "spam")).status).toBe(200);
    expect((await ask("Cheap tablets for sale", undefined, { email: "seller@example.com" })).status).toBe(200);
    expect((await reject("question", (await questionRow("Cheap tablets for sale")).id, "spam")).status).toBe(200);
    await queueSettled();
    expect(await mailsTo(teacher.email, "Your question was not published")).toHaveLength(1);
    expect(smtp.inbox.filter((mail) => mail.to.includes("seller@example.com"))).toHaveLength(0);
    expect(await account()).toContain("Why: Advertising or spam");

    // Published after all: the reason goes.
    expect((await approveQuestion(question.id)).status).toBe(200);
    expect(await questionRow(question.title)).toMatchObject({ status: "published", rejectionReason: null, rejectionNote: null });
  });

  it("a sign-up from a question, with a mail server, asks to confirm the address and keeps the way back to the question", async () => {
    const back = pathOf(await questionRow("Reading corners on no budget?"));
    const signedUp = await post(`/auth?redirectTo=${encodeURIComponent(back)}`, {
      intent: "sign-up",
      email: "confirming@example.com",
      password: "a-long-passphrase",
    });
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(back)}`);
  });

  it("tells an answer's writer once that it was accepted, and not when they accept their own", async () => {
    expect((await ask("Group work in a class of 70?", asker.jar)).status).toBe(200);
    const question = await questionRow("Group work in a class of 70?");
    await approveQuestion(question.id);
    await answer(question, colleague.jar, "Rows of six, one leader each.");
    const accepted = await answerOf("Rows of six, one leader each.");
    const step = (intent: string) => post(pathOf(question), { intent, answerId: accepted.id }, asker.jar);
    expect((await step("accept")).status).toBe(200);
    const [mail] = await mailsTo(colleague.email, "Your answer was accepted: Group work in a class of 70?");
    expect(mail!.body).toContain("Asking Teacher accepted your answer");
    await step("unaccept");
    await step("accept");
    await queueSettled();
    expect(await mailsTo(colleague.email, "Your answer was accepted")).toHaveLength(1);

    // Staff accepting their own answer to someone's question: nobody to tell.
    await answer(question, editor.jar, "Give each group a role card.");
    const own = await answerOf("Give each group a role card.");
    expect((await post(pathOf(question), { intent: "accept", answerId: own.id }, editor.jar)).status).toBe(200);
    await queueSettled();
    expect(smtp.inbox.filter((sent) => sent.to.includes(editor.email) && sent.body.includes("accepted"))).toHaveLength(0);
  });

  it(`limits a new account to ${newAccountQuestionsPerHour} questions and ${newAccountPostsPerHour} answers an hour; trusted ones only by the usual limits`, async () => {
    for (let n = 1; n <= newAccountQuestionsPerHour; n++) expect((await ask(`Newcomer question ${n}`, newcomer.jar)).status).toBe(200);
    const refused = await ask("One question too many", newcomer.jar);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/You have sent several questions in a short time\. Please try again in \d+ minutes?\./);
    expect((await ask("An editor asks as often as needed", editor.jar)).status).toBe(200);

    const question = await questionRow("Reading corners on no budget?");
    const { db } = server.services;
    await db.delete(rateLimits).where(like(rateLimits.key, "answer:%"));
    // The per-account ten-minute limit would stop a burst first: answers come spread out instead.
    let posted = 0;
    for (; posted < newAccountPostsPerHour; posted++) {
      const response = await answer(question, newcomer.jar, `Newcomer answer ${posted}`);
      expect(response.status, `answer ${posted}`).toBe(200);
      await db.delete(rateLimits).where(like(rateLimits.key, "answer:user:%"));
    }
    const tooMany = await answer(question, newcomer.jar, "Newcomer answer too many");
    expect(tooMany.status).toBe(429);
    expect(await tooMany.text()).toContain("Newcomer answer too many");
  });
});
