import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleAuthors, articles, guestAuthors, profiles } from "#database/schema";
import { deleteGuestAuthor, saveGuestAuthor } from "#app/server/users/authors.server";
import { aCategory, anAccount, anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { pageWhen, rawRequest } from "#tests/helpers/pages";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// Co-authors and guest bylines: an editor orders an article's authors; readers see every public
// one on cards, the article page, its structured data, feeds and author pages; co-writers on staff
// write the article with its creator.

let server: TestServer;
let categoryId: string;
const staff = {} as Record<"contributor" | "author" | "editor", { id: string; jar: CookieJar }>;
let readerId: string;
let guestId: string;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  const { db } = server.services;
  categoryId = (await aCategory(db, { name: "Classroom" })).id;
  const names = { contributor: "Mwila Tembo", author: "Grace Zulu", editor: "Chipo Phiri" };
  for (const role of ["contributor", "author", "editor"] as const) {
    const account = await anAccount(db, { role, displayName: names[role] });
    staff[role] = { id: account.id, jar: await signInOverHttp(server.url, account.email, account.password) };
  }
  // The author has a public author page; the contributor has none.
  await db.update(profiles).set({ authorSlug: "grace-zulu", bio: "Maths teacher in Ndola." }).where(eq(profiles.id, staff.author.id));
  readerId = (await anAccount(db, { displayName: "A reader" })).id;
  guestId = await saveGuestAuthor(db, { name: "Dr Mutinta Hamoonga", bio: "Lecturer in literacy at a college of education.", photoUrl: null });
});
afterAll(() => server.close());

const post = (path: string, jar: CookieJar, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body,
  });
};
const setBylines = (articleId: string, jar: CookieJar, bylines: string[]) => post(`/admin/articles/${articleId}`, jar, { intent: "bylines", byline: bylines });
const bylineRows = (articleId: string) =>
  server.services.db
    .select({ userId: articleAuthors.userId, guestId: articleAuthors.guestId })
    .from(articleAuthors)
    .where(eq(articleAuthors.articleId, articleId))
    .orderBy(asc(articleAuthors.position));
const page = async (path: string) => (await rawRequest(`${server.url}${path}`)).html;

describe(`bylines and co-authors (${testDatabaseKind})`, () => {
  it("an article saved from the admin form has its creator as its byline", async () => {
    const saved = await post("/admin/articles/new", staff.editor.jar, { title: "Created by an editor", content: "Words.", categoryId, status: "draft" });
    expect(saved.status).toBe(302);
    const [created] = await server.services.db.select({ id: articles.id }).from(articles).where(eq(articles.title, "Created by an editor"));
    expect(await bylineRows(created!.id)).toEqual([{ userId: staff.editor.id, guestId: null }]);
  });

  it("an editor orders staff and guest bylines; readers see every public one, everywhere", async () => {
    const { db } = server.services;
    const article = await anArticle(db, { title: "Reading in the mother tongue", categoryId, authorId: staff.contributor.id });
    const response = await setBylines(article.id, staff.editor.jar, [`user:${staff.author.id}`, `guest:${guestId}`, `user:${staff.contributor.id}`]);
    expect(response.status).toBe(302);
    expect(await bylineRows(article.id)).toEqual([
      { userId: staff.author.id, guestId: null },
      { userId: null, guestId },
      { userId: staff.contributor.id, guestId: null },
    ]);

    // The contributor has no public author page: readers see the other two, in order.
    const byline =
      /By(?:<!-- -->)? <a href="\/author\/grace-zulu"[^>]*>Grace Zulu<\/a> and <a href="\/author\/dr-mutinta-hamoonga"[^>]*>Dr Mutinta Hamoonga<\/a>/;
    const articlePage = await pageWhen(`${server.url}/articles/${article.id}`, (found) => byline.test(found.html), "the article page shows both bylines");
    expect(articlePage.html).not.toContain("Mwila Tembo");
    const structured = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(articlePage.html)![1]!);
    expect(structured.author).toEqual([
      { "@type": "Person", name: "Grace Zulu", url: "http://127.0.0.1/author/grace-zulu" },
      { "@type": "Person", name: "Dr Mutinta Hamoonga", url: "http://127.0.0.1/author/dr-mutinta-hamoonga" },
    ]);
    expect(byline.test(await page("/"))).toBe(true);
    expect(byline.test(await page("/articles"))).toBe(true);

    const rss = await page("/rss.xml");
    expect(rss).toContain("<dc:creator>Grace Zulu</dc:creator>\n      <dc:creator>Dr Mutinta Hamoonga</dc:creator>");
    const jsonFeed = JSON.parse(await page("/feed.json"));
    expect(jsonFeed.items.find((item: { title: string }) => item.title === "Reading in the mother tongue").authors).toEqual([
      { name: "Grace Zulu", url: "http://127.0.0.1/author/grace-zulu" },
      { name: "Dr Mutinta Hamoonga", url: "http://127.0.0.1/author/dr-mutinta-hamoonga" },
    ]);

    // Both author pages list the co-written article; the guest's shows their bio.
    expect(await page("/author/grace-zulu")).toContain("Reading in the mother tongue");
    const guestPage = await page("/author/dr-mutinta-hamoonga");
    expect(guestPage).toContain("Lecturer in literacy at a college of education.");
    expect(guestPage).toContain("Reading in the mother tongue");
    const sitemap = await page("/sitemap.xml");
    expect(sitemap).toContain("/author/grace-zulu</loc>");
    expect(sitemap).toContain("/author/dr-mutinta-hamoonga</loc>");

    // A guest's new name reaches the cached pages that show it.
    await db.update(guestAuthors).set({ name: "Dr M. Hamoonga" }).where(eq(guestAuthors.id, guestId));
    await pageWhen(`${server.url}/articles/${article.id}`, (found) => found.html.includes(">Dr M. Hamoonga</a>"), "the cached page drops the old name");
    await pageWhen(`${server.url}/`, (found) => found.html.includes(">Dr M. Hamoonga</a>"), "the home page drops the old name");

    // No byline at all: the magazine's name, as for an article without a public author.
    expect((await setBylines(article.id, staff.editor.jar, [])).status).toBe(302);
    await pageWhen(
      `${server.url}/articles/${article.id}`,
      (found) => found.html.includes("The Educator</span>") && !found.html.includes("Grace Zulu"),
      "no byline",
    );
  });

  it("only editors change bylines, and only to staff and existing guests", async () => {
    const article = await anArticle(server.services.db, { title: "Bylines held", categoryId, authorId: staff.author.id });
    const before = await bylineRows(article.id);
    for (const role of ["contributor", "author"] as const) {
      expect((await setBylines(article.id, staff[role].jar, [`user:${staff[role].id}`])).status).toBe(403);
    }
    const refused = async (bylines: string[], message: string) => {
      const response = await setBylines(article.id, staff.editor.jar, bylines);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    };
    await refused([`user:${readerId}`], "Only staff accounts and guest bylines can be authors of an article.");
    await refused([`guest:${guestId}`, `guest:${guestId}`], "Each author can appear once in a byline.");
    await refused(["user:not-an-id"], "Invalid byline.");
    await refused([`guest:00000000-0000-4000-8000-000000000000`], "That author no longer exists. Please choose another.");
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, n) => anAccount(server.services.db, { role: "author", displayName: `Writer ${n}` })));
    await refused(
      eleven.map((account) => `user:${account.id}`),
      "An article can have at most 10 authors.",
    );
    expect(await bylineRows(article.id)).toEqual(before);
  });

  it("a co-writer on staff finds the article in My Articles and edits it, but does not delete the creator's draft", async () => {
    const draft = await anArticle(server.services.db, { title: "Written together", status: "draft", categoryId, authorId: staff.contributor.id });
    const open = () => fetch(`${server.url}/admin/articles/${draft.id}`, { redirect: "manual", headers: { Cookie: staff.author.jar.header() } });
    expect((await open()).status).toBe(403);
    expect((await setBylines(draft.id, staff.editor.jar, [`user:${staff.contributor.id}`, `user:${staff.author.id}`])).status).toBe(302);

    const mine = await (await fetch(`${server.url}/admin/articles`, { headers: { Cookie: staff.author.jar.header() } })).text();
    expect(mine).toContain("Written together");
    expect((await open()).status).toBe(200);
    const saved = await postForm(
      server.url,
      `/admin/articles/${draft.id}`,
      { title: "Written together, revised", excerpt: "", content: "More words.", categoryId, status: "draft", featuredImageUrl: "" },
      staff.author.jar,
    );
    expect(saved.status).toBe(302);
    expect((await postForm(server.url, "/admin/articles", { intent: "delete", id: draft.id }, staff.author.jar)).status).toBe(403);
    const [kept] = await server.services.db.select({ title: articles.title }).from(articles).where(eq(articles.id, draft.id));
    expect(kept?.title).toBe("Written together, revised");
  });

  it("a guest byline in use cannot be deleted; unused, it can", async () => {
    const { db } = server.services;
    const guest = await saveGuestAuthor(db, { name: "Visiting Writer", bio: null, photoUrl: null });
    const article = await anArticle(db, { categoryId });
    expect((await setBylines(article.id, staff.editor.jar, [`guest:${guest}`])).status).toBe(302);
    await expect(deleteGuestAuthor(db, guest)).rejects.toThrow("This guest byline is on 1 article. Remove it from them first.");
    expect((await setBylines(article.id, staff.editor.jar, [])).status).toBe(302);
    await deleteGuestAuthor(db, guest);
    expect(await db.select().from(guestAuthors).where(eq(guestAuthors.id, guest))).toEqual([]);
  });

  it("a guest's page address never takes a staff author's", async () => {
    const guest = await saveGuestAuthor(server.services.db, { name: "Grace Zulu", bio: null, photoUrl: null });
    const [row] = await server.services.db.select({ slug: guestAuthors.slug }).from(guestAuthors).where(eq(guestAuthors.id, guest));
    expect(row?.slug).toBe("grace-zulu-2");
  });
});
