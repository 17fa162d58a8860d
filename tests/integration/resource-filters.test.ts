import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleResources, articleSubjects, articles, subjects } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { eventually, rawRequest } from "#tests/helpers/pages";
import { startTestServer, type TestServer } from "#tests/helpers/server";
import { aCategory, anArticle } from "#tests/factories";

const publicUrl = "https://magazine.example.org";
const day = 24 * 60 * 60 * 1000;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => name === "item" });

let server: TestServer;
const id: Record<string, string> = {};
const drillIds: string[] = [];

interface Lesson {
  key: string;
  title: string;
  category: "lessons" | "health";
  level?: string;
  subject?: string;
  type?: string;
  language?: string;
  daysAgo: number;
  status?: "draft" | "published";
}

// Subjects come with the migrations (the Zambian curriculum's): mathematics, literacy, chemistry…
const lessons: Lesson[] = [
  { key: "fractions", title: "Fractions with Bottle Tops", category: "lessons", level: "grade-4", subject: "mathematics", type: "lesson-plan", daysAgo: 1 },
  { key: "nyanja", title: "Tiwerenge Pamodzi", category: "lessons", level: "grade-4", subject: "literacy", type: "reading", language: "ny", daysAgo: 2 },
  { key: "bemba", title: "Amapendo ya Grade 4", category: "lessons", level: "grade-4", subject: "mathematics", type: "worksheet", language: "bem", daysAgo: 3 },
  { key: "chemistry", title: "Form 2 Chemistry Scheme", category: "lessons", level: "form-2", subject: "chemistry", type: "scheme-of-work", daysAgo: 4 },
  { key: "gossip", title: "Staffroom Wellbeing Notes", category: "health", daysAgo: 5 },
  { key: "papers", title: "Past Papers Pack", category: "health", daysAgo: 6 },
  { key: "draft", title: "Unfinished Grade 4 Plan", category: "lessons", level: "grade-4", subject: "mathematics", status: "draft", daysAgo: 0 },
];

async function subjectId(db: AppDb, slug: string) {
  const [row] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.slug, slug));
  return row!.id;
}

async function addLesson(db: AppDb, categoryId: string, lesson: Omit<Lesson, "key" | "category">) {
  const status = lesson.status ?? "published";
  const article = await anArticle(db, {
    title: lesson.title,
    categoryId,
    status,
    publishedAt: status === "published" ? new Date(Date.now() - lesson.daysAgo * day) : null,
    level: lesson.level ?? null,
    resourceType: lesson.type ?? null,
    language: lesson.language ?? "en",
  });
  if (lesson.subject) await db.insert(articleSubjects).values({ articleId: article.id, subjectId: await subjectId(db, lesson.subject) });
  return article.id;
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: publicUrl });
  const { db } = server.services;
  const categoryId = {
    lessons: (await aCategory(db, { name: "Lessons", slug: "lessons" })).id,
    health: (await aCategory(db, { name: "Health & Wellness", slug: "health" })).id,
  };
  for (const { key, category, ...lesson } of lessons) id[key] = await addLesson(db, categoryId[category], lesson);
  // A lesson resource by its files alone: no level, no type.
  for (const [title, sizeBytes] of [
    ["Paper 1", 1_000_000],
    ["Paper 2", 200_000],
  ] as const) {
    await db.insert(articleResources).values({ articleId: id.papers!, title, format: "pdf", storageKey: `resources/${title}.pdf`, sizeBytes });
  }
  // More Grade 6 worksheets than one page holds (12), published a minute apart.
  for (let index = 0; index < 14; index++) {
    drillIds.push(
      await addLesson(db, categoryId.lessons, {
        title: `Grade 6 Drill ${index + 1}`,
        level: "grade-6",
        subject: "mathematics",
        type: "worksheet",
        daysAgo: 10 + index / 1440,
      }),
    );
  }
});
afterAll(() => server?.close());

const get = (path: string) => rawRequest(server.url + path);

async function page(path: string) {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return response;
}

/** The articles a list page links to, in order, among the ones this test made. */
function linked(html: string): string[] {
  const known = new Map(Object.entries(id).map(([key, value]) => [value, key]));
  drillIds.forEach((value, index) => known.set(value, `drill${index + 1}`));
  const found: string[] = [];
  for (const match of html.matchAll(/href="\/articles\/([0-9a-f-]{36})"/g)) {
    const key = known.get(match[1]!);
    if (key && found.at(-1) !== key) found.push(key);
  }
  return [...new Set(found)];
}

/** A link to `href` reading `text`, whatever its other attributes. */
const chip = (href: string, text: string) => new RegExp(`<a href="${href.replace(/[?]/g, "\\?")}"[^>]*>${text}</a>`);

async function feed(path: string) {
  const response = await fetch(server.url + path);
  expect(response.status, path).toBe(200);
  const text = await response.text();
  expect(XMLValidator.validate(text)).toBe(true);
  const channel = (
    parser.parse(text) as { rss: { channel: { title: string; language: string; link: string; "atom:link": { "@href": string }; item?: { link: string }[] } } }
  ).rss.channel;
  const byId = new Map(Object.entries(id).map(([key, value]) => [`${publicUrl}/articles/${value}`, key]));
  drillIds.forEach((value, index) => byId.set(`${publicUrl}/articles/${value}`, `drill${index + 1}`));
  return { channel, items: (channel.item ?? []).map((item) => byId.get(item.link) ?? item.link) };
}

describe(`grade, subject, type and language filters (${testDatabaseKind})`, () => {
  it("/articles filters by level, subject, type and language, each a plain URL, and the form keeps the choice", async () => {
    expect(linked((await page("/articles?level=grade-4")).html)).toEqual(["fractions", "nyanja", "bemba"]);
    expect(linked((await page("/articles?subject=mathematics&lang=bem")).html)).toEqual(["bemba"]);
    expect(linked((await page("/articles?type=scheme-of-work")).html)).toEqual(["chemistry"]);
    expect(linked((await page("/articles?lang=ny")).html)).toEqual(["nyanja"]);
    // Combined with search and sort; a bad value is no filter at all.
    expect(linked((await page("/articles?level=grade-4&q=Bottle")).html)).toEqual(["fractions"]);
    expect(linked((await page("/articles?level=grade-4&sort=oldest")).html)).toEqual(["bemba", "nyanja", "fractions"]);
    expect(linked((await page("/articles?level=grade-99&subject=mathematics&type=worksheet")).html)).toEqual([
      "bemba",
      ...drillIds.slice(0, 11).map((_, i) => `drill${i + 1}`),
    ]);

    const { html } = await page("/articles?level=grade-4&subject=mathematics");
    expect(html).toMatch(/<select id="list-level" name="level"[^>]*>/);
    expect(html).toContain('<option value="grade-4" selected="">Grade 4</option>');
    expect(html).toContain('<option value="mathematics" selected="">Mathematics</option>');
    expect(html).toContain('<option value="ny">Chinyanja</option>');
    // Each active filter is a chip linking to the list without it.
    expect(html).toContain('href="/articles?subject=mathematics"');
    expect(html).toContain('href="/articles?level=grade-4"');
    expect(linked(html)).toEqual(["fractions", "bemba"]);
  });

  it("a category page filters within its category", async () => {
    expect(linked((await page("/category/lessons?level=grade-4&type=reading")).html)).toEqual(["nyanja"]);
    expect(linked((await page("/category/health?level=grade-4")).html)).toEqual([]);
    const { html } = await page("/category/lessons?lang=bem");
    expect(linked(html)).toEqual(["bemba"]);
    expect(html).toContain('<option value="bem" selected="">Icibemba</option>');
  });

  it("/resources lists published lesson resources (a level, a type or files) with what each is for", async () => {
    const response = await page("/resources");
    const { html } = response;
    expect(html).toContain("<title>Lesson Resources | The Educator</title>");
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(linked(html)).toEqual(["fractions", "nyanja", "bemba", "chemistry", "papers", ...drillIds.slice(0, 7).map((_, i) => `drill${i + 1}`)]);
    expect(html).not.toContain("Staffroom Wellbeing Notes");
    expect(html).not.toContain("Unfinished Grade 4 Plan");
    expect(html).toContain("19 resources found");
    // The cards: level, subjects, type and language as links narrowing the library; files counted and weighed.
    expect(html).toMatch(chip("/resources?level=grade-4", "Grade 4"));
    expect(html).toMatch(chip("/resources?subject=literacy", "Literacy"));
    expect(html).toMatch(chip("/resources?type=reading", "Reading"));
    expect(html).toMatch(chip("/resources?lang=ny", "Chinyanja"));
    expect(html).toContain("2 files · 1.1 MB");
    expect(html).toMatch(/<h2[^>]*lang="ny"[^>]*><a href="\/articles\/[^"]+"[^>]*>Tiwerenge Pamodzi<\/a>/);
    // A reader page: no framework script.
    expect(html).not.toContain("window.__reactRouterContext");
    expect(response.cache).toBeDefined();
  });

  it("/resources filters by grade, subject, type and language, combined", async () => {
    expect(linked((await page("/resources?level=grade-4&subject=mathematics")).html)).toEqual(["fractions", "bemba"]);
    expect(linked((await page("/resources?level=grade-4&lang=ny")).html)).toEqual(["nyanja"]);
    expect(linked((await page("/resources?type=scheme-of-work")).html)).toEqual(["chemistry"]);
    expect(linked((await page("/resources?subject=no-such-subject")).html)).toEqual([]);
    const { html } = await page("/resources?level=grade-4&subject=literacy");
    expect(html).toContain("1 resource found");
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Lesson Resources: Grade 4 · Literacy | The Educator" href="${publicUrl}/resources/rss.xml?level=grade-4&amp;subject=literacy"/>`,
    );
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="Lesson Resources | The Educator" href="${publicUrl}/resources/rss.xml"/>`);
    expect(html).toContain(`href="${publicUrl}/resources/feed.json?level=grade-4&amp;subject=literacy"`);
  });

  it("pages through a filter with keyset links, never repeating or skipping a resource", async () => {
    const first = await page("/resources?level=grade-6");
    expect(first.html).toContain("14 resources found");
    const firstCards = linked(first.html);
    expect(firstCards).toEqual(drillIds.slice(0, 12).map((_, i) => `drill${i + 1}`));
    const next = /<a rel="next" href="([^"]+)"/.exec(first.html)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toMatch(/^\/resources\?level=grade-6&after=/);
    const second = await page(next!);
    expect(linked(second.html)).toEqual(["drill13", "drill14"]);
    expect(second.html).not.toContain('rel="next"');
    const prev = /<a rel="prev" href="([^"]+)"/.exec(second.html)?.[1]?.replaceAll("&amp;", "&");
    expect(linked((await page(prev!)).html)).toEqual(firstCards);
  });

  it("feeds the resources per grade, per subject and per language (RSS and JSON Feed)", async () => {
    const grade = await feed("/resources/rss.xml?level=grade-4");
    expect(grade.items).toEqual(["fractions", "nyanja", "bemba"]);
    expect(grade.channel.title).toBe("Lesson Resources: Grade 4 | The Educator");
    expect(grade.channel["atom:link"]["@href"]).toBe(`${publicUrl}/resources/rss.xml?level=grade-4`);
    expect(grade.channel.link).toBe(`${publicUrl}/resources?level=grade-4`);
    expect(grade.channel.language).toBe("en");

    const subject = await feed("/resources/rss.xml?subject=literacy");
    expect(subject.items).toEqual(["nyanja"]);
    expect(subject.channel.title).toBe("Lesson Resources: Literacy | The Educator");

    const language = await feed("/resources/rss.xml?lang=ny");
    expect(language.items).toEqual(["nyanja"]);
    expect(language.channel.language).toBe("ny");

    const all = await feed("/resources/rss.xml");
    expect(all.items.slice(0, 5)).toEqual(["fractions", "nyanja", "bemba", "chemistry", "papers"]);
    expect(all.items).not.toContain("gossip");
    expect(all.items).not.toContain("draft");

    const json = await fetch(`${server.url}/resources/feed.json?lang=bem&subject=mathematics`);
    expect(json.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    const document = (await json.json()) as { title: string; language: string; feed_url: string; items: { url: string }[] };
    expect(document.title).toBe("Lesson Resources: Mathematics · Icibemba | The Educator");
    expect(document.language).toBe("bem");
    expect(document.feed_url).toBe(`${publicUrl}/resources/feed.json?subject=mathematics&lang=bem`);
    expect(document.items.map((item) => item.url)).toEqual([`${publicUrl}/articles/${id.bemba}`]);

    expect((await fetch(`${server.url}/resources/rss.xml?subject=no-such-subject`)).status).toBe(404);
  });

  it("feeds the whole magazine per language, offered on the list of that language; search keeps to a language", async () => {
    const nyanja = await feed("/rss.xml?lang=ny");
    expect(nyanja.items).toEqual(["nyanja"]);
    expect(nyanja.channel.title).toBe("Chinyanja | The Educator");
    expect(nyanja.channel.language).toBe("ny");
    expect(nyanja.channel.link).toBe(`${publicUrl}/articles?lang=ny`);
    expect(nyanja.channel["atom:link"]["@href"]).toBe(`${publicUrl}/rss.xml?lang=ny`);
    // Any article of the language, a lesson resource or not; the magazine's feed keeps them all.
    const english = await feed("/rss.xml?lang=en");
    expect(english.items).toContain("gossip");
    expect(english.items).not.toContain("bemba");
    expect((await feed("/rss.xml")).items).toEqual(expect.arrayContaining(["gossip", "nyanja", "bemba"]));

    const json = (await (await fetch(`${server.url}/feed.json?lang=bem`)).json()) as {
      title: string;
      language: string;
      feed_url: string;
      items: { url: string }[];
    };
    expect(json).toMatchObject({ title: "Icibemba | The Educator", language: "bem", feed_url: `${publicUrl}/feed.json?lang=bem` });
    expect(json.items.map((item) => item.url)).toEqual([`${publicUrl}/articles/${id.bemba}`]);

    const { html } = await page("/articles?lang=ny");
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="Chinyanja | The Educator" href="${publicUrl}/rss.xml?lang=ny"/>`);
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="The Educator" href="${publicUrl}/rss.xml"/>`);
    // Search, word for word in any language, narrowed to one.
    expect(linked((await page("/articles?q=Grade&lang=bem")).html)).toEqual(["bemba"]);
    expect(linked((await page("/articles?q=Amapendo&lang=ny")).html)).toEqual([]);
    expect(linked((await page("/articles?q=Amapendo")).html)).toEqual(["bemba"]);
  });

  it("a cached /resources page is dropped when an article's level changes", async () => {
    const path = "/resources?level=form-2";
    await eventually(async () => ((await get(path)).cache === "hit" ? true : undefined), "the page is kept");
    expect(linked((await get(path)).html)).toEqual(["chemistry"]);
    await server.services.db.update(articles).set({ level: "form-3" }).where(eq(articles.id, id.chemistry!));
    await eventually(async () => {
      const response = await get(path);
      return linked(response.html).length === 0 ? response : undefined;
    }, "the kept page is dropped");
    expect(linked((await page("/resources?level=form-3")).html)).toEqual(["chemistry"]);
  });

  it("a cached /resources page is dropped when files are attached to an article", async () => {
    const path = "/resources?level=form-3";
    await eventually(async () => ((await get(path)).cache === "hit" ? true : undefined), "the page is kept");
    expect((await get(path)).html).not.toContain("Download Scheme");
    await server.services.db
      .insert(articleResources)
      .values({ articleId: id.chemistry!, title: "Scheme", format: "docx", storageKey: "resources/scheme.docx", sizeBytes: 2048 });
    // The card offers its one file at once: its format and size, and a download named for it.
    const shown = await eventually(async () => {
      const html = (await get(path)).html;
      return html.includes("DOCX · 2 KB") ? html : undefined;
    }, "the kept page shows the file");
    expect(shown).toContain(`aria-label="Download Scheme (DOCX · 2 KB)"`);
  });
});
