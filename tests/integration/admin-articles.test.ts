import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleRevisions, articles, categories, users } from "#database/schema";
import { signUp } from "#app/server/auth/auth.server";
import { renderMarkdown } from "#app/server/articles/markdown.server";
import { demoArticles } from "#database/seed/demo-content";
import { testDatabaseKind } from "#tests/helpers/database";
import { anAccount, anArticle } from "#tests/factories";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let owner: CookieJar;
let reader: CookieJar;
let ownerId: string;
let categoryId: string;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  await signUp({ email: "reader@example.com", password: "reader-secret" }, { ip: "127.0.0.1" });
  [owner, reader] = await Promise.all([
    signInOverHttp(server.url, "owner@example.com", "owner-secret"),
    signInOverHttp(server.url, "reader@example.com", "reader-secret"),
  ]);
  // Show the sign-in toast once, so the toasts checked below are the only ones pending.
  for (const jar of [owner, reader]) jar.store(await fetch(server.url, { headers: { Cookie: jar.header() } }));
  const { db } = server.services;
  ownerId = (await db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com")))[0]!.id;
  categoryId = (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, "technology")))[0]!.id;
});
afterAll(() => server.close());

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const post = (path: string, jar: CookieJar | null, fields: Record<string, string>) => postForm(server.url, path, fields, jar ?? undefined);

const get = (path: string, jar: CookieJar | null) => fetch(`${server.url}${path}`, { redirect: "manual", headers: jar ? { Cookie: jar.header() } : {} });

const form = (fields: Record<string, string>) => ({ title: "", excerpt: "", content: "", categoryId, status: "draft", featuredImageUrl: "", ...fields });

async function readArticle(id: string) {
  return (await server.services.db.select().from(articles).where(eq(articles.id, id)))[0];
}

async function articleIdByTitle(title: string) {
  return (await server.services.db.select({ id: articles.id }).from(articles).where(eq(articles.title, title)))[0]?.id;
}

/** Creates an article through the form action; returns its id. */
async function createThroughForm(fields: Record<string, string>) {
  const response = await post("/admin/articles/new", owner, form(fields));
  expect(response.status).toBe(302);
  return (await articleIdByTitle(fields.title!))!;
}

describe(`admin articles over HTTP (${testDatabaseKind})`, () => {
  it("lists every article, drafts included, newest created first, with category name and slug", async () => {
    const older = await createThroughForm({ title: `Older ${Date.now()}`, content: "Body" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = await createThroughForm({ title: `Newer <b>${Date.now()}</b>`, content: "Body" });
    const response = await get("/admin/articles", owner);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const draft of demoArticles.filter((article) => article.status === "draft")) expect(html).toContain(escapeHtml(draft.title));
    expect(html.indexOf(`/admin/articles/${newer}`)).toBeLessThan(html.indexOf(`/admin/articles/${older}`));
    expect(html).toContain("Technology");
    expect(html).toContain(">technology<");
    // Titles are text, never markup.
    expect(html).not.toContain("<b>");
    expect(html).toContain('href="/admin/articles/new"');
    expect(html).toContain('href="/admin/articles/ai-writer"');
  });

  it("finds articles by words of the title, status, category, author, language and level, the filters kept in the URL", async () => {
    const { db } = server.services;
    const stamp = Date.now();
    const draft = await createThroughForm({ title: `Chalkboard tricks ${stamp}`, content: "Body" });
    const lesson = await createThroughForm({ title: `Chalkboard lesson ${stamp}`, content: "Body", status: "published" });
    await db.update(articles).set({ language: "ny", level: "grade-4" }).where(eq(articles.id, lesson));
    const listed = async (query: string) => {
      const html = await (await get(`/admin/articles?${query}`, owner)).text();
      return { html, has: (id: string) => html.includes(`/admin/articles/${id}"`) };
    };

    const byWords = await listed("q=chalkboard");
    expect(byWords.has(draft) && byWords.has(lesson)).toBe(true);
    expect(byWords.html).toMatch(/Articles <span[^>]*>\(\d+\)<\/span>/);
    expect(byWords.html).toContain("Clear filters");

    const drafts = await listed(`q=Chalkboard&status=draft`);
    expect([drafts.has(draft), drafts.has(lesson)]).toEqual([true, false]);
    const inNyanja = await listed(`q=Chalkboard&lang=ny&level=grade-4`);
    expect([inNyanja.has(draft), inNyanja.has(lesson)]).toEqual([false, true]);
    // The selects show what is chosen, so the next change keeps it.
    expect(inNyanja.html).toMatch(/<option value="ny" selected="">Chinyanja<\/option>/);
    const byAuthor = await listed(`q=Chalkboard&author=user:${ownerId}&category=technology`);
    expect([byAuthor.has(draft), byAuthor.has(lesson)]).toEqual([true, true]);
    // The author column names the writer; the title opens the article.
    expect(byAuthor.html).toContain(`>Chalkboard tricks ${stamp}</a>`);
    const byOther = await listed(`q=Chalkboard&author=guest:${crypto.randomUUID()}`);
    expect(byOther.html).toContain("No articles match these filters.");
    // A value that is none of the choices is ignored, not an error.
    const odd = await listed(`q=Chalkboard&status=everything&lang=%3Cx%3E&level=grade-99&sort=random`);
    expect(odd.has(draft) && odd.has(lesson)).toBe(true);

    // The headings order the list, the filters kept: by title from A to Z, or the most read first.
    await db.update(articles).set({ views: 500 }).where(eq(articles.id, draft));
    const byTitle = await listed("q=Chalkboard&sort=title");
    expect(byTitle.html.indexOf(`/admin/articles/${lesson}"`)).toBeLessThan(byTitle.html.indexOf(`/admin/articles/${draft}"`));
    expect(byTitle.html).toMatch(/aria-sort="ascending"[^>]*><a[^>]*href="\/admin\/articles\?q=Chalkboard&amp;sort=title"/);
    const byViews = await listed("q=Chalkboard&sort=views");
    expect(byViews.html.indexOf(`/admin/articles/${draft}"`)).toBeLessThan(byViews.html.indexOf(`/admin/articles/${lesson}"`));
    // The heading of the default order drops the parameter.
    expect(byViews.html).toContain('href="/admin/articles?q=Chalkboard"');
  });

  it("creates a draft with the signed-in admin as author, blanks stored as null, and the success toast", async () => {
    const title = `A new draft ${Date.now()}`;
    const response = await post("/admin/articles/new", owner, form({ title: `  ${title}  `, content: "## Heading\nBody", excerpt: "   " }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/articles");
    const saved = (await readArticle((await articleIdByTitle(title))!))!;
    expect(saved).toMatchObject({ title, status: "draft", publishedAt: null, excerpt: null, featuredImageUrl: null, authorId: ownerId, categoryId });
    expect(saved.slug).toBe(title.toLowerCase().replace(/[^a-z0-9]+/g, "-"));

    const afterRedirect = await fetch(`${server.url}/admin/articles`, {
      headers: { Cookie: `${owner.header()}; ${response.headers.getSetCookie()[0]!.split(";")[0]}` },
    });
    expect(await afterRedirect.text()).toContain("Article created successfully!");
  });

  it("refuses missing fields with 400, the spec's message and everything typed kept", async () => {
    const before = (await server.services.db.select({ id: articles.id }).from(articles)).length;
    const response = await post("/admin/articles/new", owner, form({ title: "", content: "  ", excerpt: "Typed excerpt kept", categoryId: "" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Missing fields: Title, content, and category are required.");
    expect(html).toContain("Typed excerpt kept");

    const noCategory = await post("/admin/articles/new", owner, form({ title: "Kept title", content: "Kept body", categoryId: "" }));
    expect(noCategory.status).toBe(400);
    const kept = await noCategory.text();
    expect(kept).toContain('value="Kept title"');
    expect(kept).toContain("Kept body");

    const badImage = await post("/admin/articles/new", owner, form({ title: "Image title", content: "Body", featuredImageUrl: "javascript:alert(1)" }));
    expect(badImage.status).toBe(400);
    expect(await badImage.text()).toContain("Image URL must start with http://, https:// or /uploads/.");
    expect((await server.services.db.select({ id: articles.id }).from(articles)).length).toBe(before);
  });

  it("gives a clashing title's slug a suffix instead of an error", async () => {
    const title = `Same Title ${Date.now()}`;
    const first = await createThroughForm({ title, content: "One" });
    const response = await post("/admin/articles/new", owner, form({ title: `${title}!`, content: "Two" }));
    expect(response.status).toBe(302);
    const second = (await articleIdByTitle(`${title}!`))!;
    const base = (await readArticle(first))!.slug;
    expect((await readArticle(second))!.slug).toBe(`${base}-2`);
  });

  it("edits with published_at by the spec's rules and keeps what was typed when the edit is refused", async () => {
    const title = `Publish me ${Date.now()}`;
    const response = await post("/admin/articles/new", owner, form({ title, content: "Body", status: "published" }));
    expect(response.status).toBe(302);
    const id = (await articleIdByTitle(title))!;
    const firstPublished = (await readArticle(id))!.publishedAt!;
    expect(firstPublished).toBeInstanceOf(Date);

    const edit = await get(`/admin/articles/${id}`, owner);
    expect(edit.status).toBe(200);
    expect(await edit.text()).toContain(`value="${title}"`);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const republished = await post(
      `/admin/articles/${id}`,
      owner,
      form({ title, content: "New body", status: "published", featuredImageUrl: "/uploads/media/articles/x.png", featuredImageAlt: "A class reading" }),
    );
    expect(republished.status).toBe(302);
    const afterEdit = (await readArticle(id))!;
    expect(afterEdit.publishedAt!.getTime()).toBeGreaterThan(firstPublished.getTime());
    expect(afterEdit).toMatchObject({ content: "New body", featuredImageUrl: "/uploads/media/articles/x.png" });
    expect(afterEdit.updatedAt.getTime()).toBeGreaterThan(afterEdit.createdAt.getTime());
    const toast = await fetch(`${server.url}/admin/articles`, {
      headers: { Cookie: `${owner.header()}; ${republished.headers.getSetCookie()[0]!.split(";")[0]}` },
    });
    expect(await toast.text()).toContain("Article updated successfully!");

    expect((await post(`/admin/articles/${id}`, owner, form({ title, content: "New body", status: "draft" }))).status).toBe(302);
    expect((await readArticle(id))!.publishedAt).toBeNull();

    const refused = await post(`/admin/articles/${id}`, owner, form({ title: "", content: "Typed while editing", status: "published" }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Missing fields: Title, content, and category are required.");
    expect(html).toContain("Typed while editing");
    expect((await readArticle(id))!).toMatchObject({ title, content: "New body", status: "draft" });
  });

  it("answers an unknown or malformed id with the 404 page inside the admin shell", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const response = await get(`/admin/articles/${id}`, owner);
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(html).toContain("Oops! Page not found");
      expect(html).toContain('aria-label="Admin"'); // the shell's sidebar is still there
    }
    const update = await post("/admin/articles/00000000-0000-4000-8000-000000000000", owner, form({ title: "Ghost", content: "Body" }));
    expect(update.status).toBe(400);
    expect(await update.text()).toContain("This article no longer exists.");
  });

  it("deletes an article from the list with the success toast", async () => {
    const id = await createThroughForm({ title: `Delete me ${Date.now()}`, content: "Body" });
    const response = await post("/admin/articles", owner, { intent: "delete", id });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Article deleted successfully!");
    expect(await readArticle(id)).toBeUndefined();
    const again = await post("/admin/articles", owner, { intent: "delete", id });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This article no longer exists.");
  });

  it("previews Markdown exactly as the public page renders it", async () => {
    const content = "## Heading\nLine one\nline two with **bold** <script>alert(1)</script>";
    const response = await post("/admin/articles/preview", owner, { content });
    expect(response.status).toBe(200);
    const { html } = (await response.json()) as { html: string };
    expect(html).toBe(renderMarkdown(content));
    expect(html).toContain("<h2>Heading</h2>");
    expect(html).not.toContain("<script>");
  });

  it("refuses every admin article route and mutation to anonymous callers and normal users, changing nothing", async () => {
    const { db, storage } = server.services;
    const id = await createThroughForm({ title: `Guarded ${Date.now()}`, content: "Original" });
    const snapshot = async () => JSON.stringify(await db.select().from(articles).orderBy(articles.id));
    const before = await snapshot();
    const filesBefore = await storage.list("media");

    const reads = [
      "/admin/articles",
      "/admin/articles/new",
      `/admin/articles/${id}`,
      "/admin/articles.data",
      "/admin/articles/new.data",
      `/admin/articles/${id}.data`,
    ];
    const writes: [string, Record<string, string>][] = [
      ["/admin/articles/new", form({ title: "Intruder", content: "x" })],
      ["/admin/articles/new.data", form({ title: "Intruder", content: "x" })],
      [`/admin/articles/${id}`, form({ title: "Hijacked", content: "x", status: "published" })],
      [`/admin/articles/${id}.data`, form({ title: "Hijacked", content: "x", status: "published" })],
      ["/admin/articles", { intent: "delete", id }],
      ["/admin/articles.data", { intent: "delete", id }],
      ["/admin/articles/preview", { content: "x" }],
      ["/admin/uploads", { folder: "articles" }],
    ];
    for (const path of reads) {
      const anonymous = await get(path, null);
      if (path.endsWith(".data")) {
        // Single-fetch data requests carry the redirect to sign-in in their body, and nothing else.
        expect(anonymous.status, path).toBe(202);
        const body = await anonymous.text();
        expect(body, path).toContain('"SingleFetchRedirect"');
        expect(body, path).toContain("/auth?redirectTo=");
        expect(body, path).not.toContain("Guarded");
      } else {
        expect(anonymous.status, path).toBe(302);
        expect(anonymous.headers.get("location"), path).toMatch(/^\/auth\?redirectTo=/);
      }
      expect((await get(path, reader)).status, path).toBe(403);
    }
    for (const [path, fields] of writes) {
      const anonymous = await post(path, null, fields);
      expect([302, 202, 204, 401], `${path} ${anonymous.status}`).toContain(anonymous.status);
      expect((await post(path, reader, fields)).status, path).toBe(403);
    }
    expect(await snapshot()).toBe(before);
    expect(await storage.list("media")).toEqual(filesBefore);
  });
});

/** The text a person reads in an element's markup: its tags dropped, its entities read. */
const readable = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** What the Articles screen says a batch did (its status region), as a person reads it. */
function batchOutcome(html: string) {
  const region = /<div role="status"[^>]*>([\s\S]*?)<a [^>]*aria-label="Dismiss"/.exec(html);
  expect(region, "the batch's outcome on the screen").not.toBeNull();
  return readable(region![1]!);
}

describe(`admin articles: changes to the selected articles at once (${testDatabaseKind})`, () => {
  const staff = {} as Record<"contributor" | "author", { id: string; jar: CookieJar }>;
  beforeAll(async () => {
    for (const role of ["contributor", "author"] as const) {
      const account = await anAccount(server.services.db, { role, displayName: `Batch ${role}` });
      staff[role] = { id: account.id, jar: await signInOverHttp(server.url, account.email, account.password) };
    }
  });

  /** Sends the batch form as the browser does: each selected article an `id`, the button pressed its `change`. */
  const batch = (jar: CookieJar, ids: string[], fields: Record<string, string>) =>
    fetch(`${server.url}/admin/articles`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
      body: new URLSearchParams([["intent", "batch"], ...Object.entries(fields), ...ids.map((id): [string, string] => ["id", id])]),
    });

  const revisionsOf = async (id: string) => (await server.services.db.select().from(articleRevisions).where(eq(articleRevisions.articleId, id))).length;

  it("publishes, unpublishes and moves the selected articles, each saved as its edit would be, and says how many changed", async () => {
    const { db } = server.services;
    const drafts = await Promise.all([1, 2, 3].map((n) => anArticle(db, { title: `Batch draft ${n}`, status: "draft", authorId: ownerId })));
    const ids = drafts.map((article) => article.id);

    const published = await batch(owner, ids, { change: "publish" });
    expect(published.status).toBe(200);
    expect(batchOutcome(await published.text())).toBe("3 articles published.");
    for (const id of ids) {
      const article = await readArticle(id);
      expect(article).toMatchObject({ status: "published", scheduledAt: null });
      expect(article!.publishedAt).toBeInstanceOf(Date);
      expect(await revisionsOf(id)).toBe(1); // the save's revision, with who made it
    }

    const alreadyDraft = await anArticle(db, { title: "Batch already a draft", status: "draft", authorId: ownerId });
    const unpublished = await batch(owner, [ids[0]!, ids[1]!, alreadyDraft.id], { change: "unpublish" });
    expect(batchOutcome(await unpublished.text())).toBe("2 articles unpublished.Not changed (1):“Batch already a draft”: It is already a draft.");
    expect((await readArticle(ids[0]!))!.status).toBe("draft");
    expect((await readArticle(ids[0]!))!.publishedAt).toBeNull();
    expect((await readArticle(ids[2]!))!.status).toBe("published");

    const moved = await batch(owner, ids, { change: "category", categoryId });
    const [technology] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId));
    expect(batchOutcome(await moved.text())).toBe(`3 articles moved to ${technology!.name}.`);
    for (const id of ids) expect((await readArticle(id))!.categoryId).toBe(categoryId);
    // The published one stayed published.
    expect((await readArticle(ids[2]!))!.status).toBe("published");
  });

  it("asks before deleting the selected articles, names them, then deletes them", async () => {
    const { db } = server.services;
    const doomed = await Promise.all(["First to go", "Second to go"].map((title) => anArticle(db, { title, status: "draft", authorId: ownerId })));
    const ids = doomed.map((article) => article.id);
    const asked = await batch(owner, ids, { change: "delete" });
    expect(asked.status).toBe(200);
    const question = readable(/<section aria-labelledby="article-delete-heading"[^>]*>([\s\S]*?)<\/section>/.exec(await asked.text())![1]!);
    expect(question).toContain("Delete 2 articles?This cannot be undone.First to goSecond to go");
    expect(question).toContain("Cancel");
    for (const id of ids) expect(await readArticle(id)).toBeDefined();

    const deleted = await batch(owner, ids, { change: "delete", confirmed: "yes" });
    expect(batchOutcome(await deleted.text())).toBe("2 articles deleted.");
    for (const id of ids) expect(await readArticle(id)).toBeUndefined();
  });

  it("changes only what each role may: a refused article is named with why, the others still change", async () => {
    const { db } = server.services;
    const { author, contributor } = staff;
    const own = await anArticle(db, { title: "The author's draft", status: "draft", authorId: author.id });
    const waiting = await anArticle(db, { title: "The author's waiting piece", status: "pending", authorId: author.id });
    const others = await anArticle(db, { title: "The owner's draft", status: "draft", authorId: ownerId });
    const response = await batch(author.jar, [own.id, waiting.id, others.id], { change: "publish" });
    expect(response.status).toBe(200);
    expect(batchOutcome(await response.text())).toBe(
      "1 article published.Not changed (2):" +
        "An article: It no longer exists, or it is not yours to change." +
        "“The author's waiting piece”: It is waiting for review: an editor decides on it now.",
    );
    expect((await readArticle(own.id))!.status).toBe("published");
    expect((await readArticle(waiting.id))!.status).toBe("pending");
    expect((await readArticle(others.id))!.status).toBe("draft");

    // A contributor is offered no Publish; sent anyway, it is refused, and so is deleting what has gone live.
    expect(await (await get("/admin/articles", contributor.jar)).text()).not.toContain("Publish selected");
    const draft = await anArticle(db, { title: "The contributor's draft", status: "draft", authorId: contributor.id });
    const live = await anArticle(db, { title: "The contributor's published piece", status: "published", authorId: contributor.id });
    const publish = await batch(contributor.jar, [draft.id], { change: "publish" });
    expect(batchOutcome(await publish.text())).toBe(
      "0 articles published.Not changed (1):“The contributor's draft”: An editor publishes it: submit it for review instead.",
    );
    const remove = await batch(contributor.jar, [draft.id, live.id], { change: "delete", confirmed: "yes" });
    expect(batchOutcome(await remove.text())).toBe(
      "1 article deleted.Not changed (1):“The contributor's published piece”: Only an editor can delete it once it is no longer a draft.",
    );
    expect(await readArticle(draft.id)).toBeUndefined();
    expect(await readArticle(live.id)).toBeDefined();
  });

  it("refuses a batch with nothing selected or no category chosen, and anyone but staff", async () => {
    const article = await anArticle(server.services.db, { title: "Batch untouched", status: "draft", authorId: ownerId });
    const none = await batch(owner, [], { change: "publish" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Select the articles to change first.");
    const noCategory = await batch(owner, [article.id], { change: "category", categoryId: "" });
    expect(noCategory.status).toBe(400);
    expect(await noCategory.text()).toContain("Choose the category to move them to.");
    expect((await batch(reader, [article.id], { change: "publish" })).status).toBe(403);
    expect((await readArticle(article.id))!.status).toBe("draft");
  });
});
