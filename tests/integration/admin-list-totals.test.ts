import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories, comments, contactMessages, newsletterSubscribers, profiles, teamMembers } from "#database/schema";
import { pageSize } from "#app/server/db/keyset.server";
import { aCategory, aComment, aContactMessage, anAccount, anArticle, aSubscriber, aTeamMember } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { type CookieJar, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";

// Every admin list shows a page of 12 rows; its header counts the whole list (its filter and
// search applied), never the page's rows.

let server: TestServer;
let admin: CookieJar;
let countedArticleId: string;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  const { db } = server.services;
  // More than a page of each list.
  const extra = await aCategory(db, { name: "Extra Lessons" });
  for (let index = 0; index < 13; index++) {
    await aCategory(db, { name: `Totals category ${String(index).padStart(2, "0")}` });
    await anAccount(db, { displayName: `Totals reader ${index}` });
    await aTeamMember(db, { name: `Totals member ${index}`, orderIndex: 50 + index });
    await aSubscriber(db, { status: index % 3 === 0 ? "pending" : "confirmed" });
    await aContactMessage(db);
  }
  const article = await anArticle(db, { categoryId: extra.id, title: "Counting comments" });
  countedArticleId = article.id;
  for (let index = 0; index < 14; index++) {
    await aComment(db, { articleId: article.id, content: `Totals comment ${index}`, status: index % 2 === 0 ? "pending" : "approved" });
  }
  admin = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
});
afterAll(() => server.close());

async function page(path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: admin.header() } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The count beside a heading: "Categories (20)" is written `Categories <span …>(20)</span>`. */
function headerCount(html: string, heading: string) {
  const found = new RegExp(`>${heading} <span[^>]*>\\((\\d+)\\)</span>`).exec(html);
  expect(found, `a count beside "${heading}"`).not.toBeNull();
  return Number(found![1]);
}

/** The rows of the page's first table body. */
function bodyRows(html: string) {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)![1]!;
  return body.match(/<tr[\s>]/g)?.length ?? 0;
}

async function rowsIn(table: PgTable, where?: SQL) {
  const [row] = await server.services.db.select({ n: count() }).from(table).where(where);
  return row!.n;
}

describe(`admin list headers count the whole list, not the page (${testDatabaseKind})`, () => {
  it("Articles, Categories, Team, Users and Comments show their totals above a page of 12 rows", async () => {
    const lists: Array<[path: string, heading: string, table: PgTable]> = [
      ["/admin/articles", "Articles", articles],
      ["/admin/categories", "Categories", categories],
      ["/admin/team", "Team", teamMembers],
      ["/admin/users", "Users", profiles],
      ["/admin/comments", "Comments", comments],
    ];
    for (const [path, heading, table] of lists) {
      const html = await page(path);
      const total = await rowsIn(table);
      expect(total, path).toBeGreaterThan(pageSize);
      expect(headerCount(html, heading), path).toBe(total);
      expect(bodyRows(html), path).toBe(pageSize);
      // The next page keeps the same total.
      const next = /<a rel="next" href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
      const second = await page(next);
      expect(headerCount(second, heading), next).toBe(total);
      expect(bodyRows(second), next).toBe(Math.min(pageSize, total - pageSize));
    }
  });

  it("counts what the filter and search match", async () => {
    const pending = await rowsIn(comments, eq(comments.status, "pending"));
    expect(headerCount(await page("/admin/comments?status=pending"), "Comments")).toBe(pending);
    const searched = await rowsIn(comments, ilike(comments.content, "%totals comment%"));
    expect(searched).toBe(14);
    expect(headerCount(await page("/admin/comments?q=Totals+comment"), "Comments")).toBe(14);
    // The article title is searched too: the count follows the same join.
    expect(headerCount(await page("/admin/comments?q=Counting+comments&status=approved"), "Comments")).toBe(7);

    const admins = await rowsIn(profiles, eq(profiles.role, "admin"));
    expect(headerCount(await page("/admin/users?role=admin"), "Users")).toBe(admins);
    const readers = await rowsIn(
      profiles,
      and(eq(profiles.role, "user"), or(ilike(profiles.displayName, "%totals reader%"), ilike(profiles.bio, "%totals reader%"))),
    );
    expect(readers).toBe(13);
    const html = await page("/admin/users?q=totals+reader&role=user");
    expect(headerCount(html, "Users")).toBe(13);
    expect(bodyRows(html)).toBe(pageSize);
  });

  it("the newsletter's subscriber list and the inbox count every row", async () => {
    const newsletter = await page("/admin/newsletter");
    expect(headerCount(newsletter, "Subscriber list")).toBe(await rowsIn(newsletterSubscribers));
    expect(await rowsIn(newsletterSubscribers)).toBeGreaterThan(pageSize);
    const inbox = await page("/admin/inbox");
    const messages = await rowsIn(contactMessages);
    expect(messages).toBeGreaterThan(pageSize);
    expect(inbox).toContain(`(${messages} total, `);
  });

  it("narrows Comments to one article's, and approves or rejects the selected ones at once", async () => {
    const onArticle = await rowsIn(comments, eq(comments.articleId, countedArticleId));
    expect(headerCount(await page(`/admin/comments?article=${countedArticleId}`), "Comments")).toBe(onArticle);
    const html = await page(`/admin/comments?article=${countedArticleId}&status=pending`);
    expect(html).toContain("Comments on “Counting comments”.");
    // Each article title narrows the list to that article's comments.
    expect(html).toContain(`href="/admin/comments?article=${countedArticleId}"`);

    const { db } = server.services;
    const waiting = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.articleId, countedArticleId), eq(comments.status, "pending")));
    const chosen = waiting.slice(0, 3).map((row) => row.id);
    const moderate = (fields: [string, string][]) =>
      fetch(`${server.url}/admin/comments`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: admin.header() },
        body: new URLSearchParams(fields),
      });
    const approved = await moderate([["intent", "status"], ["status", "approved"], ...chosen.map((id): [string, string] => ["id", id])]);
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain("3 comments marked as approved.");
    const after = await db.select({ id: comments.id, status: comments.status }).from(comments).where(eq(comments.articleId, countedArticleId));
    expect(after.filter((row) => chosen.includes(row.id)).map((row) => row.status)).toEqual(["approved", "approved", "approved"]);
    expect(after.filter((row) => row.status === "pending")).toHaveLength(waiting.length - 3);

    const noneSelected = await moderate([
      ["intent", "status"],
      ["status", "rejected"],
    ]);
    expect(noneSelected.status).toBe(400);
    expect(await noneSelected.text()).toContain("Select the comments to change first.");
  });

  it("shows as many rows as the reader chooses, the total under the list, and pages that follow on exactly", async () => {
    const { db } = server.services;
    const category = await aCategory(db, { name: "Page size lessons" });
    for (let index = 0; index < 30; index++) await anArticle(db, { categoryId: category.id, title: `Page size ${index}` });
    const total = await rowsIn(articles);
    expect(total).toBeGreaterThan(50);

    const first = await page("/admin/articles?size=25");
    expect(bodyRows(first)).toBe(25);
    expect(headerCount(first, "Articles")).toBe(total);
    expect(first).toContain(`>${total} articles</p>`);
    expect(first).toMatch(/<option value="25" selected="">25<\/option>/);
    // The search keeps the choice, and so does each page link.
    expect(first).toContain('<input type="hidden" name="size" value="25"/>');
    const next = /<a rel="next" href="([^"]+)"/.exec(first)![1]!.replace(/&amp;/g, "&");
    expect(next).toMatch(/[?&]size=25(&|$)/);
    const second = await page(next);
    expect(bodyRows(second)).toBe(25);

    // The two pages are the list's first 50 rows in its order, none twice.
    const ids = (html: string) => [...html.matchAll(/<input type="checkbox" form="article-batch"[^>]* value="([0-9a-f-]{36})"/g)].map((match) => match[1]);
    const newest = await db.select({ id: articles.id }).from(articles).orderBy(desc(articles.createdAt), desc(articles.id)).limit(50);
    expect([...ids(first), ...ids(second)]).toEqual(newest.map((row) => row.id));

    // Narrowed by a filter, the total is what matches; a size not offered is the default.
    const filtered = await page(`/admin/articles?category=${category.slug}&size=7`);
    expect(bodyRows(filtered)).toBe(pageSize);
    expect(filtered).toContain(">30 articles</p>");
    expect(headerCount(filtered, "Articles")).toBe(30);

    // Comments and Users offer the same choice.
    const users = await page("/admin/users?size=25");
    expect(bodyRows(users)).toBe(Math.min(25, await rowsIn(profiles)));
    expect(users).toContain(`>${await rowsIn(profiles)} users</p>`);
    const pending = await rowsIn(comments, eq(comments.status, "pending"));
    const waiting = await page("/admin/comments?status=pending&size=50");
    expect(bodyRows(waiting)).toBe(Math.min(50, pending));
    expect(waiting).toContain(`>${pending} comments</p>`);
  });

  it("finds a user by email, and shows each user's email", async () => {
    const account = await anAccount(server.services.db, { displayName: "Found by email" });
    const html = await page(`/admin/users?q=${encodeURIComponent(account.email.toUpperCase())}`);
    expect(headerCount(html, "Users")).toBe(1);
    expect(html).toContain("Found by email");
    expect(html).toContain(account.email);
  });

  it("finds categories by name or slug", async () => {
    const html = await page("/admin/categories?q=TOTALS+category+0");
    expect(headerCount(html, "Categories")).toBe(10);
    expect(bodyRows(html)).toBe(10);
    expect(headerCount(await page("/admin/categories?q=extra-lessons"), "Categories")).toBe(1);
  });
});
