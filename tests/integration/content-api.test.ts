import { and, desc, eq, inArray } from "drizzle-orm";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  articleAuthors,
  articleResources,
  articleSubjects,
  articleTags,
  articles,
  contentApiKeys,
  guestAuthors,
  profiles,
  subjects,
  tags,
} from "#database/schema";
import { aCategory, aCommunityQuestion, anAccount, anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { apiKeyTexts, contentApiBasePath, contentApiDocumentPath, contentApiRequestsPerMinute } from "#app/lib/content-api";
import { createApiKey } from "#app/server/content-api/keys.server";

// The Content API as a client generated from its OpenAPI document would use it: every answer is
// checked against the document's own schema for that path and status (JSON Schema 2020-12).

type Json = Record<string, unknown>;
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> } }>;
};

let document: OpenApiDocument;
let ajv: InstanceType<typeof Ajv2020>;

/** Checks `body` against the document's schema for the answer `status` of `template` (e.g. "/articles/{id}"). */
function expectDocumented(template: string, status: number, body: unknown) {
  const answer = document.paths[template]?.get.responses[String(status)];
  expect(answer, `${template} ${status} is documented`).toBeDefined();
  const ref = answer!.content!["application/json"]!.schema.$ref;
  const validate = ajv.getSchema(`openapi${ref}`)!;
  expect(validate, ref).toBeDefined();
  const valid = validate(body);
  expect(valid ? [] : validate.errors, `${template} ${status} matches ${ref}`).toEqual([]);
}

const hour = 60 * 60 * 1000;
const startedAt = Date.now();

describe(`the Content API (${testDatabaseKind})`, () => {
  let server: TestServer;
  let owner: CookieJar;
  let editor: CookieJar;
  let key: string;
  let published: string[];
  let drafts: string[];
  const slugs = { first: "", second: "" };

  const api = (path: string, init: { key?: string | null; headers?: Record<string, string>; method?: string } = {}) => {
    const given = init.key === undefined ? key : init.key;
    return fetch(`${server.url}${contentApiBasePath}${path}`, {
      method: init.method ?? "GET",
      headers: { ...(given ? { Authorization: `Bearer ${given}` } : {}), ...init.headers },
    });
  };
  const apiJson = async (path: string) => {
    const response = await api(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as Json;
  };

  /** Makes a key on the admin screen, as an admin would; returns it as the screen shows it once. */
  async function keyFromScreen(name: string) {
    const response = await postForm(server.url, "/admin/api-keys", { intent: "create", name }, owner);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(apiKeyTexts.shownOnce);
    return html.match(/edu_[A-Za-z0-9_-]{32}/)![0];
  }

  beforeAll(async () => {
    server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
    const { db } = server.services;
    const editorAccount = await anAccount(db, { role: "editor", email: "editor@example.com" });
    [owner, editor] = await Promise.all([
      signInOverHttp(server.url, "owner@example.com", "owner-secret"),
      signInOverHttp(server.url, editorAccount.email, editorAccount.password),
    ]);

    const first = await aCategory(db, { name: "Teaching Tips" });
    const second = await aCategory(db, { name: "School News" });
    slugs.first = first.slug;
    slugs.second = second.slug;
    // The editor writes with a public author profile: its name and page, never its email.
    await db.update(profiles).set({ displayName: "Ada Banda", authorSlug: "ada-banda" }).where(eq(profiles.id, editorAccount.id));
    const [guest] = await db.insert(guestAuthors).values({ name: "Guest Writer", slug: "guest-writer", bio: "Writes sometimes." }).returning();

    // 23 published articles, two sharing a publication moment (the id breaks the tie).
    published = [];
    for (let index = 0; index < 23; index++) {
      const moment = new Date(startedAt - Math.floor(index / 2) * hour);
      const article = await anArticle(db, {
        title: `Published ${index}`,
        categoryId: index % 2 === 0 ? first.id : second.id,
        publishedAt: moment,
        authorId: index === 0 ? editorAccount.id : null,
        language: index === 3 ? "bem" : "en",
        level: index === 4 ? "grade-4" : null,
        resourceType: index === 4 ? "worksheet" : null,
      });
      published.push(article.id);
    }
    drafts = [
      (await anArticle(db, { title: "Secret draft", status: "draft", categoryId: first.id })).id,
      (await anArticle(db, { title: "Scheduled piece", status: "scheduled", categoryId: first.id })).id,
      (await anArticle(db, { title: "Waiting review", status: "pending", categoryId: first.id })).id,
    ];
    const [phonics] = await db.insert(tags).values({ name: "Phonics", slug: "phonics" }).returning();
    const [hidden] = await db.insert(tags).values({ name: "Unannounced", slug: "unannounced" }).returning();
    await db.insert(articleTags).values([
      { articleId: published[1]!, tagId: phonics!.id },
      { articleId: published[2]!, tagId: phonics!.id },
      { articleId: drafts[0]!, tagId: hidden!.id },
    ]);
    await db.insert(articleAuthors).values({ articleId: published[5]!, position: 0, guestId: guest!.id });
    const [subject] = await db.select().from(subjects).limit(1);
    await db.insert(articleSubjects).values({ articleId: published[4]!, subjectId: subject!.id });
    await db.insert(articleResources).values({
      articleId: published[4]!,
      title: "Worksheet one",
      format: "pdf",
      resourceType: "worksheet",
      storageKey: "resources/test.pdf",
      sizeBytes: 1234,
      pageCount: 2,
    });
    await aCommunityQuestion(db, { title: "How do I teach fractions?", status: "published", publishedAt: new Date(), categories: ["curriculum"] });
    await aCommunityQuestion(db, { title: "Still waiting", status: "pending" });

    document = (await (await fetch(`${server.url}${contentApiDocumentPath}`)).json()) as OpenApiDocument;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(document as object, "openapi");
    key = await keyFromScreen("Test client");
  });
  afterAll(() => server.close());

  it("serves its OpenAPI 3.1 document without a key, describing every endpoint and both ways to send a key", async () => {
    const response = await fetch(`${server.url}${contentApiDocumentPath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const served = (await response.json()) as Json & { servers: Array<{ url: string }>; components: { securitySchemes: Json; schemas: Json } };
    expect(served.openapi).toBe("3.1.0");
    expect(served.servers[0]!.url).toBe(`${server.services.config.PUBLIC_URL}${contentApiBasePath}`);
    expect(Object.keys(document.paths).sort()).toEqual(["/articles", "/articles/{id}", "/authors", "/categories", "/questions", "/tags"]);
    expect(served.components.securitySchemes).toMatchObject({
      bearerKey: { type: "http", scheme: "bearer" },
      queryKey: { type: "apiKey", in: "query", name: "key" },
    });
    // Every schema the document names compiles as JSON Schema 2020-12.
    for (const name of Object.keys(served.components.schemas)) expect(ajv.getSchema(`openapi#/components/schemas/${name}`), name).toBeDefined();
  });

  it("refuses a request without a key, with a wrong key and with a revoked key: 401 with the documented error", async () => {
    const missing = await api("/articles", { key: null });
    expect(missing.status).toBe(401);
    const missingBody = await missing.json();
    expectDocumented("/articles", 401, missingBody);
    expect(missingBody).toEqual({ errors: [{ message: apiKeyTexts.missingKey, type: "Unauthorized" }] });
    expect(missing.headers.get("access-control-allow-origin")).toBe("*");

    const wrong = await api("/articles", { key: "edu_not-a-real-key-at-all-0000000000" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ errors: [{ message: apiKeyTexts.invalidKey, type: "Unauthorized" }] });

    const doomed = await keyFromScreen("Short-lived");
    expect((await api("/tags", { key: doomed })).status).toBe(200);
    const [row] = await server.services.db.select({ id: contentApiKeys.id }).from(contentApiKeys).where(eq(contentApiKeys.name, "Short-lived"));
    const revoked = await postForm(server.url, "/admin/api-keys", { intent: "revoke", id: row!.id }, owner);
    expect(revoked.status).toBe(200);
    const after = await api("/tags", { key: doomed });
    expect(after.status).toBe(401);
    expectDocumented("/tags", 401, await after.json());
    // The key is never stored: only its hash and a short prefix.
    const [stored] = await server.services.db.select().from(contentApiKeys).where(eq(contentApiKeys.id, row!.id));
    expect(JSON.stringify(stored)).not.toContain(doomed);
    expect(doomed.startsWith(stored!.prefix)).toBe(true);
    expect(stored!.revokedAt).not.toBeNull();
  });

  it("takes the key as ?key= too, as Ghost's Content API does", async () => {
    const response = await fetch(`${server.url}${contentApiBasePath}/categories?key=${encodeURIComponent(key)}`);
    expect(response.status).toBe(200);
    expectDocumented("/categories", 200, await response.json());
  });

  it("keeps the key screen to admins: an editor gets 403 and makes no key", async () => {
    const screen = await fetch(`${server.url}/admin/api-keys`, { headers: { Cookie: editor.header() }, redirect: "manual" });
    expect(screen.status).toBe(403);
    const before = (await server.services.db.select({ id: contentApiKeys.id }).from(contentApiKeys)).length;
    const attempt = await postForm(server.url, "/admin/api-keys", { intent: "create", name: "Sneaky" }, editor);
    expect(attempt.status).toBe(403);
    expect((await server.services.db.select({ id: contentApiKeys.id }).from(contentApiKeys)).length).toBe(before);
    const anonymous = await fetch(`${server.url}/admin/api-keys`, { redirect: "manual" });
    expect([302, 401, 403]).toContain(anonymous.status);
  });

  it("pages through every published article by keyset, newest first, without a repeat or a gap, and never a draft", async () => {
    const seen: string[] = [];
    let next: string | null = `${contentApiBasePath}/articles?limit=5`;
    let pages = 0;
    while (next) {
      const response = await fetch(next.startsWith("http") ? next : `${server.url}${next}`, { headers: { Authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        articles: Array<{ id: string }>;
        meta: { pagination: { next: string | null; nextUrl: string | null; total: number; limit: number } };
      };
      expectDocumented("/articles", 200, body);
      expect(body.meta.pagination).toMatchObject({ total: 23, limit: 5 });
      seen.push(...body.articles.map((article) => article.id));
      next = body.meta.pagination.nextUrl && body.meta.pagination.nextUrl.replace(server.services.config.PUBLIC_URL, server.url);
      expect(next === null).toBe(body.meta.pagination.next === null);
      pages++;
    }
    expect(pages).toBe(5);
    const expected = await server.services.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.status, "published"))
      .orderBy(desc(articles.publishedAt), desc(articles.id));
    expect(seen).toEqual(expected.map((row) => row.id));
    expect(new Set(seen).size).toBe(23);
    for (const id of drafts) expect(seen).not.toContain(id);
  });

  it("answers one article in full, with absolute URLs, bylines, tags, curriculum fields and resources; 404 for a draft or scheduled one", async () => {
    const response = await api(`/articles/${published[4]}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { articles: Array<Json & { resources: Array<Json>; category: Json; subjects: Json[] }> };
    expectDocumented("/articles/{id}", 200, body);
    const [article] = body.articles;
    const publicUrl = server.services.config.PUBLIC_URL;
    expect(article).toMatchObject({
      id: published[4],
      url: `${publicUrl}/articles/${published[4]}`,
      level: "grade-4",
      resourceType: "worksheet",
      language: "en",
    });
    expect(article!.category).toEqual({ name: "Teaching Tips", slug: slugs.first, url: `${publicUrl}/category/${slugs.first}` });
    expect(article!.contentHtml).toContain("Plain words for a test.");
    expect(article!.subjects).toHaveLength(1);
    expect(article!.resources).toEqual([
      expect.objectContaining({
        title: "Worksheet one",
        format: "pdf",
        sizeBytes: 1234,
        pageCount: 2,
        downloadUrl: expect.stringMatching(new RegExp(`^${publicUrl}/downloads/`)),
      }),
    ]);

    const byStaff = (await apiJson(`/articles/${published[0]}`)) as { articles: Array<{ authors: Json[] }> };
    expect(byStaff.articles[0]!.authors).toEqual([{ name: "Ada Banda", slug: "ada-banda", url: `${publicUrl}/author/ada-banda` }]);
    expect(JSON.stringify(byStaff)).not.toContain("@example.com");

    for (const id of [...drafts, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const missing = await api(`/articles/${id}`);
      expect(missing.status, id).toBe(404);
      expectDocumented("/articles/{id}", 404, await missing.json());
    }
  });

  it("filters articles by category, tag, author, level, subject, type and language; refuses a bad filter with 400", async () => {
    const ids = async (query: string) =>
      ((await apiJson(`/articles?limit=100&${query}`)) as { articles: Array<{ id: string }> }).articles.map((a) => a.id).sort();
    expect(await ids(`category=${slugs.second}`)).toEqual(published.filter((_, index) => index % 2 === 1).sort());
    expect(await ids("tag=phonics")).toEqual([published[1]!, published[2]!].sort());
    expect(await ids("tag=unannounced")).toEqual([]);
    expect(await ids("author=ada-banda")).toEqual([published[0]!]);
    expect(await ids("author=guest-writer")).toEqual([published[5]!]);
    expect(await ids("level=grade-4")).toEqual([published[4]!]);
    expect(await ids("type=worksheet")).toEqual([published[4]!]);
    expect(await ids("lang=bem")).toEqual([published[3]!]);
    const [subject] = await server.services.db.select({ slug: subjects.slug }).from(subjects).limit(1);
    expect(await ids(`subject=${subject!.slug}`)).toEqual([published[4]!]);
    expect(await ids("q=Published 1")).toEqual(published.filter((_, index) => String(index).startsWith("1")).sort());

    for (const query of ["level=grade-99", "limit=101", "limit=0", "type=poster", "cursor=garbage.signature", "sort=random"]) {
      const refused = await api(`/articles?${query}`);
      expect(refused.status, query).toBe(400);
      expectDocumented("/articles", 400, await refused.json());
    }
  });

  it("lists categories, tags of published articles, public authors and published questions, each as documented", async () => {
    const categories = (await apiJson("/categories")) as { categories: Array<{ slug: string; articleCount: number }> };
    expectDocumented("/categories", 200, categories);
    expect(categories.categories.find((category) => category.slug === slugs.first)?.articleCount).toBe(12);

    const tagList = (await apiJson("/tags")) as { tags: Array<{ slug: string; articleCount: number }> };
    expectDocumented("/tags", 200, tagList);
    // A tag only a draft uses is not public yet.
    expect(tagList.tags.map((tag) => [tag.slug, tag.articleCount])).toEqual([["phonics", 2]]);

    const authors = (await apiJson("/authors")) as { authors: Array<{ slug: string; kind: string }> };
    expectDocumented("/authors", 200, authors);
    expect(authors.authors.map((author) => [author.slug, author.kind])).toEqual([
      ["ada-banda", "staff"],
      ["guest-writer", "guest"],
    ]);
    expect(JSON.stringify(authors)).not.toContain("@");

    const firstAuthor = (await apiJson("/authors?limit=1")) as { meta: { pagination: { next: string } } };
    const secondAuthor = (await apiJson(`/authors?limit=1&cursor=${encodeURIComponent(firstAuthor.meta.pagination.next)}`)) as {
      authors: Array<{ slug: string }>;
    };
    expect(secondAuthor.authors.map((author) => author.slug)).toEqual(["guest-writer"]);

    const questions = (await apiJson("/questions")) as { questions: Array<{ title: string; answerCount: number; url: string }> };
    expectDocumented("/questions", 200, questions);
    expect(questions.questions.map((question) => question.title)).toEqual(["How do I teach fractions?"]);
    expect(questions.questions[0]!.answerCount).toBe(0);
    expect(((await apiJson("/questions?category=curriculum")) as { questions: unknown[] }).questions).toHaveLength(1);
    expect(((await apiJson("/questions?category=career")) as { questions: unknown[] }).questions).toHaveLength(0);
  });

  it("tags each answer with an ETag and answers 304 to a client that has it", async () => {
    const first = await api("/articles?limit=3");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("private, max-age=60");
    const again = await api("/articles?limit=3", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const other = await api("/articles?limit=4", { headers: { "If-None-Match": etag! } });
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).not.toBe(etag);
  });

  it("lets any origin read it: CORS headers on answers, and a preflight allowing the Authorization header", async () => {
    const response = await api("/tags", { headers: { Origin: "https://school.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toContain("ETag");
    const preflight = await fetch(`${server.url}${contentApiBasePath}/articles`, {
      method: "OPTIONS",
      headers: { Origin: "https://school.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");
    // Elsewhere OPTIONS is still refused, and the API refuses writes.
    expect((await fetch(`${server.url}/articles`, { method: "OPTIONS" })).status).toBe(405);
    const write = await fetch(`${server.url}${contentApiBasePath}/articles`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, Origin: server.url },
    });
    expect(write.status).toBe(405);
    // An unknown address under the API answers JSON, not the site's page.
    const unknown = await api("/posts");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });

  it("counts each request on its key and shows the count on the admin screen", async () => {
    const counted = await keyFromScreen("Counted client");
    for (let index = 0; index < 3; index++) expect((await api("/categories", { key: counted })).status).toBe(200);
    expect((await api("/nothing-here", { key: counted })).status).toBe(404);
    const [row] = await server.services.db
      .select({ requestCount: contentApiKeys.requestCount, lastUsedAt: contentApiKeys.lastUsedAt })
      .from(contentApiKeys)
      .where(and(eq(contentApiKeys.name, "Counted client")));
    expect(row!.requestCount).toBe(3);
    expect(row!.lastUsedAt).not.toBeNull();
    const screen = await (await fetch(`${server.url}/admin/api-keys`, { headers: { Cookie: owner.header() } })).text();
    expect(screen).toContain("Counted client");
    expect(screen).not.toContain(counted);
  });

  it("puts no draft, scheduled or pending article anywhere in its lists", async () => {
    const everything = await Promise.all(
      ["/articles?limit=100", "/categories?limit=100", "/tags?limit=100", "/authors?limit=100"].map((path) => apiJson(path)),
    );
    const text = JSON.stringify(everything);
    for (const id of drafts) expect(text).not.toContain(id);
    for (const title of ["Secret draft", "Scheduled piece", "Waiting review", "Unannounced", "Still waiting"]) expect(text).not.toContain(title);
    const stillThere = await server.services.db.select({ id: articles.id }).from(articles).where(inArray(articles.id, drafts));
    expect(stillThere).toHaveLength(3);
  });
});

describe(`the Content API's rate limit (${testDatabaseKind})`, () => {
  let server: TestServer;
  // 600 a minute, scaled down to 3.
  const scale = 3 / contentApiRequestsPerMinute;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_SCALE: String(scale) });
  });
  afterAll(() => server.close());

  it("answers 429 with Retry-After past the key's limit, and counts per key", async () => {
    const { key } = await createApiKey(server.services.db, "Busy client", null);
    const { key: other } = await createApiKey(server.services.db, "Quiet client", null);
    const get = (withKey: string) => fetch(`${server.url}${contentApiBasePath}/categories`, { headers: { Authorization: `Bearer ${withKey}` } });
    for (let index = 0; index < 3; index++) {
      const response = await get(key);
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-remaining")).toBe(String(2 - index));
    }
    const refused = await get(key);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    const body = (await refused.json()) as { errors: Array<{ type: string }> };
    expect(body.errors[0]!.type).toBe("TooManyRequests");
    // Another key has its own minute.
    expect((await get(other)).status).toBe(200);
  });
});
