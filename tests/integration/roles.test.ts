import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, mediaUploads, profiles } from "#database/schema";
import { roles } from "#app/lib/access";
import { aCategory, anAccount, anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// What each staff role may do with articles and uploads, tried over HTTP as the browser would:
// what the role allows succeeds, the rest is refused with 403 and changes nothing.

let server: TestServer;
let categoryId: string;
const staff = {} as Record<"contributor" | "author" | "editor", { id: string; jar: CookieJar }>;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  const { db } = server.services;
  categoryId = (await aCategory(db, { name: "Classroom" })).id;
  for (const role of ["contributor", "author", "editor"] as const) {
    const account = await anAccount(db, { role, displayName: `A ${role}` });
    staff[role] = { id: account.id, jar: await signInOverHttp(server.url, account.email, account.password) };
  }
});
afterAll(() => server.close());

const post = (path: string, jar: CookieJar, fields: Record<string, string>) => postForm(server.url, path, fields, jar);
const get = (path: string, jar: CookieJar) => fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: jar.header() } });
const articleForm = (fields: Record<string, string>) => ({
  title: "",
  excerpt: "",
  content: "Some words.",
  categoryId,
  status: "draft",
  featuredImageUrl: "",
  ...fields,
});
const row = async (id: string) => (await server.services.db.select().from(articles).where(eq(articles.id, id)))[0];
const idByTitle = async (title: string) => (await server.services.db.select({ id: articles.id }).from(articles).where(eq(articles.title, title)))[0]?.id;

describe(`staff roles and articles (${testDatabaseKind})`, () => {
  it("keeps the database's roles and the code's table the same", () => {
    expect(profiles.role.enumValues).toEqual([...roles]);
  });

  it("a contributor writes drafts only, edits and deletes only their own drafts", async () => {
    const { id, jar } = staff.contributor;
    expect((await post("/admin/articles/new", jar, articleForm({ title: "Published by a contributor", status: "published" }))).status).toBe(403);
    expect(await idByTitle("Published by a contributor")).toBeUndefined();

    expect((await post("/admin/articles/new", jar, articleForm({ title: "A lesson that worked" }))).status).toBe(302);
    const own = (await idByTitle("A lesson that worked"))!;
    expect(await row(own)).toMatchObject({ authorId: id, status: "draft" });
    expect((await get(`/admin/articles/${own}`, jar)).status).toBe(200);
    expect(
      (await post(`/admin/articles/${own}`, jar, articleForm({ title: "A lesson that worked", status: "scheduled", scheduledAt: "2099-01-01T09:00" }))).status,
    ).toBe(403);
    expect((await row(own))!.status).toBe("draft");
    expect((await post(`/admin/articles/${own}`, jar, articleForm({ title: "A lesson that worked well" }))).status).toBe(302);
    expect((await row(own))!.title).toBe("A lesson that worked well");

    const others = await anArticle(server.services.db, { title: "Someone else's draft", status: "draft", categoryId, authorId: staff.author.id });
    expect((await get(`/admin/articles/${others.id}`, jar)).status).toBe(403);
    expect((await post(`/admin/articles/${others.id}`, jar, articleForm({ title: "Taken over" }))).status).toBe(403);
    expect((await post("/admin/articles", jar, { intent: "delete", id: others.id })).status).toBe(403);
    expect((await post(`/admin/articles/${others.id}`, jar, { intent: "note", note: "Not mine to review" })).status).toBe(403);
    const autosave = await fetch(`${server.url}/admin/articles/autosave`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/json", Cookie: jar.header() },
      body: JSON.stringify({ articleKey: others.id, values: articleForm({ title: "Kept for someone else" }) }),
    });
    expect(autosave.status).toBe(403);
    expect((await row(others.id))!.title).toBe("Someone else's draft");

    // The list is theirs alone, and says so.
    const list = await (await get("/admin/articles", jar)).text();
    expect(list).toContain("My Articles");
    expect(list).toContain("A lesson that worked well");
    expect(list).not.toContain("Someone else&#x27;s draft");

    // Once published by an editor, the contributor can no longer change or delete it.
    await server.services.db.update(articles).set({ status: "published", publishedAt: new Date() }).where(eq(articles.id, own));
    expect((await get(`/admin/articles/${own}`, jar)).status).toBe(403);
    expect((await post("/admin/articles", jar, { intent: "delete", id: own })).status).toBe(403);
    expect(await row(own)).toBeDefined();
  });

  it("a contributor deletes their own draft", async () => {
    const draft = await anArticle(server.services.db, { status: "draft", categoryId, authorId: staff.contributor.id });
    expect((await post("/admin/articles", staff.contributor.jar, { intent: "delete", id: draft.id })).status).toBe(200);
    expect(await row(draft.id)).toBeUndefined();
  });

  it("an author publishes and edits their own articles, and no one else's", async () => {
    const { id, jar } = staff.author;
    expect((await post("/admin/articles/new", jar, articleForm({ title: "Reading corners", status: "published" }))).status).toBe(302);
    const own = (await idByTitle("Reading corners"))!;
    expect(await row(own)).toMatchObject({ authorId: id, status: "published" });
    expect((await post(`/admin/articles/${own}`, jar, articleForm({ title: "Reading corners, a year on", status: "published" }))).status).toBe(302);
    // Published: edited, not deleted.
    expect((await post("/admin/articles", jar, { intent: "delete", id: own })).status).toBe(403);

    const editors = await anArticle(server.services.db, { title: "The editor's piece", categoryId, authorId: staff.editor.id });
    expect((await post(`/admin/articles/${editors.id}`, jar, articleForm({ title: "Rewritten", status: "published" }))).status).toBe(403);
    expect((await row(editors.id))!.title).toBe("The editor's piece");
  });

  it("an editor edits, publishes and deletes anyone's article", async () => {
    const { jar } = staff.editor;
    const draft = await anArticle(server.services.db, { title: "Waiting for an editor", status: "draft", categoryId, authorId: staff.contributor.id });
    expect((await post(`/admin/articles/${draft.id}`, jar, articleForm({ title: "Waiting for an editor", status: "published" }))).status).toBe(302);
    expect(await row(draft.id)).toMatchObject({ status: "published", authorId: staff.contributor.id });
    expect((await post("/admin/articles", jar, { intent: "delete", id: draft.id })).status).toBe(200);
    expect(await row(draft.id)).toBeUndefined();
  });

  it("uploads are kept as their uploader's; a contributor may not upload team photos", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const upload = (folder: string) => {
      const body = new FormData();
      body.set("file", new File([png], "dot.png", { type: "image/png" }));
      body.set("folder", folder);
      return fetch(`${server.url}/admin/uploads`, { method: "POST", headers: { Origin: server.url, Cookie: staff.contributor.jar.header() }, body });
    };
    expect((await upload("team")).status).toBe(403);
    const answer = await upload("articles");
    expect(answer.status).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    const [kept] = await server.services.db.select().from(mediaUploads).where(eq(mediaUploads.url, url));
    expect(kept?.uploadedBy).toBe(staff.contributor.id);
    // Their library lists it; another contributor's does not.
    expect(await (await get("/admin/media", staff.contributor.jar)).text()).toContain(url.split("/").pop()!);
    const other = await anAccount(server.services.db, { role: "contributor" });
    const otherJar = await signInOverHttp(server.url, other.email, other.password);
    expect(await (await get("/admin/media", otherJar)).text()).not.toContain(url.split("/").pop()!);
    const [, bucket, ...rest] = new URL(url, server.url).pathname.split("/").slice(1);
    expect((await post("/admin/media", otherJar, { intent: "delete", bucket: bucket!, path: rest.join("/") })).status).toBe(403);
  });
});
