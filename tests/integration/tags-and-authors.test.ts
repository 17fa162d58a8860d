import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleRevisions, articleTags, articles, tags, users } from "#database/schema";
import { aCategory } from "#tests/factories";
import { signUp } from "#app/server/auth/auth.server";
import { pruneUnusedTags } from "#app/server/articles/tags.server";
import { parseTagNames, tagTexts } from "#app/lib/tags";
import { imageAltMissingText } from "#app/lib/admin-schemas";
import { testDatabaseKind } from "#tests/helpers/database";
import { pageWhen, rawRequest } from "#tests/helpers/pages";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let owner: CookieJar;
let reader: CookieJar;
let ownerId: string;
let categoryId: string;

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  const { db } = server.services;
  categoryId = (await aCategory(db, { name: "Technology" })).id;
  await signUp({ email: "reader@example.com", password: "reader-secret" }, { ip: "127.0.0.1" });
  [owner, reader] = await Promise.all([
    signInOverHttp(server.url, "owner@example.com", "owner-secret"),
    signInOverHttp(server.url, "reader@example.com", "reader-secret"),
  ]);
  ownerId = (await db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com")))[0]!.id;
});
afterAll(() => server.close());

function post(path: string, jar: CookieJar, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams(fields),
  });
}

const anonymous = (path: string) => rawRequest(server.url + path);

/** Saves the article form (a new article, or `id`'s edit form) as the owner; returns the response and the article's id. */
async function saveArticle(fields: Record<string, string>, id?: string) {
  const response = await post(id ? `/admin/articles/${id}` : "/admin/articles/new", owner, {
    excerpt: "",
    content: "Body text.",
    categoryId,
    status: "published",
    featuredImageUrl: "",
    featuredImageAlt: "",
    tags: "",
    ...fields,
  });
  const [row] = await server.services.db.select({ id: articles.id }).from(articles).where(eq(articles.title, fields.title!));
  return { response, id: row?.id };
}

async function tagsOf(articleId: string) {
  const rows = await server.services.db
    .select({ name: tags.name, slug: tags.slug })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(eq(articleTags.articleId, articleId))
    .orderBy(articleTags.position);
  return rows;
}

describe("tag rules", () => {
  it("tidies spaces, makes slugs by the categories' rule, keeps the first spelling of a slug", () => {
    expect(parseTagNames("  Literacy ,literacy, Grade   7,, LITERACY ,Grade-7 ")).toEqual({
      ok: true,
      tags: [
        { name: "Literacy", slug: "literacy" },
        { name: "Grade 7", slug: "grade-7" },
      ],
    });
    expect(parseTagNames("")).toEqual({ ok: true, tags: [] });
  });

  it("refuses more than 10 tags, a tag over 40 characters, and one with no letter or number", () => {
    expect(parseTagNames(Array.from({ length: 11 }, (_, index) => `tag ${index}`).join(","))).toEqual({ ok: false, error: tagTexts.tooMany });
    expect(parseTagNames("x".repeat(41))).toEqual({ ok: false, error: tagTexts.tooLong });
    expect(parseTagNames("fine, ???")).toEqual({ ok: false, error: tagTexts.noLetters });
  });
});

describe(`tags, alt text and bylines over HTTP (${testDatabaseKind})`, () => {
  it("saves tags as typed, created on the fly, an existing tag keeping its name, in the editor's order", async () => {
    const first = await saveArticle({ title: `Tagged one ${Date.now()}`, tags: "Literacy, Grade 7" });
    expect(first.response.status).toBe(302);
    expect(await tagsOf(first.id!)).toEqual([
      { name: "Literacy", slug: "literacy" },
      { name: "Grade 7", slug: "grade-7" },
    ]);
    const second = await saveArticle({ title: `Tagged two ${Date.now()}`, tags: "grade 7, LITERACY, Phonics" });
    expect(await tagsOf(second.id!)).toEqual([
      { name: "Grade 7", slug: "grade-7" },
      { name: "Literacy", slug: "literacy" },
      { name: "Phonics", slug: "phonics" },
    ]);
    // Editing replaces the set; the edit form shows them back.
    await saveArticle(
      { title: (await server.services.db.select({ title: articles.title }).from(articles).where(eq(articles.id, second.id!)))[0]!.title, tags: "Phonics" },
      second.id,
    );
    expect(await tagsOf(second.id!)).toEqual([{ name: "Phonics", slug: "phonics" }]);
    const edit = await fetch(`${server.url}/admin/articles/${second.id}`, { headers: { Cookie: owner.header() } });
    expect(await edit.text()).toMatch(/name="tags"[^>]*value="Phonics"/);
  });

  it("refuses bad tags with the rule's message and gives back everything typed", async () => {
    const title = `Too many tags ${Date.now()}`;
    const typed = Array.from({ length: 11 }, (_, index) => `t${index}`).join(", ");
    const { response, id } = await saveArticle({ title, tags: typed, excerpt: "Kept excerpt" });
    expect(response.status).toBe(400);
    expect(id).toBeUndefined();
    const html = await response.text();
    expect(html).toContain(tagTexts.tooMany);
    expect(html).toContain("Kept excerpt");
    expect(html).toContain(typed);
  });

  it("a tag page lists only published articles with that tag, with its feeds; an unknown tag is 404", async () => {
    const stamp = Date.now();
    const published = await saveArticle({ title: `Solar lab ${stamp}`, tags: `Solar ${stamp}` });
    const draft = await saveArticle({ title: `Solar draft ${stamp}`, tags: `Solar ${stamp}`, status: "draft" });
    const untagged = await saveArticle({ title: `Untagged ${stamp}` });
    expect([published.id, draft.id, untagged.id].every(Boolean)).toBe(true);

    const page = await anonymous(`/tag/solar-${stamp}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<h1 class="font-serif text-3xl font-black md:text-4xl">#<!-- -->Solar ${stamp}</h1>`);
    expect(page.html).toContain(`Solar lab ${stamp}`);
    expect(page.html).not.toContain(`Solar draft ${stamp}`);
    expect(page.html).not.toContain(`Untagged ${stamp}`);
    expect(page.html).toContain(`href="${server.services.config.PUBLIC_URL}/tag/solar-${stamp}/rss.xml"`);
    // The list controls work on it: a search that matches nothing.
    expect((await anonymous(`/tag/solar-${stamp}?q=nothing-like-this`)).html).toContain("No articles found with this tag.");

    const rss = await fetch(`${server.url}/tag/solar-${stamp}/rss.xml`);
    const xml = await rss.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const channel = (new XMLParser().parse(xml) as { rss: { channel: { item: { title: string; category: string[] } | { title: string }[] } } }).rss.channel;
    const items = [channel.item].flat();
    expect(items.map((item) => item.title)).toEqual([`Solar lab ${stamp}`]);
    const json = (await (await fetch(`${server.url}/tag/solar-${stamp}/feed.json`)).json()) as { items: { title: string; tags: string[] }[] };
    expect(json.items.map((item) => item.title)).toEqual([`Solar lab ${stamp}`]);
    expect(json.items[0]!.tags).toEqual(["Technology", `Solar ${stamp}`]);

    for (const path of ["/tag/no-such-tag", "/tag/no-such-tag/rss.xml", "/tag/no-such-tag/feed.json"]) expect((await anonymous(path)).status).toBe(404);
  });

  it("shows tags on the article page and on cards, as links to the tag pages", async () => {
    const stamp = Date.now();
    const { id } = await saveArticle({ title: `Card tags ${stamp}`, tags: `Maths ${stamp}, Grade 4` });
    const article = await pageWhen(`${server.url}/articles/${id}`, (page) => page.status === 200, "the article is published");
    expect(article.html).toContain(`href="/tag/maths-${stamp}"`);
    expect(article.html).toContain(`#<!-- -->Maths ${stamp}`);
    const list = await pageWhen(`${server.url}/articles`, (page) => page.html.includes(`Card tags ${stamp}`), "the list shows the article");
    expect(list.html).toContain(`href="/tag/maths-${stamp}"`);
  });

  it("publishing with a featured image needs its alt text, a draft may wait; the article page shows it", async () => {
    const title = `Pictured ${Date.now()}`;
    const image = { featuredImageUrl: "/uploads/media/articles/pictured.png" };
    const refused = await saveArticle({ title, ...image });
    expect(refused.response.status).toBe(400);
    expect(await refused.response.text()).toContain(imageAltMissingText);
    expect((await saveArticle({ title, ...image, status: "scheduled", scheduledAt: "2999-01-01T07:00" })).response.status).toBe(400);

    const draft = await saveArticle({ title, ...image, status: "draft" });
    expect(draft.response.status).toBe(302);
    const published = await saveArticle({ title, ...image, featuredImageAlt: "Learners around one phone", status: "published" }, draft.id);
    expect(published.response.status).toBe(302);
    const page = await pageWhen(`${server.url}/articles/${draft.id}`, (response) => response.status === 200, "the article is published");
    expect(page.html).toMatch(/<img [^>]*alt="Learners around one phone"/);
    // Kept in its revisions like the image itself.
    const revisions = await server.services.db
      .select({ alt: articleRevisions.featuredImageAlt })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, draft.id!));
    expect(revisions.map((revision) => revision.alt)).toContain("Learners around one phone");
  });

  it("an author profile gives articles a byline and a page; withdrawn, they say The Educator again", async () => {
    const stamp = Date.now();
    const { id } = await saveArticle({ title: `By the owner ${stamp}` });
    const before = await pageWhen(`${server.url}/articles/${id}`, (page) => page.status === 200, "the article is published");
    expect(before.html).not.toContain("/author/");

    // Plain users have no author profile screen.
    expect((await post("/admin/profile", reader, { displayName: "Sneaky", published: "on" })).status).not.toBe(302);

    const saved = await post("/admin/profile", owner, {
      displayName: `Mutinta Hamoonga`,
      slug: "",
      bio: "Teaches maths in Choma.",
      photoUrl: "",
      published: "on",
    });
    expect(saved.status).toBe(302);
    const withByline = await pageWhen(
      `${server.url}/articles/${id}`,
      (page) => page.html.includes('href="/author/mutinta-hamoonga"'),
      "the byline links to the author",
    );
    expect(withByline.html).toContain("Mutinta Hamoonga");
    const list = await pageWhen(`${server.url}/articles`, (page) => page.html.includes('href="/author/mutinta-hamoonga"'), "cards carry the byline");
    expect(list.status).toBe(200);
    const authorPage = await anonymous("/author/mutinta-hamoonga");
    expect(authorPage.status).toBe(200);
    expect(authorPage.html).toContain("Teaches maths in Choma.");
    expect(authorPage.html).toContain(`By the owner ${stamp}`);

    // Another account may not take the same address.
    const { db } = server.services;
    const { createAccount } = await import("#app/server/auth/auth.server");
    const otherId = await createAccount(db, { email: `other-${stamp}@example.com`, password: "other-secret-1", role: "admin", verified: true });
    const other = await signInOverHttp(server.url, `other-${stamp}@example.com`, "other-secret-1");
    const clash = await post("/admin/profile", other, { displayName: "Someone Else", slug: "mutinta-hamoonga", published: "on" });
    expect(clash.status).toBe(400);
    expect(await clash.text()).toContain("The address /author/mutinta-hamoonga is taken by another author. Choose another.");
    expect(otherId).not.toBe(ownerId);

    const withdrawn = await post("/admin/profile", owner, { displayName: "Mutinta Hamoonga", slug: "mutinta-hamoonga", bio: "", photoUrl: "", published: "" });
    expect(withdrawn.status).toBe(302);
    await pageWhen(`${server.url}/articles/${id}`, (page) => !page.html.includes("/author/mutinta-hamoonga"), "the byline is gone");
    expect((await anonymous("/author/mutinta-hamoonga")).status).toBe(404);
  });

  it("maintenance forgets day-old tags no article uses", async () => {
    const { db } = server.services;
    const stamp = Date.now();
    const { id } = await saveArticle({ title: `Short-lived tag ${stamp}`, tags: `Fleeting ${stamp}` });
    await saveArticle({ title: `Short-lived tag ${stamp}`, tags: "" }, id);
    const exists = async () =>
      (
        await db
          .select({ id: tags.id })
          .from(tags)
          .where(eq(tags.slug, `fleeting-${stamp}`))
      ).length === 1;
    await pruneUnusedTags(db);
    expect(await exists()).toBe(true); // too new: a save may be linking it right now
    await pruneUnusedTags(db, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await exists()).toBe(false);
    expect((await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, "phonics"))).length).toBe(1);
  });
});
