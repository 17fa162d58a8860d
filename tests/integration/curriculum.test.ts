import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleSubjects, articles, subjects } from "#database/schema";
import { signUp } from "#app/server/auth/auth.server";
import { malformedLanguageText, unknownSubjectText } from "#app/lib/admin-schemas";
import { testDatabaseKind } from "#tests/helpers/database";
import { aCategory, anArticle } from "#tests/factories";
import { eventually, pageWhen, rawRequest } from "#tests/helpers/pages";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let owner: CookieJar;
let reader: CookieJar;
let categoryId: string;
let mathematics: string;
let literacy: string;

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  await signUp({ email: "reader@example.com", password: "reader-secret" }, { ip: "127.0.0.1" });
  [owner, reader] = await Promise.all([
    signInOverHttp(server.url, "owner@example.com", "owner-secret"),
    signInOverHttp(server.url, "reader@example.com", "reader-secret"),
  ]);
  const { db } = server.services;
  categoryId = (await aCategory(db, { name: "Lesson Ideas" })).id;
  const subjectId = async (slug: string) => (await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.slug, slug)))[0]!.id;
  [mathematics, literacy] = await Promise.all([subjectId("mathematics"), subjectId("literacy")]);
});
afterAll(() => server.close());

/** Posts a form; a field given as an array is sent once per value (ticked checkboxes). */
function post(path: string, jar: CookieJar, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body,
  });
}

let titles = 0;
const articleForm = (fields: Record<string, string | string[]>) => ({
  title: `Curriculum article ${++titles} ${Date.now()}`,
  content: "Counting in twos with bottle tops.",
  categoryId,
  status: "published",
  language: "en",
  ...fields,
});

async function articleByTitle(title: string) {
  return (await server.services.db.select().from(articles).where(eq(articles.title, title)))[0];
}

async function subjectsOf(articleId: string) {
  return (await server.services.db.select({ id: articleSubjects.subjectId }).from(articleSubjects).where(eq(articleSubjects.articleId, articleId)))
    .map((row) => row.id)
    .sort();
}

/** Creates an article through the form; returns its row. */
async function createThroughForm(fields: Record<string, string | string[]>) {
  const form = articleForm(fields);
  const response = await post("/admin/articles/new", owner, form);
  expect(
    response.status,
    await response
      .clone()
      .text()
      .then((text) => text.slice(0, 200)),
  ).toBe(302);
  return (await articleByTitle(form.title as string))!;
}

const page = (path: string) => rawRequest(`${server.url}${path}`);

describe(`curriculum fields on the article form (${testDatabaseKind})`, () => {
  it("saves level, subjects, resource type and a picker language, and shows them back on the edit form", async () => {
    const saved = await createThroughForm({ level: "grade-4", subjects: [mathematics, literacy], resourceType: "lesson-plan", language: "ny" });
    expect(saved).toMatchObject({ level: "grade-4", resourceType: "lesson-plan", language: "ny", translationGroup: null });
    expect(await subjectsOf(saved.id)).toEqual([mathematics, literacy].sort());
    const edit = await (await fetch(`${server.url}/admin/articles/${saved.id}`, { headers: { Cookie: owner.header() } })).text();
    expect(edit).toMatch(/<option value="grade-4" selected="">Grade 4<\/option>/);
    expect(edit).toMatch(/<option value="lesson-plan" selected="">Lesson plan<\/option>/);
    const checkbox = (id: string) => edit.match(new RegExp(`<input[^>]*value="${id}"[^>]*>`))?.[0] ?? "";
    expect(checkbox(mathematics)).toContain('checked=""');
    expect(checkbox(literacy)).toContain('checked=""');
    const unticked = (await server.services.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.slug, "music")))[0]!.id;
    expect(checkbox(unticked)).toMatch(/type="checkbox"/);
    expect(checkbox(unticked)).not.toContain("checked");
    expect(edit).toMatch(/<option value="grade-7">Grade 7 \(2013 curriculum\)<\/option>/);
  });

  it("accepts any well-formed language tag under Other…, in its canonical case, and clears what is left blank", async () => {
    const saved = await createThroughForm({ language: "other", languageOther: "EN-gb", level: "", resourceType: "" });
    expect(saved).toMatchObject({ language: "en-GB", level: null, resourceType: null });
    expect(await subjectsOf(saved.id)).toEqual([]);
  });

  const refusals: [string, Record<string, string | string[]>, string][] = [
    ["a level not on the list", { level: "grade-13" }, "Choose a level from the list."],
    ["a resource type not on the list", { resourceType: "poster" }, "Choose a resource type from the list."],
    ["an unknown subject id", { subjects: [mathematics, "00000000-0000-4000-8000-000000000000"] }, unknownSubjectText],
    ["a subject that is not an id", { subjects: "maths" }, unknownSubjectText],
    ["a malformed language tag", { language: "other", languageOther: "not a tag!" }, malformedLanguageText],
    ["a malformed picker value", { language: "x" }, malformedLanguageText],
    ["an unknown translation", { translationOf: "00000000-0000-4000-8000-000000000000" }, "no longer exists"],
  ];
  for (const [what, fields, message] of refusals) {
    it(`refuses ${what} with 400, saving nothing and keeping every field`, async () => {
      const form = articleForm({ excerpt: "Typed excerpt", tags: "numeracy", level: "grade-2", resourceType: "worksheet", ...fields });
      const response = await post("/admin/articles/new", owner, form);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message.replace(/“|”/g, (quote) => quote));
      expect(html).toContain(`value="${form.title as string}"`);
      expect(html).toContain("Typed excerpt");
      if (!("level" in fields)) expect(html).toContain('<option value="grade-2" selected="">Grade 2</option>');
      if (!("resourceType" in fields)) expect(html).toContain('<option value="worksheet" selected="">Worksheet</option>');
      expect(await articleByTitle(form.title as string)).toBeUndefined();
    });
  }

  it("links translations into one group, refuses two of one language in it, and lets one leave", async () => {
    const english = await createThroughForm({ language: "en" });
    const nyanja = await createThroughForm({ language: "ny", translationOf: english.id });
    const group = (await articleByTitle(nyanja.title))!.translationGroup;
    expect(group).not.toBeNull();
    expect((await articleByTitle(english.title))!.translationGroup).toBe(group);
    // Joining through any member of the group.
    const bemba = await createThroughForm({ language: "bem", translationOf: nyanja.id });
    expect(bemba.translationGroup).toBe(group);

    const clash = articleForm({ language: "ny", translationOf: english.id, level: "grade-3" });
    const refused = await post("/admin/articles/new", owner, clash);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(`“${nyanja.title}” is already the Chinyanja version in this group of translations`);
    expect(html).toContain(`value="${clash.title as string}"`);
    expect(await articleByTitle(clash.title as string)).toBeUndefined();

    // Bemba leaves; the English and Nyanja stay together.
    const left = await post(`/admin/articles/${bemba.id}`, owner, articleForm({ title: bemba.title, language: "bem", translationOf: "" }));
    expect(left.status).toBe(302);
    expect((await articleByTitle(bemba.title))!.translationGroup).toBeNull();
    expect((await articleByTitle(english.title))!.translationGroup).toBe(group);
    // Nyanja leaves too: English is alone, and in no group.
    await post(`/admin/articles/${nyanja.id}`, owner, articleForm({ title: nyanja.title, language: "ny", translationOf: "" }));
    expect((await articleByTitle(english.title))!.translationGroup).toBeNull();
  });

  it("keeps the curriculum fields when a revision is restored (revisions keep neither tags nor them)", async () => {
    const saved = await createThroughForm({ level: "form-1", subjects: [literacy], language: "bem" });
    await post(`/admin/articles/${saved.id}`, owner, articleForm({ title: `${saved.title} edited`, level: "form-1", subjects: [literacy], language: "bem" }));
    const revisions = await server.services.db.query.articleRevisions.findMany({ where: (revision, { eq: equals }) => equals(revision.articleId, saved.id) });
    const first = revisions.find((revision) => revision.title === saved.title)!;
    const restored = await post(`/admin/articles/${saved.id}`, owner, { intent: "restore", revisionId: first.id });
    expect(restored.status).toBe(302);
    expect(await articleByTitle(saved.title)).toMatchObject({ level: "form-1", language: "bem" });
    expect(await subjectsOf(saved.id)).toEqual([literacy]);
  });
});

describe(`the Subjects screen (${testDatabaseKind})`, () => {
  it("adds, renames, moves and deletes a subject; refuses to delete one in use, with how many use it", async () => {
    const { db } = server.services;
    const created = await post("/admin/subjects", owner, { intent: "save", name: "Kiswahili", slug: "", position: "30" });
    expect(created.status).toBe(200);
    const [row] = await db.select().from(subjects).where(eq(subjects.slug, "kiswahili"));
    expect(row).toMatchObject({ name: "Kiswahili", position: 30 });
    expect((await post("/admin/subjects", owner, { intent: "save", id: row!.id, name: "Swahili", slug: "swahili", position: "2" })).status).toBe(200);
    expect((await db.select().from(subjects).where(eq(subjects.id, row!.id)))[0]).toMatchObject({ name: "Swahili", slug: "swahili", position: 2 });
    // A name already taken is refused, keeping what was typed.
    const taken = await post("/admin/subjects", owner, { intent: "save", name: "mathematics", slug: "", position: "1" });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("A subject with this name or slug already exists.");

    await anArticle(db, { categoryId }).then((article) => db.insert(articleSubjects).values({ articleId: article.id, subjectId: row!.id }));
    const refused = await post("/admin/subjects", owner, { intent: "delete", id: row!.id });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This subject is used by 1 article. Remove it from that article first.");
    await db.delete(articleSubjects).where(eq(articleSubjects.subjectId, row!.id));
    expect((await post("/admin/subjects", owner, { intent: "delete", id: row!.id })).status).toBe(200);
    expect(await db.select().from(subjects).where(eq(subjects.id, row!.id))).toEqual([]);
  });

  it("lists the subjects in order for staff, and answers 403 to a reader", async () => {
    const screen = await fetch(`${server.url}/admin/subjects`, { headers: { Cookie: owner.header() } });
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html.indexOf(">Literacy<")).toBeGreaterThan(0);
    expect(html.indexOf(">Literacy<")).toBeLessThan(html.indexOf(">Mathematics<"));
    expect((await fetch(`${server.url}/admin/subjects`, { headers: { Cookie: reader.header() } })).status).toBe(403);
    const before = await server.services.db.select().from(subjects);
    expect((await post("/admin/subjects", reader, { intent: "save", name: "Forbidden", position: "1" })).status).toBe(403);
    expect(await server.services.db.select().from(subjects)).toHaveLength(before.length);
  });
});

describe(`the article page of a lesson resource and its translations (${testDatabaseKind})`, () => {
  let english: { id: string; title: string };
  let nyanja: { id: string; title: string };
  let bemba: { id: string; title: string };

  beforeAll(async () => {
    english = await createThroughForm({ title: "Counting in Twos", level: "grade-4", subjects: [mathematics], resourceType: "lesson-plan", language: "en" });
    nyanja = await createThroughForm({
      title: "Kuwerenga Awiri Awiri",
      level: "grade-4",
      subjects: [mathematics],
      resourceType: "lesson-plan",
      language: "ny",
      translationOf: english.id,
    });
    bemba = await createThroughForm({ title: "Ukupenda Fibili Fibili", language: "bem", translationOf: english.id });
  });

  it("shows level, subjects and resource type as links to the resources like it", async () => {
    const { html } = await page(`/articles/${nyanja.id}`);
    expect(html).toContain('href="/resources?level=grade-4"');
    expect(html).toMatch(/href="\/resources\?subject=mathematics"[^>]*>Mathematics</);
    expect(html).toMatch(/href="\/resources\?type=lesson-plan"[^>]*>Lesson plan</);
  });

  it("sets lang on the article's own words when it is not in English, and not on an English one", async () => {
    const { html } = await page(`/articles/${nyanja.id}`);
    expect(html).toMatch(/<h1[^>]*lang="ny"[^>]*>Kuwerenga Awiri Awiri<\/h1>/);
    expect(html).toMatch(/<div class="[^"]*" lang="ny"/);
    expect(html).toContain('<html lang="en"');
    const englishPage = (await page(`/articles/${english.id}`)).html;
    expect(englishPage).not.toMatch(/<h1[^>]*lang=/);
  });

  it("offers the published translations (“Also in”), with hreflang alternates for every version and x-default", async () => {
    const { html } = await page(`/articles/${english.id}`);
    const alsoIn = html.match(/<p[^>]*data-also-in[^>]*>(.*?)<\/p>/)?.[1] ?? "";
    expect(alsoIn.replace(/<[^>]+>/g, "")).toBe("Also in: Chinyanja · Icibemba");
    expect(alsoIn).toContain(`href="/articles/${nyanja.id}"`);
    for (const [language, id] of [
      ["en", english.id],
      ["ny", nyanja.id],
      ["bem", bemba.id],
      ["x-default", english.id],
    ]) {
      expect(html).toContain(`<link rel="alternate" hrefLang="${language}" href="${server.url}/articles/${id}"/>`.replace(server.url, publicUrl(html)));
    }
    // A draft translation is not offered.
    await server.services.db.update(articles).set({ status: "draft", publishedAt: null }).where(eq(articles.id, bemba.id));
    const withoutDraft = await pageWhen(`${server.url}/articles/${english.id}`, (shown) => !shown.html.includes("Icibemba"), "the draft is not offered");
    expect(withoutDraft.html).toContain("Chinyanja");
    await server.services.db.update(articles).set({ status: "published", publishedAt: new Date() }).where(eq(articles.id, bemba.id));
  });

  it("describes a lesson resource as a LearningResource in JSON-LD, with its level, type and language", async () => {
    const { html } = await page(`/articles/${nyanja.id}`);
    const json = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!) as Record<string, unknown>;
    expect(json).toMatchObject({
      "@type": ["NewsArticle", "LearningResource"],
      inLanguage: "ny",
      educationalLevel: "Grade 4",
      learningResourceType: "Lesson plan",
    });
    const plain = await anArticle(server.services.db, { categoryId });
    const plainJson = JSON.parse((await page(`/articles/${plain.id}`)).html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!) as Record<
      string,
      unknown
    >;
    expect(plainJson["@type"]).toBe("NewsArticle");
    expect(plainJson.inLanguage).toBe("en");
    expect(plainJson.educationalLevel).toBeUndefined();
  });

  it("lists every language version in the sitemap as xhtml:link alternates", async () => {
    const text = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["url", "xhtml:link"].includes(name) });
    const document = parser.parse(text) as {
      urlset: { "@xmlns:xhtml": string; url: { loc: string; "xhtml:link"?: { "@hreflang": string; "@href": string; "@rel": string }[] }[] };
    };
    expect(document.urlset["@xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
    const entry = document.urlset.url.find((url) => url.loc.endsWith(`/articles/${nyanja.id}`))!;
    const links = Object.fromEntries((entry["xhtml:link"] ?? []).map((link) => [link["@hreflang"], link["@href"].replace(/^.*\/articles\//, "")]));
    expect(links).toEqual({ en: english.id, ny: nyanja.id, bem: bemba.id, "x-default": english.id });
    expect(entry["xhtml:link"]!.every((link) => link["@rel"] === "alternate")).toBe(true);
    // An article without translations has none.
    const lone = document.urlset.url.filter((url) => !url["xhtml:link"]);
    expect(lone.length).toBeGreaterThan(0);
  });

  it("drops the kept pages of the whole group when one translation's title changes", async () => {
    const path = `/articles/${bemba.id}`;
    await eventually(async () => ((await page(path)).cache === "hit" ? true : undefined), "the Bemba page is kept");
    await server.services.db.update(articles).set({ language: "toi" }).where(eq(articles.id, nyanja.id));
    const after = await pageWhen(`${server.url}${path}`, (shown) => shown.html.includes("Chitonga"), "the Bemba page names the Tonga version");
    expect(after.html).not.toMatch(/>Chinyanja</);
    // A new translation joining the group reaches the pages already kept.
    await eventually(async () => ((await page(path)).cache === "hit" ? true : undefined), "the Bemba page is kept again");
    await createThroughForm({ title: "Kubala Zibili Zibili", language: "loz", translationOf: english.id });
    await pageWhen(`${server.url}${path}`, (shown) => shown.html.includes("Silozi"), "the Bemba page offers the new Lozi version");
  });
});

/** The page's PUBLIC_URL, as its canonical link shows it. */
function publicUrl(html: string) {
  return html.match(/<link rel="canonical" href="(https?:\/\/[^/"]+)/)![1]!;
}
