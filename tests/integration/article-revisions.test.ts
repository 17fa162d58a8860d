import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleRevisions, articles } from "#database/schema";
import { keptRevisions } from "#app/server/articles/article-revisions.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { aCategory } from "#tests/factories";

let server: TestServer;
let owner: CookieJar;
let categoryId: string;

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  ({ id: categoryId } = await aCategory(server.services.db));
});
afterAll(() => server.close());

function post(path: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: owner.header() },
    body: new URLSearchParams(fields),
  });
}

const fields = (changes: Record<string, string> = {}) => ({
  title: "Fractions with bottle tops",
  excerpt: "",
  content: "Collect bottle tops.",
  categoryId,
  status: "draft",
  ...changes,
});

async function created(title: string) {
  expect((await post("/admin/articles/new", fields({ title }))).status).toBe(302);
  const [row] = await server.services.db.select({ id: articles.id }).from(articles).where(eq(articles.title, title));
  return row!.id;
}

const revisionsOf = (id: string) =>
  server.services.db
    .select()
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, id))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id));

const editPage = async (id: string, query = "") => (await fetch(`${server.url}/admin/articles/${id}${query}`, { headers: { Cookie: owner.header() } })).text();

describe(`article revisions (${testDatabaseKind})`, () => {
  it("keeps a revision for each save that changes the article, with who saved it, and none for a save that changes nothing", async () => {
    const id = await created("Revised article");
    expect(await revisionsOf(id)).toHaveLength(1);
    await post(`/admin/articles/${id}`, fields({ title: "Revised article" }));
    expect(await revisionsOf(id)).toHaveLength(1);
    await post(`/admin/articles/${id}`, fields({ title: "Revised article", content: "Collect bottle tops in two colours." }));
    const revisions = await revisionsOf(id);
    expect(revisions).toHaveLength(2);
    expect(revisions[0]).toMatchObject({ content: "Collect bottle tops in two colours.", status: "draft" });
    const page = await editPage(id);
    expect(page).toContain("Revisions");
    expect(page).toContain("Changed: <!-- -->content");
    expect(page).toContain("Changed: <!-- -->created");
    expect(page).toContain("by <!-- -->owner");
  });

  it("shows what changed from a revision to the article now, word by word and line by line", async () => {
    const id = await created("Compared article");
    await post(`/admin/articles/${id}`, fields({ title: "Compared article, improved", content: "Collect bottle tops.\nCount them in tens." }));
    const oldest = (await revisionsOf(id)).at(-1)!;
    const page = await editPage(id, `?compare=${oldest.id}`);
    expect(page).toMatch(/<ins[^>]*>, improved<\/ins>/);
    expect(page).toMatch(/<span>Collect bottle tops\.\n<\/span><ins[^>]*>Count them in tens\.\n<\/ins>/);
  });

  it("restores a revision as a new one, and refuses one that does not exist", async () => {
    const id = await created("Restored article");
    await post(`/admin/articles/${id}`, fields({ title: "Restored article", content: "A worse version." }));
    const original = (await revisionsOf(id)).at(-1)!;
    const restored = await post(`/admin/articles/${id}`, { intent: "restore", revisionId: original.id });
    expect(restored.status).toBe(302);
    expect(restored.headers.get("location")).toBe(`/admin/articles/${id}`);
    const [row] = await server.services.db.select().from(articles).where(eq(articles.id, id));
    expect(row!.content).toBe("Collect bottle tops.");
    const revisions = await revisionsOf(id);
    expect(revisions).toHaveLength(3);
    expect(revisions[0]!.content).toBe("Collect bottle tops.");

    const missing = await post(`/admin/articles/${id}`, { intent: "restore", revisionId: crypto.randomUUID() });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("This revision no longer exists.");
  });

  it(`keeps the last ${keptRevisions} revisions of an article`, async () => {
    const id = await created("Busy article");
    for (let save = 1; save <= keptRevisions + 5; save++) {
      expect((await post(`/admin/articles/${id}`, fields({ title: "Busy article", content: `Version ${save}` }))).status).toBe(302);
    }
    const [kept] = await server.services.db.select({ n: count() }).from(articleRevisions).where(eq(articleRevisions.articleId, id));
    expect(kept!.n).toBe(keptRevisions);
    expect((await revisionsOf(id))[0]!.content).toBe(`Version ${keptRevisions + 5}`);
  });
});
