import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories, comments, communityQuestions, profiles, teamMembers } from "#database/schema";
import { signUp } from "#app/server/auth/auth.server";
import type { AppDb } from "#app/server/db/types.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { aCategory, aComment, anArticle, aTeamMember } from "#tests/factories";
import { eventually, pageWhen, rawRequest, type RawResponse } from "#tests/helpers/pages";
import { withTwoInstances } from "#tests/helpers/instances";
import { CookieJar, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";

const owner = { OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" };
const publicCacheControl = "public, max-age=0, s-maxage=10";
const unknownArticle = "/articles/00000000-0000-4000-8000-000000000000";

let server: TestServer;
let health: string; // category C
let fieldNotes: string; // another category
let articleA: string; // in C
let articleA2: string; // in C: shows A as related
let articleB: string; // in the other category
let commenter: string;
let member: string;
let marker: string; // a team member renamed to tell that change events were handled
let changeNumber = 0;

/** Adds an article (published unless told otherwise) and returns its id. */
async function addArticle(db: AppDb, values: { title: string; categoryId: string; status?: "draft" | "published"; minutesAgo?: number }) {
  const status = values.status ?? "published";
  const publishedAt = status === "draft" ? null : new Date(Date.now() - (values.minutesAgo ?? 0) * 60_000);
  const article = await anArticle(db, { title: values.title, content: `The body of ${values.title}.`, categoryId: values.categoryId, status, publishedAt });
  return article.id;
}

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${server.url}${path}`, { headers });

/** Requests each page until the cache answers it (a miss stores it), and proves the next answer is a hit. */
async function warm(...paths: string[]) {
  for (const path of paths) {
    const first = await get(path);
    expect(first.status, path).toBe(200);
    expect(["hit", "miss"], path).toContain(first.cache);
    expect((await get(path)).cache, `${path} is kept`).toBe("hit");
  }
}

async function expectHits(...paths: string[]) {
  for (const path of paths) expect((await get(path)).cache, `${path} still cached`).toBe("hit");
}

const shows = (text: string) => (page: RawResponse) => page.status === 200 && page.html.includes(text);
const lacks = (text: string) => (page: RawResponse) => page.status === 200 && !page.html.includes(text);

/**
 * Waits until every change made so far has been handled: change events arrive in order, so once a
 * marker change has dropped a kept page, the earlier events were handled too. The marker page is
 * /about's data-saver copy (its own key); the change drops /about too.
 */
async function afterEarlierEvents() {
  const marked = () => get("/about", { "Save-Data": "on" });
  await eventually(async () => ((await marked()).cache === "hit" ? true : undefined), "the marker page is kept");
  const name = `Marker ${++changeNumber}`;
  await server.services.db.update(teamMembers).set({ name }).where(eq(teamMembers.id, marker));
  await eventually(async () => (shows(name)(await marked()) ? true : undefined), `the marker page shows ${name}`);
}

/** Drops every cached page (a category change drops every page showing categories, the marker change /about). */
async function dropEveryPage() {
  await server.services.db
    .update(categories)
    .set({ description: `Notes from the field, ${++changeNumber}.` })
    .where(eq(categories.id, fieldNotes));
  await afterEarlierEvents();
}

beforeAll(async () => {
  server = await startTestServer(owner);
  const { db } = server.services;
  health = (await aCategory(db, { name: "Health & Wellness", slug: "health", description: "Wellbeing of teachers and learners." })).id;
  fieldNotes = (await aCategory(db, { name: "Field Notes" })).id;
  articleA = await addArticle(db, { title: "Lunch Breaks That Work", categoryId: health, minutesAgo: 30 });
  articleA2 = await addArticle(db, { title: "Water in Every Classroom", categoryId: health, minutesAgo: 40 });
  articleB = await addArticle(db, { title: "Notes From Mongu", categoryId: fieldNotes, minutesAgo: 50 });
  commenter = (await signUp({ email: "reader@example.com", password: "reader-secret" }, { ip: "127.0.0.1" })).userId!;
  await db.update(profiles).set({ displayName: "Chanda M." }).where(eq(profiles.id, commenter));
  member = (await aTeamMember(db, { name: "Mwila Banda", position: "Editor" })).id;
  marker = (await aTeamMember(db, { name: "Marker 0", position: "Marker", orderIndex: 9 })).id;
  // The inserts' change events must not land in the middle of the first tests' renders.
  await afterEarlierEvents();
});
afterAll(() => server.close());

describe(`the page cache for anonymous readers (${testDatabaseKind})`, () => {
  it("keeps a data-saver copy of a page apart: no image in it, and the usual page keeps its images", async () => {
    const path = `/articles/${articleA}`;
    await warm(path);
    for (const saver of [{ "Save-Data": "on" }, { Cookie: "educator_data_saver=on" }] as Record<string, string>[]) {
      const light = await get(path, saver);
      expect(light.status).toBe(200);
      expect(light.html.replace(/<template>.*?<\/template>/g, "")).not.toMatch(/<img|rel="preload" as="image"/);
      expect(light.html).toMatch(/data-saver-image[^>]*><span>Show image/);
      expect((await get(path, saver)).cache).toBe("hit");
    }
    // The reader's "off" wins over the browser's Save-Data.
    const chosen = await get(path, { "Save-Data": "on", Cookie: "educator_data_saver=off" });
    expect(chosen.html).toMatch(/<img /);
    const usual = await get(path);
    expect(usual.cache).toBe("hit");
    expect(usual.html).not.toContain("data-saver-image");
  });

  it("misses, then hits with the same page; answers 304 to its ETag", async () => {
    await dropEveryPage();
    const first = await get("/about");
    expect(first.status).toBe(200);
    expect(first.cache).toBe("miss");
    expect(first.html).toContain("Mwila Banda");
    expect(first.headers["cache-control"]).toBe(publicCacheControl);
    expect(first.headers["cdn-cache-control"]).toBe("public, s-maxage=10, stale-while-revalidate=60");
    expect(first.headers.vary).toBe("Accept-Encoding, Cookie, Save-Data");
    expect(first.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(first.headers["content-security-policy"]).toContain("script-src");
    // One page for every reader, nothing of anyone's: no opener policy, which costs each arrival a new process (server/security.ts).
    expect(first.headers["cross-origin-opener-policy"]).toBeUndefined();
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);

    const second = await get("/about");
    expect(second.cache).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(etag);

    const notModified = await get("/about", { "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect((await get("/about", { "If-None-Match": `"other", ${etag}` })).status).toBe(304);
    expect((await get("/about", { "If-None-Match": 'W/"other"' })).status).toBe(200);
  });

  it("answers a miss as rendered (gzip level 1 at most); a page asked for again gets brotli and gzip -9 made in the background", async () => {
    await dropEveryPage();
    const path = `/articles/${articleA}`;
    const miss = await get(path, { "Accept-Encoding": "gzip, deflate, br" });
    expect(miss.cache).toBe("miss");
    expect(miss.headers["content-encoding"]).toBe("gzip");
    const identity = await get(path, { "Accept-Encoding": "identity" });
    expect(identity.status).toBe(200);
    expect(identity.cache).toBe("hit");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.html).toContain("Lunch Breaks That Work");
    expect(zlib.gunzipSync(miss.body).equals(identity.body)).toBe(true);
    expect(miss.body.equals(zlib.gzipSync(identity.body, { level: 1 }))).toBe(true);

    const brotli = await eventually(async () => {
      const page = await get(path, { "Accept-Encoding": "gzip, deflate, br" });
      return page.headers["content-encoding"] === "br" ? page : undefined;
    }, "the page is compressed with brotli in the background");
    expect(brotli.cache).toBe("hit");
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
    expect(zlib.brotliDecompressSync(brotli.body).equals(identity.body)).toBe(true);

    const gzip = await get(path, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(gzip.body.equals(zlib.gzipSync(identity.body, { level: 9 }))).toBe(true);
    expect(brotli.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(identity.body.length / 2);
    expect(gzip.headers.etag).toBe(identity.headers.etag);
    expect(brotli.headers.etag).toBe(miss.headers.etag);

    // A coding refused with q=0 is not sent.
    expect((await get(path, { "Accept-Encoding": "br;q=0, gzip;q=0.8" })).headers["content-encoding"]).toBe("gzip");
    expect((await get(path, { "Accept-Encoding": "gzip;q=0, br;q=0" })).headers["content-encoding"]).toBeUndefined();
    expect((await get(path, { "Accept-Encoding": "BR;q=1.0" })).headers["content-encoding"]).toBe("br");

    const head = await rawRequest(`${server.url}${path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.cache).toBe("hit");
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(identity.body.length);
  });

  it("keeps each query string as its own page", async () => {
    const lunch = await get("/articles?q=lunch");
    expect(lunch.cache).toBe("miss");
    expect(lunch.html).toContain("Lunch Breaks That Work");
    expect(lunch.html).not.toContain("Notes From Mongu");
    const mongu = await get("/articles?q=mongu");
    expect(mongu.cache).toBe("miss");
    expect(mongu.html).toContain("Notes From Mongu");
    expect(mongu.html).not.toContain("Lunch Breaks That Work");
    expect((await get("/articles?q=lunch")).cache).toBe("hit");
    expect((await get("/articles?q=mongu")).body.equals(mongu.body)).toBe(true);
  });

  it("never stores a 404", async () => {
    for (const path of [unknownArticle, unknownArticle, "/articles/not-a-uuid", "/articles/not-a-uuid"]) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.cache, path).toBe("pass");
      expect(page.headers["cache-control"], path).toBe("private, no-store");
      expect(page.headers.etag, path).toBeUndefined();
      expect(page.html, path).toContain("Article Not Found");
    }
    // Rendered and sent as it is: compressed with gzip only for a client that takes gzip.
    const gzipped = await get(unknownArticle, { "Accept-Encoding": "gzip, br" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toContain("Article Not Found");
    const brotliOnly = await get(unknownArticle, { "Accept-Encoding": "br" });
    expect(brotliOnly.headers["content-encoding"]).toBeUndefined();
    expect(brotliOnly.html).toContain("Article Not Found");
    // Any other address is not a cacheable page at all: the full app answers it.
    const elsewhere = await get("/no-such-page");
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.cache).toBeUndefined();
    expect(elsewhere.headers["cache-control"]).toBe("private, no-store");
  });
});

describe(`signed-in readers and the page cache (${testDatabaseKind})`, () => {
  it("gives a signed-in reader the page kept for everyone: a guest's bytes, with nothing of theirs in them", async () => {
    const jar = await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
    expect(jar.header()).toMatch(/educator_viewer=staff/);
    // The first page after signing in shows its toast ("Signed in successfully!"), rendered for this browser, which then forgets it.
    const welcome = await fetch(`${server.url}/`, { headers: { Cookie: jar.header() } });
    expect(await welcome.text()).toContain("Signed in successfully!");
    jar.store(welcome);
    expect(jar.header()).not.toMatch(/educator_toast=/);
    await dropEveryPage();
    for (const path of ["/", `/articles/${articleA}`, "/about", "/articles", "/category/health", "/ask-kafundisha"]) {
      const first = await get(path, { Cookie: jar.header() });
      expect(first.status, path).toBe(200);
      expect(first.cache, path).toBe("miss");
      const again = await get(path, { Cookie: jar.header() });
      expect(again.cache, path).toBe("hit");
      expect(again.headers["cache-control"], path).toBe(publicCacheControl);
      expect(again.headers["set-cookie"], path).toBeUndefined();
      // Both variants of the header are there, the guest's shown unless the hint says otherwise (app.css).
      expect(again.html, path).toMatch(/<a [^>]*data-guest-only[^>]*>Sign In<\/a>/);
      expect(again.html, path).toMatch(/data-viewer-only[^>]*>.*Sign Out/s);
      expect(again.html, path).not.toContain(owner.OWNER_EMAIL);
      const anonymous = await get(path);
      expect(anonymous.cache, path).toBe("hit");
      expect(anonymous.html, path).toBe(again.html);
    }
    // Other cookies (a theme, analytics) leave a reader anonymous.
    expect((await get("/", { Cookie: "theme=dark; _ga=1" })).cache).toBe("hit");
  });

  it("renders a page for a signed-in reader who asks for it as theirs (?me), and never keeps it", async () => {
    const jar = await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
    const [question] = await server.services.db
      .insert(communityQuestions)
      .values({
        title: "Rendered for each reader",
        categories: ["career"],
        description: "Its votes are in its HTML.",
        status: "published",
        publishedAt: new Date(),
      })
      .returning();
    await dropEveryPage();
    for (const path of ["/?me", `/articles/${articleA}?me`, `/ask-kafundisha/${question!.id}-${question!.slug}?me`]) {
      for (let round = 0; round < 2; round++) {
        const page = await get(path, { Cookie: jar.header() });
        expect(page.status, path).toBe(200);
        expect(page.cache, path).toBeUndefined();
        expect(page.headers["cache-control"], path).toBe("private, no-store");
        expect(page.html, path).toContain("Sign Out");
        expect(page.html, path).not.toMatch(/data-guest-only[^>]*>Sign In/);
      }
      // Anonymous, the same address is the page kept for everyone (`me` is no part of its key).
      const anonymous = await get(path);
      expect(anonymous.cache, path).toBe("miss");
      expect(anonymous.html, path).toMatch(/data-guest-only[^>]*>Sign In/);
    }
    // /auth sends a signed-in reader back to the page, as theirs.
    const back = await fetch(`${server.url}/auth?redirectTo=${encodeURIComponent(`/articles/${articleA}?x=1`)}`, {
      redirect: "manual",
      headers: { Cookie: jar.header() },
    });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(`/articles/${articleA}?x=1&me`);
  });

  it("keeps a page carrying a toast (a cookie set and cleared) out of the cache", async () => {
    const jar = await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
    const signOut = await fetch(`${server.url}/sign-out`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: jar.header() } });
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("location")).toBe("/");
    const afterSignOut = new CookieJar();
    afterSignOut.store(signOut);
    expect(afterSignOut.header()).toMatch(/educator_toast=/);
    expect(afterSignOut.header()).not.toMatch(/educator_session=/);

    await dropEveryPage();
    const withToast = await get("/", { Cookie: afterSignOut.header() });
    expect(withToast.status).toBe(200);
    expect(withToast.html).toContain("Signed out");
    expect(withToast.html).toContain("Sign In");
    expect(withToast.cache).toBeUndefined();
    expect(withToast.headers["cache-control"]).toBe("private, no-store");
    expect(withToast.headers["set-cookie"]?.join("\n")).toMatch(/educator_toast=;/);

    const next = await get("/");
    expect(next.cache).toBe("miss");
    expect(next.html).not.toContain("Signed out");
    expect(next.headers["set-cookie"]).toBeUndefined();
  });
});

describe(`every change drops exactly the pages that show it (${testDatabaseKind})`, () => {
  const pageA = () => `/articles/${articleA}`;
  const pageA2 = () => `/articles/${articleA2}`;
  const pageB = () => `/articles/${articleB}`;
  const url = (path: string) => `${server.url}${path}`;

  it("an article edit (through the admin form) changes its page, the lists and its category's related sections", async () => {
    await warm("/", "/articles", "/category/health", "/about", pageA(), pageA2(), pageB());
    const jar = await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
    const edit = await fetch(url(`/admin/articles/${articleA}`), {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        title: "Lunch Breaks, Revised",
        excerpt: "",
        content: "A new body.",
        categoryId: health,
        status: "published",
        featuredImageUrl: "",
      }),
    });
    expect(edit.status).toBe(302);
    const edited = await pageWhen(url(pageA()), shows("Lunch Breaks, Revised"), "A's page shows its new title");
    expect(edited.cache).toBe("miss");
    expect(edited.html).toContain("A new body.");
    for (const path of ["/", "/articles", "/category/health", pageA2()]) {
      const page = await get(path);
      expect(page.cache, path).toBe("miss");
      expect(page.html, path).toContain("Lunch Breaks, Revised");
      expect(page.html, path).not.toContain("Lunch Breaks That Work");
    }
    await expectHits(pageB(), "/about");
  });

  it("publishing an article adds it to the lists and to its category's related sections; unpublishing and deleting take it away", async () => {
    await warm("/", "/articles", "/category/health", "/category/field-notes", "/about", pageA(), pageA2(), pageB());
    const fresh = await addArticle(server.services.db, { title: "Fresh Fruit Fridays", categoryId: health });
    await pageWhen(url(pageA()), shows("Fresh Fruit Fridays"), "A's related articles show the new one");
    for (const path of ["/", "/articles", "/category/health", pageA2()]) expect((await get(path)).html, path).toContain("Fresh Fruit Fridays");
    expect((await get(`/articles/${fresh}`)).status).toBe(200);
    // B's related articles are of its own category; /about shows no articles.
    await expectHits(pageB(), "/about");
    expect((await get("/category/field-notes")).html).not.toContain("Fresh Fruit Fridays");

    await warm("/", "/articles", "/category/health", pageA(), pageA2(), `/articles/${fresh}`, pageB());
    await server.services.db.update(articles).set({ status: "draft", publishedAt: null }).where(eq(articles.id, fresh));
    await pageWhen(url(pageA()), lacks("Fresh Fruit Fridays"), "A's related articles lose the unpublished one");
    for (const path of ["/", "/articles", "/category/health", pageA2()]) expect((await get(path)).html, path).not.toContain("Fresh Fruit Fridays");
    const unpublished = await get(`/articles/${fresh}`);
    expect(unpublished.status).toBe(404);
    expect(unpublished.html).toContain("Article Not Found");
    await expectHits(pageB(), "/about");

    const doomed = await addArticle(server.services.db, { title: "Soon Deleted", categoryId: health });
    await pageWhen(url(pageA2()), shows("Soon Deleted"), "A2 shows the newest article of its category");
    await warm("/", "/articles", "/category/health", pageA(), pageA2(), `/articles/${doomed}`, pageB());
    await server.services.db.delete(articles).where(eq(articles.id, doomed));
    await pageWhen(url(`/articles/${doomed}`), (page) => page.status === 404, "the deleted article's page answers 404");
    for (const path of ["/", "/articles", "/category/health", pageA(), pageA2()]) expect((await get(path)).html, path).not.toContain("Soon Deleted");
    await expectHits(pageB(), "/about");
  });

  it("a comment shows on its article once approved; a pending one changes nothing", async () => {
    await warm(pageA(), pageA2(), pageB(), "/", "/about");
    const pending = await aComment(server.services.db, { articleId: articleA, userId: commenter, content: "We tried this with Grade 5." });
    await afterEarlierEvents();
    await expectHits(pageA(), pageA2(), pageB(), "/");
    expect((await get(pageA())).html).not.toContain("We tried this with Grade 5.");

    await server.services.db.update(comments).set({ status: "approved" }).where(eq(comments.id, pending.id));
    const withComment = await pageWhen(url(pageA()), shows("We tried this with Grade 5."), "A shows the approved comment");
    expect(withComment.html).toContain("Chanda M.");
    await expectHits(pageA2(), pageB(), "/");

    // Rejected again: gone from the page.
    await warm(pageA());
    await server.services.db.update(comments).set({ status: "rejected" }).where(eq(comments.id, pending.id));
    await pageWhen(url(pageA()), lacks("We tried this with Grade 5."), "A no longer shows the rejected comment");
    await expectHits(pageB(), "/");
  });

  it("a category change drops the pages showing categories, and not /about", async () => {
    await warm("/", "/articles", "/category/health", "/category/field-notes", pageA(), pageB(), "/about");
    expect((await get(pageB())).html).toContain("Field Notes");
    await server.services.db.update(categories).set({ slug: "field-journal" }).where(eq(categories.id, fieldNotes));
    const renamed = await pageWhen(url(pageB()), shows("Field Journal"), "B's badge shows the renamed category");
    expect(renamed.html).not.toContain("Field Notes");
    expect((await get("/articles")).html).toContain("Field Journal");
    expect((await get("/")).cache).toBe("miss");
    expect((await get(pageA())).cache).toBe("miss");
    expect((await get("/category/health")).cache).toBe("miss");
    await expectHits("/about");

    await warm("/category/health", "/about");
    await server.services.db.update(categories).set({ description: "Healthy teachers, healthy classrooms." }).where(eq(categories.id, health));
    await pageWhen(url("/category/health"), shows("Healthy teachers, healthy classrooms."), "the category page shows its new description");
    await expectHits("/about");
  });

  it("a team change drops /about only", async () => {
    await warm("/", "/articles", pageA(), "/about");
    await server.services.db.update(teamMembers).set({ position: "Chief Editor" }).where(eq(teamMembers.id, member));
    await pageWhen(url("/about"), shows("Chief Editor"), "/about shows the new position");
    await expectHits("/", "/articles", pageA());
    await aTeamMember(server.services.db, { name: "Natasha Phiri", position: "Reporter", orderIndex: 1 });
    await pageWhen(url("/about"), shows("Natasha Phiri"), "/about shows the new member");
    await expectHits("/", pageA());
  });

  it("a view count alone drops nothing (pages age out instead)", async () => {
    await warm("/", "/articles", "/articles?sort=popular", "/category/health", pageA(), pageB());
    await server.services.db.update(articles).set({ views: 1234 }).where(eq(articles.id, articleA));
    await afterEarlierEvents();
    await expectHits("/", "/articles", "/articles?sort=popular", "/category/health", pageA(), pageB());
  });
});

/** The session cookie's value from a jar (`educator_session=…` on http). */
const sessionValue = (jar: CookieJar) => /(?:^|; )educator_session=([^;]+)/.exec(jar.header())![1]!;
const internalHeaders = (page: RawResponse) => Object.keys(page.headers).filter((name) => name.startsWith("x-educator-"));

describe(`what a request can make the cache keep (${testDatabaseKind})`, () => {
  it("renders from PUBLIC_URL, never the Host header: a Host carrying a path is refused, and no Host puts another page under an address", async () => {
    await dropEveryPage();
    const host = new URL(server.url).host;
    const poisoned = await get("/about?demo=7", { Host: `${host}/articles?q=This+site+has+moved&x=` });
    expect(poisoned.status).toBe(400);
    expect(poisoned.html).not.toContain("<html");
    const elsewhere = await get("/about?demo=7", { Host: "evil.example" });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.cache).toBe("miss");
    for (const path of ["/about?demo=7", "/about"]) {
      const page = await get(path);
      expect(page.cache, path).toBe("hit");
      expect(page.body.equals(elsewhere.body), path).toBe(true);
      expect(page.html, path).toContain("Mwila Banda");
      expect(page.html, path).not.toMatch(/This site has moved|evil\.example|Articles<\/h1>/);
    }
  });

  it("keeps a page under its path and the query parameters it reads: others are dropped, never a new copy", async () => {
    await warm("/", "/articles", "/articles?q=lunch", "/about");
    for (const path of ["/?x=1", "/?x=2", "/?utm_source=mail&x=3", "/about?demo=7"]) expect((await get(path)).cache, path).toBe("hit");
    const tracked = await get("/articles?utm_source=mail&q=lunch&x=1");
    expect(tracked.cache).toBe("hit");
    expect(tracked.body.equals((await get("/articles?q=lunch")).body)).toBe(true);
    // A default or a value the list does not know is the plain list.
    for (const path of ["/articles?sort=newest", "/articles?sort=bogus&view=grid", "/articles?category=Not%20a%20slug", "/articles?q=%20%20"]) {
      expect((await get(path)).cache, path).toBe("hit");
    }
    // What a page shows of its own address comes from the kept address only (the data saver's way back here).
    expect((await get("/about?demo=7")).html).toMatch(/name="back" value="\/about"/);
    expect((await get("/articles?q=lunch&x=1")).html).toMatch(/name="back" value="\/articles\?q=lunch"/);
  });

  it("treats a session cookie as the sign-in code reads it (`educator_session =…`, with a space) as signed in: its own pages never stored", async () => {
    const value = sessionValue(await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD));
    await dropEveryPage();
    for (const [round, cookie] of [`educator_session =${value}`, `theme=dark; educator_session\t=${value}`].entries()) {
      for (const path of ["/", "/about", `/articles/${articleA}`]) {
        const own = await get(`${path}?me`, { Cookie: cookie });
        expect(own.status, path).toBe(200);
        expect(own.html, path).toContain("Sign Out");
        expect(own.html, path).not.toMatch(/data-guest-only[^>]*>Sign In/);
        expect(own.cache, path).toBeUndefined();
        expect(own.headers["cache-control"], path).toBe("private, no-store");
        const anonymous = await get(path);
        expect(anonymous.cache, path).toBe(round === 0 ? "miss" : "hit");
        expect(anonymous.html, path).toMatch(/data-guest-only[^>]*>Sign In/);
      }
    }
  });

  it("never sends an internal x-educator-* header, signed in or not, whatever the client sent", async () => {
    const jar = await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
    const forged = { "X-Educator-Cache-Tags": "articles", "X-Educator-Client-Ip": "10.9.9.9", "X-Educator-Csp-Nonce": "chosen" };
    for (const path of ["/", "/about", `/articles/${articleA}`, "/articles?q=lunch", unknownArticle, "/contact", "/no-such-page", "/admin"]) {
      for (const headers of [{}, { Cookie: jar.header() }, forged, { ...forged, Cookie: jar.header() }] as Record<string, string>[]) {
        const page = await get(path, headers);
        expect(page.status, path).toBeLessThan(500);
        expect(internalHeaders(page), path).toEqual([]);
        expect(page.html, path).not.toContain("chosen");
      }
    }
  });

  it("ignores a toast cookie it did not sign, and clears it", async () => {
    // As React Router writes an unsigned cookie's value: base64 of the JSON of the toast's JSON.
    const unsigned = Buffer.from(JSON.stringify(JSON.stringify({ type: "success", title: "This site has moved to evil.example" }))).toString("base64");
    for (const cookie of [`educator_toast=${unsigned}`, `educator_toast=${unsigned}.${"A".repeat(43)}`]) {
      const page = await get("/", { Cookie: cookie });
      expect(page.status).toBe(200);
      expect(page.html).toContain("Sign In");
      expect(page.html).not.toContain("This site has moved");
      expect(page.cache).toBeUndefined();
      expect(page.headers["set-cookie"]?.join("\n")).toMatch(/educator_toast=;.*Max-Age=0/i);
    }
  });
});

describe.skipIf(testDatabaseKind !== "postgres")("two instances on one PostgreSQL", () => {
  it("a change made through instance A reaches instance B's next anonymous reader", { timeout: 240_000 }, async () => {
    await withTwoInstances(owner, async (instanceA, instanceB, database) => {
      const category = await aCategory(database.db, { name: "Health" });
      const kept = await addArticle(database.db, { title: "Kept Article", categoryId: category.id, minutesAgo: 5 });
      const edited = await addArticle(database.db, { title: "Before the Edit", categoryId: category.id, minutesAgo: 1 });
      const onB = (path: string) => rawRequest(`${instanceB.url}${path}`);
      // The inserts' own change events may still drop B's first renders: asked until B keeps them.
      for (const path of [`/articles/${edited}`, `/articles/${kept}`, "/articles", "/about"]) {
        await pageWhen(`${instanceB.url}${path}`, (page) => page.cache === "hit", `instance B keeps ${path}`);
      }

      const jar = await signInOverHttp(instanceA.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
      const edit = await fetch(`${instanceA.url}/admin/articles/${edited}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: instanceA.url, Cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          title: "After the Edit",
          excerpt: "",
          content: "Edited on A.",
          categoryId: category.id,
          status: "published",
          featuredImageUrl: "",
        }),
      });
      expect(edit.status).toBe(302);
      const page = await pageWhen(`${instanceB.url}/articles/${edited}`, shows("After the Edit"), "instance B shows the edit made on A");
      expect(page.html).toContain("Edited on A.");
      expect((await onB("/articles")).html).toContain("After the Edit");
      expect((await onB(`/articles/${kept}`)).html).toContain("After the Edit"); // related
      expect((await onB("/about")).cache).toBe("hit");

      const removed = await fetch(`${instanceA.url}/admin/articles`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: instanceA.url, Cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "delete", id: edited }),
      });
      expect(removed.status).toBeLessThan(400);
      await pageWhen(`${instanceB.url}/articles/${edited}`, (answer) => answer.status === 404, "instance B answers 404 for the article deleted on A");
      expect((await onB("/articles")).html).not.toContain("After the Edit");
    });
  });
});
