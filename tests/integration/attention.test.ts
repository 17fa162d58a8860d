import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, contactMessages } from "#database/schema";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { connectSse } from "#tests/helpers/sse";
import { aCategory, aComment, aCommunityQuestion, aContactMessage, anArticle } from "#tests/factories";

let server: TestServer;
let owner: CookieJar;
let articleId: string;

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  ({ id: articleId } = await anArticle(server.services.db, { title: "Group work that works" }));
});
afterAll(() => server.close());

const attention = async () => {
  const response = await fetch(`${server.url}/admin/attention`, { headers: { Cookie: owner.header() } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { counts: { pendingComments: number; unreadInbox: number } }).counts;
};

/** A "Waiting for you" card of the dashboard, by its title: its heading, link and list. */
const card = (html: string, title: string) => html.match(new RegExp(`<section[^>]*><div[^>]*><h3[^>]*>${title}(?:(?!</section>)[^])*</section>`))?.[0] ?? "";

/** The page as shown, without the data its scripts carry. */
const shownText = (html: string) => html.replace(/<script[^]*?<\/script>/g, "");

const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: owner.header() } })).text();

describe(`what waits for staff (${testDatabaseKind})`, () => {
  it("counts pending comments, unread messages and waiting questions, each once, for the sidebar", async () => {
    const { db } = server.services;
    expect(await attention()).toEqual({ pendingComments: 0, unreadInbox: 0, pendingReview: 0, pendingCommunity: 0 });
    const pending = await aComment(db, { content: "Can I use this with Grade 4?", articleId });
    await aComment(db, { content: "Already approved", articleId, status: "approved" });
    const message = await aContactMessage(db, { subject: "Writing for the magazine" });
    await aCommunityQuestion(db, { title: "Teaching reading in Bemba" });
    // The question waits for a moderator in Ask Kafundisha; the Inbox holds Contact messages only.
    expect(await attention()).toEqual({ pendingComments: 1, unreadInbox: 1, pendingReview: 0, pendingCommunity: 1 });

    // The sidebar shows them on every admin page, for screen readers too.
    const html = await page("/admin/users");
    expect(html).toMatch(/data-waiting="pending"[^>]*><span class="">1<\/span><span class="sr-only"> pending</);
    expect(html).toMatch(/data-waiting="unread"[^>]*><span class="">1<\/span><span class="sr-only"> unread</);
    expect(html).toMatch(/data-waiting="waiting"[^>]*><span class="">1<\/span><span class="sr-only"> waiting</);

    await db.update(comments).set({ status: "approved" }).where(eq(comments.id, pending.id));
    await db.update(contactMessages).set({ readAt: new Date() }).where(eq(contactMessages.id, message.id));
    expect(await attention()).toEqual({ pendingComments: 0, unreadInbox: 0, pendingReview: 0, pendingCommunity: 1 });
  });

  it("is for staff only", async () => {
    const response = await fetch(`${server.url}/admin/attention`, { redirect: "manual" });
    expect(response.status).toBe(302);
  });

  it("lists on the dashboard what waits: comments, messages, drafts, scheduled articles and the week's views", async () => {
    const { db } = server.services;
    await aComment(db, { content: "Please add the worksheet", articleId });
    await anArticle(db, { title: "Half-written lesson", status: "draft" });
    await anArticle(db, { title: "Term two planning", status: "scheduled", scheduledAt: new Date("2031-01-06T05:00:00Z") });
    const html = await page("/admin");
    expect(html).toContain("Waiting for you");
    expect(html).toMatch(/Pending comments(<!-- -->)? <span[^>]*>\(1\)/);
    expect(html).toContain("Please add the worksheet");
    // Each waiting thing once, in its own card with a link to where it is handled.
    expect(shownText(html).split("Teaching reading in Bemba")).toHaveLength(2);
    expect(card(html, "Ask Kafundisha")).toMatch(/\(1\)[^]*href="\/admin\/community"[^]*Teaching reading in Bemba/);
    expect(html).not.toContain("Writing for the magazine"); // read already
    const message = await aContactMessage(db, { subject: "Photos from sports day" });
    const withMessage = await page("/admin");
    expect(shownText(withMessage).split("Photos from sports day")).toHaveLength(2);
    expect(card(withMessage, "Unread messages")).toMatch(/\(1\)[^]*href="\/admin\/inbox"[^]*Photos from sports day/);
    expect(card(withMessage, "Unread messages")).not.toContain("Teaching reading in Bemba");
    await db.update(contactMessages).set({ readAt: new Date() }).where(eq(contactMessages.id, message.id));
    expect(html).toContain("Half-written lesson");
    expect(html).toContain("Term two planning");
    expect(html).toContain("6 Jan 2031, 07:00"); // in the site's time zone (Lusaka)
    expect(html).toContain("Views, last 7 days");
    expect(html.match(/<tr><th scope="row"/g)).toHaveLength(7);
  });

  it("announces new messages and questions to staff; readers learn only that questions changed, never of messages", async () => {
    const staff = await connectSse(`${server.url}/api/events`, { Cookie: owner.header() });
    const reader = await connectSse(`${server.url}/api/events`);
    try {
      const { db } = server.services;
      const message = await aContactMessage(db);
      expect(await staff.next((data) => data.table === "contact_messages")).toEqual({ table: "contact_messages", op: "insert", id: message.id });
      const question = await aCommunityQuestion(db);
      expect(await staff.next((data) => data.table === "community_questions")).toEqual({ table: "community_questions", op: "insert", id: question.id });
      // Questions are public once published: the Ask Kafundisha pages reload, without learning which one.
      expect(await reader.next((data) => data.table === "community_questions")).toEqual({ table: "community_questions", op: "insert", id: null });
      await aCategory(db);
      await reader.next((data) => data.table === "categories");
      expect(reader.received.filter((data) => data.table === "contact_messages")).toEqual([]);
    } finally {
      staff.close();
      reader.close();
    }
  });
});
