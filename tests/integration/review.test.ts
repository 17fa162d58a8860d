import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleNotes, articleRevisions, articles } from "#database/schema";
import { aCategory, anAccount } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { startSmtpSink, type SmtpSink } from "#tests/helpers/smtp";

// A contributor's article through review, over HTTP: submitted, sent back with a note, changed
// and submitted again, published by an editor; each step a note or a revision, each mail sent.

let server: TestServer;
let smtp: SmtpSink;
let categoryId: string;
let contributor: { id: string; email: string; jar: CookieJar };
let editor: { id: string; email: string; jar: CookieJar };

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url, SEED_DEMO: "false", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  const { db } = server.services;
  categoryId = (await aCategory(db, { name: "Classroom" })).id;
  const writer = await anAccount(db, { role: "contributor", displayName: "Mutale Banda" });
  const reviewer = await anAccount(db, { role: "editor", displayName: "Chipo Phiri" });
  contributor = { ...writer, jar: await signInOverHttp(server.url, writer.email, writer.password) };
  editor = { ...reviewer, jar: await signInOverHttp(server.url, reviewer.email, reviewer.password) };
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const form = (fields: Record<string, string>) => ({
  title: "Fractions with bottle tops",
  excerpt: "",
  content: "Collect bottle tops.",
  categoryId,
  status: "draft",
  ...fields,
});
const statusOf = async (id: string) => (await server.services.db.select({ status: articles.status }).from(articles).where(eq(articles.id, id)))[0]?.status;
const notesOf = (id: string) =>
  server.services.db
    .select({ kind: articleNotes.kind, body: articleNotes.body, authorName: articleNotes.authorName })
    .from(articleNotes)
    .where(eq(articleNotes.articleId, id))
    .orderBy(asc(articleNotes.createdAt));
/** The mails to `to` whose subject starts with `subject`, once at least `count` have come. */
async function mailsTo(to: string, subject: string, count = 1) {
  const matching = () => smtp.inbox.filter((mail) => mail.to.includes(to) && mail.body.includes(`Subject: ${subject}`));
  for (let waited = 0; matching().length < count && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  return matching();
}

describe(`review of a contributor's article (${testDatabaseKind})`, () => {
  it("goes from submission to publication, with notes, revisions and mails", async () => {
    // Submitted with the form's "Submit for review" button.
    expect((await postForm(server.url, "/admin/articles/new", form({ intent: "submit-for-review" }), contributor.jar)).status).toBe(302);
    const [{ id }] = (await server.services.db.select({ id: articles.id }).from(articles).where(eq(articles.authorId, contributor.id))) as [{ id: string }];
    expect(await statusOf(id)).toBe("pending");
    expect(await notesOf(id)).toEqual([{ kind: "submitted", body: null, authorName: "Mutale Banda" }]);
    // Every editor and admin is told, the writer is not.
    expect((await mailsTo(editor.email, "For review: Fractions with bottle tops"))[0]!.body).toContain(`/admin/articles/${id}`);
    expect(await mailsTo("owner@example.com", "For review: Fractions with bottle tops")).toHaveLength(1);
    expect(smtp.inbox.some((mail) => mail.to.includes(contributor.email))).toBe(false);

    // While it waits, the writer cannot change it, and only editors review.
    expect((await postForm(server.url, `/admin/articles/${id}`, form({ title: "Changed while waiting" }), contributor.jar)).status).toBe(403);
    expect((await postForm(server.url, `/admin/articles/${id}`, { intent: "request-changes", note: "Me too" }, contributor.jar)).status).toBe(403);
    const queue = await (await fetch(`${server.url}/admin/review`, { headers: { Cookie: editor.jar.header() } })).text();
    expect(queue).toContain("Fractions with bottle tops");
    expect(queue).toContain("Mutale Banda");

    // Sent back: a note is required, then the article is a draft again, as a revision.
    const empty = await postForm(server.url, `/admin/articles/${id}`, { intent: "request-changes", note: "  " }, editor.jar);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write a note for the writer first.");
    expect(await statusOf(id)).toBe("pending");
    const long = await postForm(server.url, `/admin/articles/${id}`, { intent: "note", note: "x".repeat(5001) }, editor.jar);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("A note can be at most 5,000 characters.");
    expect((await postForm(server.url, `/admin/articles/${id}`, { intent: "note", note: "bad\u0000byte" }, editor.jar)).status).toBe(400);
    expect((await postForm(server.url, `/admin/articles/${id}`, { intent: "note", note: "Lovely idea." }, editor.jar)).status).toBe(302);
    expect(
      (await postForm(server.url, `/admin/articles/${id}`, { intent: "request-changes", note: "Add a worked example for Grade 4." }, editor.jar)).status,
    ).toBe(302);
    expect(await statusOf(id)).toBe("draft");
    expect((await notesOf(id)).slice(1)).toEqual([
      { kind: "note", body: "Lovely idea.", authorName: "Chipo Phiri" },
      { kind: "changes-requested", body: "Add a worked example for Grade 4.", authorName: "Chipo Phiri" },
    ]);
    const changesMail = (await mailsTo(contributor.email, "Changes requested: Fractions with bottle tops"))[0]!;
    expect(changesMail.body).toContain("Add a worked example for Grade 4.");
    // The writer reads the note in My Articles, and may edit again.
    const mine = await (await fetch(`${server.url}/admin/articles`, { headers: { Cookie: contributor.jar.header() } })).text();
    expect(mine).toContain("Note from Chipo Phiri: ");
    expect(mine).toContain("Add a worked example for Grade 4.");

    expect(
      (
        await postForm(
          server.url,
          `/admin/articles/${id}`,
          form({ content: "Collect bottle tops. Worked example: 3/4.", intent: "submit-for-review" }),
          contributor.jar,
        )
      ).status,
    ).toBe(302);
    expect(await statusOf(id)).toBe("pending");
    expect(await mailsTo(editor.email, "For review: Fractions with bottle tops", 2)).toHaveLength(2);

    // Published by the editor; the writer is told.
    expect(
      (await postForm(server.url, `/admin/articles/${id}`, form({ content: "Collect bottle tops. Worked example: 3/4.", status: "published" }), editor.jar))
        .status,
    ).toBe(302);
    expect(await statusOf(id)).toBe("published");
    expect((await mailsTo(contributor.email, "Published: Fractions with bottle tops"))[0]!.body).toContain(`/articles/${id}`);
    // Every move of the status is a revision.
    const statuses = await server.services.db
      .select({ status: articleRevisions.status })
      .from(articleRevisions)
      .where(and(eq(articleRevisions.articleId, id)))
      .orderBy(asc(articleRevisions.createdAt));
    expect(statuses.map((revision) => revision.status)).toEqual(["pending", "draft", "pending", "published"]);
  });
});
