import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, communityAnswers, communityEdits, communityHeldEdits, communityQuestions } from "#database/schema";
import type { Role } from "#app/lib/access";
import { communityTexts, questionSlug } from "#app/lib/community";
import { aCategory, anAccount, anArticle, aCommunityQuestion } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { pageWhen } from "#tests/helpers/pages";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// What each role may do beyond its screens, by the abilities of app/lib/access.ts and not by
// "any staff": Ask Kafundisha (editing others' posts, accepting for the asker, reading earlier
// versions, publishing at once, the "Kafundisha answer" badge), held edits of approved posts, the
// articles a writer may name under "Translation of", and the AI Writer under any spelling of its
// address. Each is tried over HTTP as a browser would.

let server: TestServer;
const people = {} as Record<"teacher" | "asker" | Exclude<Role, "user" | "admin">, { id: string; jar: CookieJar }>;
let questionId: string;
let questionPath: string;
let teacherAnswerId: string;

const html = async (path: string, jar?: CookieJar) => (await fetch(`${server.url}${path}`, { headers: jar ? { Cookie: jar.header() } : {} })).text();
const step = (jar: CookieJar, fields: Record<string, string>) => postForm(server.url, questionPath, fields, jar);
const answerOf = async (userId: string) => (await server.services.db.select().from(communityAnswers).where(eq(communityAnswers.userId, userId)))[0]!;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  const { db } = server.services;
  for (const [name, role] of [
    ["teacher", "user"],
    ["asker", "user"],
    ["contributor", "contributor"],
    ["author", "author"],
    ["editor", "editor"],
  ] as const) {
    const account = await anAccount(db, { role, displayName: `The ${name}` });
    people[name] = { id: account.id, jar: await signInOverHttp(server.url, account.email, account.password) };
  }
  const title = "How do I teach fractions with bottle tops?";
  const question = await aCommunityQuestion(db, {
    title,
    slug: questionSlug(title),
    description: "My Grade 4 class has no counters.",
    userId: people.asker.id,
    status: "published",
    publishedAt: new Date(),
  });
  questionId = question.id;
  questionPath = `/ask-kafundisha/${question.id}-${question.slug}`;
  const [answer] = await db
    .insert(communityAnswers)
    .values({
      questionId,
      userId: people.teacher.id,
      authorName: "The teacher",
      body: "Group them in tens.",
      bodyHtml: "<p>Group them in tens.</p>",
      status: "published",
      publishedAt: new Date(),
    })
    .returning();
  teacherAnswerId = answer!.id;
  await db.update(communityQuestions).set({ answerCount: 1 }).where(eq(communityQuestions.id, questionId));
});
afterAll(() => server.close());

describe(`Ask Kafundisha abilities by role (${testDatabaseKind})`, () => {
  it("a contributor's answer waits for a moderator and has no badge; an author's is public at once without one; an editor's carries it", async () => {
    for (const name of ["contributor", "author", "editor"] as const) {
      expect((await step(people[name].jar, { body: `Answered by the ${name}.` })).status, name).toBe(200);
    }
    expect(await answerOf(people.contributor.id)).toMatchObject({ status: "pending", byStaff: false });
    expect(await answerOf(people.author.id)).toMatchObject({ status: "published", byStaff: false });
    expect(await answerOf(people.editor.id)).toMatchObject({ status: "published", byStaff: true });
    const page = await pageWhen(`${server.url}${questionPath}`, (found) => found.html.includes("Answered by the editor."), "the editor's answer");
    expect(page.html).not.toContain("Answered by the contributor.");
    expect(page.html.match(/Kafundisha answer/g)).toHaveLength(1);
  });

  it("a contributor may neither edit others' posts, accept for the asker, read earlier versions nor open the moderation queue", async () => {
    const { db } = server.services;
    const { jar } = people.contributor;
    const editQuestion = await step(jar, { intent: "edit", kind: "question", postId: questionId, title: "Hijacked title", body: "Hijacked." });
    expect(editQuestion.status).toBe(400);
    expect(await editQuestion.text()).toContain(communityTexts.notYoursToEdit);
    const editAnswer = await step(jar, { intent: "edit", kind: "answer", postId: teacherAnswerId, body: "Hijacked." });
    expect(editAnswer.status).toBe(400);
    expect((await answerOf(people.teacher.id)).body).toBe("Group them in tens.");
    expect((await db.select().from(communityQuestions).where(eq(communityQuestions.id, questionId)))[0]!.title).toBe(
      "How do I teach fractions with bottle tops?",
    );

    const accept = await step(jar, { intent: "accept", answerId: teacherAnswerId });
    expect(accept.status).toBe(400);
    expect(await accept.text()).toContain(communityTexts.notYoursToAccept);
    expect((await db.select().from(communityQuestions).where(eq(communityQuestions.id, questionId)))[0]!.acceptedAnswerId).toBeNull();

    // An editor's edit leaves an earlier version: moderators read it, the contributor does not.
    expect(
      (await step(people.editor.jar, { intent: "edit", kind: "answer", postId: teacherAnswerId, body: "Group them in tens, then in fives." })).status,
    ).toBe(200);
    expect(await db.select().from(communityEdits).where(eq(communityEdits.postId, teacherAnswerId))).toHaveLength(1);
    // On the page rendered for each (?me); the page kept for everyone holds no earlier version at all.
    expect(await html(`${questionPath}?me`, people.editor.jar)).toContain("earlier version");
    for (const name of ["contributor", "author", "teacher"] as const) {
      expect(await html(`${questionPath}?me`, people[name].jar), name).not.toContain("earlier version");
    }
    expect(await html(questionPath)).not.toContain("Before the edit by");

    expect((await fetch(`${server.url}/admin/community`, { headers: { Cookie: jar.header() } })).status).toBe(403);
    const pending = await answerOf(people.contributor.id);
    expect((await postForm(server.url, "/admin/community", { kind: "answer", id: pending.id, intent: "approve" }, jar)).status).toBe(403);
    expect((await answerOf(people.contributor.id)).status).toBe("pending");
  });

  it("an author may not edit others' posts or accept for the asker either; an editor may both, at any age", async () => {
    const { db } = server.services;
    const old = new Date(Date.now() - 24 * 60 * 60_000);
    await db.update(communityAnswers).set({ createdAt: old, publishedAt: old }).where(eq(communityAnswers.id, teacherAnswerId));
    expect((await step(people.author.jar, { intent: "edit", kind: "answer", postId: teacherAnswerId, body: "Changed by an author." })).status).toBe(400);
    expect((await step(people.author.jar, { intent: "accept", answerId: teacherAnswerId })).status).toBe(400);
    expect((await step(people.editor.jar, { intent: "edit", kind: "answer", postId: teacherAnswerId, body: "Tidied by a moderator." })).status).toBe(200);
    expect((await answerOf(people.teacher.id)).body).toBe("Tidied by a moderator.");
    expect((await step(people.editor.jar, { intent: "accept", answerId: teacherAnswerId })).status).toBe(200);
    expect((await db.select().from(communityQuestions).where(eq(communityQuestions.id, questionId)))[0]!.acceptedAnswerId).toBe(teacherAnswerId);
  });
});

describe(`an approved post rewritten by an untrusted author (${testDatabaseKind})`, () => {
  it("holds the edit for a moderator while readers keep the approved text; applied or declined, it leaves the queue", async () => {
    const { db } = server.services;
    // Asked two hours ago, approved just now: the 30 minutes count from its approval.
    const asked = new Date(Date.now() - 2 * 60 * 60_000);
    await db.update(communityQuestions).set({ createdAt: asked, publishedAt: new Date() }).where(eq(communityQuestions.id, questionId));
    const spam = await step(people.asker.jar, {
      intent: "edit",
      kind: "question",
      postId: questionId,
      title: "Cheap phones at example.com",
      body: "Buy now at example.com!",
    });
    expect(spam.status).toBe(200);
    expect(await spam.text()).toContain(communityTexts.editHeld);
    const [question] = await db.select().from(communityQuestions).where(eq(communityQuestions.id, questionId));
    expect(question).toMatchObject({
      title: "How do I teach fractions with bottle tops?",
      description: "My Grade 4 class has no counters.",
      status: "published",
    });
    const readers = await html(questionPath);
    expect(readers).not.toContain("example.com");
    expect(readers).toContain("My Grade 4 class has no counters.");
    // Its author is told it waits; a second edit replaces the first.
    expect(await html(`${questionPath}?me`, people.asker.jar)).toContain(communityTexts.editWaiting);
    expect(await html(`${questionPath}?me`, people.teacher.jar)).not.toContain(communityTexts.editWaiting);
    const clearer = {
      intent: "edit",
      kind: "question",
      postId: questionId,
      title: "How do I teach fractions with bottle tops?",
      body: "Grade 4, 50 learners.",
    };
    expect((await step(people.asker.jar, clearer)).status).toBe(200);
    const held = await db.select().from(communityHeldEdits).where(eq(communityHeldEdits.postId, questionId));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ kind: "question", body: "Grade 4, 50 learners.", editorId: people.asker.id });

    // The moderator sees both texts and the count; the contributor may not decide.
    const queue = await html("/admin/community", people.editor.jar);
    expect(queue).toContain("Edits waiting (1)");
    expect(queue).toContain("Grade 4, 50 learners.");
    expect(queue).toContain("My Grade 4 class has no counters.");
    expect((await postForm(server.url, "/admin/community", { kind: "edit", id: held[0]!.id, intent: "approve" }, people.contributor.jar)).status).toBe(403);
    expect((await postForm(server.url, "/admin/community", { kind: "edit", id: held[0]!.id, intent: "approve" }, people.editor.jar)).status).toBe(200);
    expect((await db.select().from(communityQuestions).where(eq(communityQuestions.id, questionId)))[0]!.description).toBe("Grade 4, 50 learners.");
    expect(await db.select().from(communityHeldEdits)).toHaveLength(0);
    const kept = await db.select().from(communityEdits).where(eq(communityEdits.postId, questionId));
    expect(kept.map((edit) => [edit.body, edit.editorId])).toEqual([["My Grade 4 class has no counters.", people.asker.id]]);
    await pageWhen(`${server.url}${questionPath}`, (found) => found.html.includes("Grade 4, 50 learners."), "the applied edit");

    // An answer the same way; declined, it stays as approved.
    const [answer] = await db
      .insert(communityAnswers)
      .values({ questionId, userId: people.asker.id, body: "Use stones.", bodyHtml: "<p>Use stones.</p>", status: "published", publishedAt: new Date() })
      .returning();
    expect((await step(people.asker.jar, { intent: "edit", kind: "answer", postId: answer!.id, body: "Visit example.com" })).status).toBe(200);
    expect((await answerOf(people.asker.id)).body).toBe("Use stones.");
    const [heldAnswer] = await db.select().from(communityHeldEdits);
    expect((await postForm(server.url, "/admin/community", { kind: "edit", id: heldAnswer!.id, intent: "reject" }, people.editor.jar)).status).toBe(200);
    expect((await answerOf(people.asker.id)).body).toBe("Use stones.");
    expect(await db.select().from(communityHeldEdits)).toHaveLength(0);
    expect((await postForm(server.url, "/admin/community", { kind: "edit", id: heldAnswer!.id, intent: "approve" }, people.editor.jar)).status).toBe(400);
  });

  it("keeps the 30 minutes from approval: past them, the author may not edit at all", async () => {
    const { db } = server.services;
    const late = new Date(Date.now() - 31 * 60_000);
    await db.update(communityQuestions).set({ publishedAt: late }).where(eq(communityQuestions.id, questionId));
    const refused = await step(people.asker.jar, { intent: "edit", kind: "question", postId: questionId, title: "Too late", body: "Too late." });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(communityTexts.editClosed);
    expect(await db.select().from(communityHeldEdits)).toHaveLength(0);
  });
});

describe(`"Translation of" names only what the writer may see (${testDatabaseKind})`, () => {
  it("offers a contributor the published articles and their own, never another writer's draft, and refuses one named by id", async () => {
    const { db } = server.services;
    const category = await aCategory(db, { name: "Numeracy" });
    const othersDraft = await anArticle(db, { title: "Secret plans of another writer", status: "draft", authorId: people.author.id, categoryId: category.id });
    const scheduled = await anArticle(db, {
      title: "A scheduled surprise",
      status: "scheduled",
      scheduledAt: new Date(Date.now() + 86_400_000),
      categoryId: category.id,
    });
    await anArticle(db, { title: "Counting with bottle tops", status: "published", categoryId: category.id });
    await anArticle(db, { title: "My own draft on fractions", status: "draft", authorId: people.contributor.id, categoryId: category.id });

    const form = await html("/admin/articles/new", people.contributor.jar);
    expect(form).toContain("Counting with bottle tops");
    expect(form).toContain("My own draft on fractions");
    expect(form).not.toContain("Secret plans of another writer");
    expect(form).not.toContain("A scheduled surprise");
    expect(form).not.toContain(othersDraft.id);
    // An editor is offered every article.
    const editorForm = await html("/admin/articles/new", people.editor.jar);
    expect(editorForm).toContain("Secret plans of another writer");
    expect(editorForm).toContain("A scheduled surprise");

    const fields = {
      title: "Kuwerenga ndi zivindikiro",
      excerpt: "",
      content: "Mawu.",
      categoryId: category.id,
      status: "draft",
      featuredImageUrl: "",
      language: "ny",
    };
    for (const target of [othersDraft, scheduled]) {
      const refused = await postForm(server.url, "/admin/articles/new", { ...fields, translationOf: target.id }, people.contributor.jar);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("no longer exists");
      expect((await db.select().from(articles).where(eq(articles.id, target.id)))[0]!.translationGroup).toBeNull();
    }
    expect(await db.select().from(articles).where(eq(articles.title, "Kuwerenga ndi zivindikiro"))).toHaveLength(0);
  });
});

describe(`the AI Writer under any spelling of its address (${testDatabaseKind})`, () => {
  it("is refused to a contributor however the address is written, and opens for an editor", async () => {
    for (const path of [
      "/admin/articles/ai-writer",
      "/admin/articles/AI-WRITER",
      "/admin/articles/%61i-writer",
      "/admin/articles/Ai-Writer.data",
      "/admin//articles/ai-writer",
    ]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: people.contributor.jar.header() } });
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).not.toContain("AI Writer");
    }
    const editor = await fetch(`${server.url}/admin/articles/AI-WRITER`, { headers: { Cookie: people.editor.jar.header() } });
    expect(editor.status).toBe(200);
    expect(await editor.text()).toContain("AI Writer");
  });
});
