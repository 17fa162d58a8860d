import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleAutosaves, articleRevisions, articles } from "#database/schema";
import { signUp } from "#app/server/auth/auth.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { aCategory } from "#tests/factories";

let server: TestServer;
let owner: CookieJar;
let categoryId: string;
let articleId: string;

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  const { db } = server.services;
  ({ id: categoryId } = await aCategory(db));
  const response = await post("/admin/articles/new", owner, new URLSearchParams(values({ title: "Kept while typing" })));
  expect(response.status).toBe(302);
  articleId = (await db.select({ id: articles.id }).from(articles).where(eq(articles.title, "Kept while typing")))[0]!.id;
});
afterAll(() => server.close());

const values = (changes: Record<string, string> = {}) => ({
  title: "Kept while typing",
  excerpt: "",
  content: "First words.",
  categoryId,
  status: "draft",
  featuredImageUrl: "",
  scheduledAt: "",
  ...changes,
});

function post(path: string, jar: CookieJar, body: URLSearchParams | object) {
  const json = !(body instanceof URLSearchParams);
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": json ? "application/json" : "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: json ? JSON.stringify(body) : body,
  });
}

const revisionCount = async () =>
  (await server.services.db.select({ n: count() }).from(articleRevisions).where(eq(articleRevisions.articleId, articleId)))[0]!.n;
const editPage = async () => (await fetch(`${server.url}/admin/articles/${articleId}`, { headers: { Cookie: owner.header() } })).text();

describe(`autosave of the article form (${testDatabaseKind})`, () => {
  it("keeps what is typed without making a revision, and offers it back on the edit screen", async () => {
    const revisions = await revisionCount();
    for (const content of ["First words. More", "First words. More words", "First words. More words, typed on."]) {
      const response = await post("/admin/articles/autosave", owner, { articleKey: articleId, values: values({ content }) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ savedAt: expect.any(String) });
    }
    expect(await revisionCount()).toBe(revisions);
    const [row] = await server.services.db.select().from(articles).where(eq(articles.id, articleId));
    expect(row!.content).toBe("First words."); // the article itself is unchanged
    // The edit screen carries it in its data; the browser offers it back (tests/e2e/article-autosave.spec.ts),
    // once it knows whether this device kept a newer copy.
    expect(await editPage()).toContain("First words. More words, typed on.");
  });

  it("forgets the autosave once the article is saved, and the save makes one revision", async () => {
    const revisions = await revisionCount();
    const saved = await post(`/admin/articles/${articleId}`, owner, new URLSearchParams(values({ content: "First words. More words, typed on." })));
    expect(saved.status).toBe(302);
    expect(await revisionCount()).toBe(revisions + 1);
    expect(await server.services.db.select().from(articleAutosaves).where(eq(articleAutosaves.articleKey, articleId))).toEqual([]);
  });

  it("keeps a new article's text under its own key, discards on request, and refuses bad input and non-staff", async () => {
    expect((await post("/admin/articles/autosave", owner, { articleKey: "new", values: values({ title: "Not created yet" }) })).status).toBe(200);
    const newPage = await (await fetch(`${server.url}/admin/articles/new`, { headers: { Cookie: owner.header() } })).text();
    expect(newPage).toContain("Not created yet");
    expect((await post("/admin/articles/autosave", owner, { articleKey: "new", discard: true })).status).toBe(200);
    expect(await (await fetch(`${server.url}/admin/articles/new`, { headers: { Cookie: owner.header() } })).text()).not.toContain("Not created yet");

    expect((await post("/admin/articles/autosave", owner, { articleKey: "../etc", values: values() })).status).toBe(400);
    expect((await post("/admin/articles/autosave", owner, { articleKey: "new", values: { title: "x".repeat(3000) } })).status).toBe(400);
    await signUp({ email: "reader@example.com", password: "reader-secret" }, { ip: "127.0.0.1" });
    const reader = await signInOverHttp(server.url, "reader@example.com", "reader-secret");
    expect((await post("/admin/articles/autosave", reader, { articleKey: "new", values: values() })).status).toBe(403);
  });

  it("goes with its article when the article is deleted", async () => {
    await post("/admin/articles/autosave", owner, { articleKey: articleId, values: values({ content: "Unsaved words" }) });
    const deleted = await post("/admin/articles", owner, new URLSearchParams({ intent: "delete", id: articleId }));
    expect(deleted.status).toBe(200);
    expect(await server.services.db.select().from(articleAutosaves).where(eq(articleAutosaves.articleKey, articleId))).toEqual([]);
  });
});
