import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, communityQuestions, teamMembers } from "#database/schema";
import { demoArticles } from "#database/seed/demo-content";
import { demoQuestions } from "#database/seed/demo-community";
import type { AppDb } from "#app/server/db/types.server";
import { questionPath, questionSlug } from "#app/lib/community";
import { articleCategoriesOf, findRelatedArticles, findRelatedQuestions, questionCategoriesOf, topicWords } from "#app/server/community/related.server";
import { aCategory, aCommunityQuestion, anArticle, aTeamMember } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { eventually, pageWhen, rawRequest, type RawResponse } from "#tests/helpers/pages";
import { startTestServer, type TestServer } from "#tests/helpers/server";

// Reading on: Ask Kafundisha questions under an article ("Teachers ask"), articles under a question
// ("Related Articles"), and the cached pages dropped exactly when what they list changes.

let server: TestServer;
let db: AppDb;
const ids = { health: "", sports: "", fieldNotes: "", marker: "" };
let changeNumber = 0;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A published question (or one in another state), its address words made from its title. */
const aQuestion = (title: string, categories: string[], fields: Partial<typeof communityQuestions.$inferInsert> = {}) =>
  aCommunityQuestion(db, { title, slug: questionSlug(title), categories, status: "published", publishedAt: minutesAgo(60), ...fields });

const anArticleIn = (categoryId: string, title: string, minutes = 60) => anArticle(db, { title, categoryId, publishedAt: minutesAgo(minutes) });

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${server.url}${path}`, { headers });
const shows = (text: string) => (page: RawResponse) => page.status === 200 && page.html.includes(text);
const when = (path: string, check: (page: RawResponse) => boolean, what: string) => pageWhen(`${server.url}${path}`, check, what);

/** Asks for each page until the cache keeps it. */
async function warm(...paths: string[]) {
  for (const path of paths) {
    expect((await get(path)).status, path).toBe(200);
    await eventually(async () => ((await get(path)).cache === "hit" ? true : undefined), `${path} is kept`);
  }
}

async function expectHits(...paths: string[]) {
  for (const path of paths) expect((await get(path)).cache, `${path} still cached`).toBe("hit");
}

/**
 * Waits until every change made so far was handled: change events arrive in order, so once a later
 * marker change has dropped /about's data-saver copy, the earlier ones were handled too.
 */
async function afterEarlierEvents() {
  const marked = () => get("/about", { "Save-Data": "on" });
  await eventually(async () => ((await marked()).cache === "hit" ? true : undefined), "the marker page is kept");
  const name = `Marker ${++changeNumber}`;
  await db.update(teamMembers).set({ name }).where(eq(teamMembers.id, ids.marker));
  await eventually(async () => (shows(name)(await marked()) ? true : undefined), `the marker page shows ${name}`);
}

/** The "Teachers ask" section of a page, or "" when it has none. */
const teachersAsk = (html: string) => /<section aria-labelledby="teachers-ask-heading".*?<\/section>/s.exec(html)?.[0] ?? "";
const relatedArticlesOf = (html: string) => /<section aria-labelledby="related-articles-heading".*?<\/section>/s.exec(html)?.[0] ?? "";

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false" });
  db = server.services.db;
  ids.health = (await aCategory(db, { name: "Health & Wellness", slug: "health" })).id;
  ids.sports = (await aCategory(db, { name: "Sports & Physical Education", slug: "sports" })).id;
  ids.fieldNotes = (await aCategory(db, { name: "Field Notes" })).id;
  ids.marker = (await aTeamMember(db, { name: "Marker 0", position: "Marker" })).id;
});
afterAll(() => server.close());

describe(`which questions and articles are related (${testDatabaseKind})`, () => {
  it("matches article categories to Ask Kafundisha categories, by name and by subject", () => {
    expect(questionCategoriesOf("technology")).toEqual(["technology"]);
    expect(questionCategoriesOf("health")).toEqual(["wellbeing"]);
    expect(questionCategoriesOf("education-news")).toEqual(["curriculum", "assessment"]);
    expect(questionCategoriesOf("teacher-swaps")).toEqual(["career"]);
    // A category added later under a question category's name finds its questions.
    expect(questionCategoriesOf("classroom-management")).toEqual(["classroom-management"]);
    expect(questionCategoriesOf("sports")).toEqual([]);
    // The advice column answers every kind of question.
    expect(questionCategoriesOf("ask-kafundisha")).toHaveLength(6);
    // The other way, a category of a question category's name would correspond too ("wellbeing"): there is none yet.
    expect(articleCategoriesOf(["wellbeing", "technology"])).toEqual(["wellbeing", "health", "technology", "ask-kafundisha"]);
    expect(articleCategoriesOf(["assessment"])).toEqual(["assessment", "education-news", "ask-kafundisha"]);
    expect(articleCategoriesOf(["not-a-category"])).toEqual([]);
  });

  it("finds a title by the words that say what it is about", () => {
    expect(topicWords("How do I keep a class of 70 Grade 3 learners engaged during reading lessons?")).toEqual([
      "keep",
      "class",
      "grade",
      "learners",
      "engaged",
      "reading",
      "lessons",
    ]);
    expect(topicWords("Using AI Tools for Lesson Planning — Carefully")).toEqual(["using", "ai", "tools", "lesson", "planning", "carefully"]);
    expect(topicWords("What is it? How do I...")).toEqual([]);
  });

  it("lists the published questions of corresponding categories, those sharing a title word first; with none corresponding, only those sharing one", async () => {
    const stress = await aQuestion("Coping with stress in exam season", ["wellbeing"], { answerCount: 2, publishedAt: minutesAgo(300) });
    const stressElsewhere = await aQuestion("Stress about a transfer request", ["career"], { publishedAt: minutesAgo(10) });
    const newest = await aQuestion("Feeling tired every Friday", ["wellbeing"], { publishedAt: minutesAgo(5) });
    const older = await aQuestion("Finding quiet time at lunch", ["wellbeing"], { publishedAt: minutesAgo(200) });
    await aQuestion("Tired of stress in the staff room", ["wellbeing"], { status: "pending", publishedAt: null });
    const oldest = await aQuestion("Oldest wellbeing question", ["wellbeing"], { publishedAt: minutesAgo(900) });
    await aQuestion("Even older wellbeing question", ["wellbeing"], { publishedAt: minutesAgo(1000) });

    const found = await findRelatedQuestions(db, { title: "Managing Stress Before Examinations", categorySlug: "health" });
    expect(found.questions.map((question) => question.title)).toEqual([stress.title, newest.title, older.title, oldest.title]);
    expect(found.questions[0]).toEqual({ id: stress.id, slug: stress.slug, title: stress.title, answers: 2 });
    expect(found.among).toEqual(["wellbeing"]);

    // No corresponding category: title words only, among every question.
    const sports = await findRelatedQuestions(db, { title: "Stress-Free Sports Days", categorySlug: "sports" });
    expect(sports.questions.map((question) => question.title)).toEqual([stressElsewhere.title, stress.title]);
    expect(sports.among).toHaveLength(6);
    expect((await findRelatedQuestions(db, { title: "Notes From Mongu", categorySlug: "field-notes" })).questions).toEqual([]);
  });

  it("lists the published articles of corresponding categories, those sharing a title word first; with none corresponding, only those sharing one", async () => {
    const planting = await anArticleIn(ids.fieldNotes, "Planting a Garden for Calm", 400);
    const calmHealth = await anArticleIn(ids.health, "Calm Mornings for Tired Teachers", 500);
    const newestHealth = await anArticleIn(ids.health, "Water in Every Classroom", 20);
    await anArticle(db, { title: "A Draft About Calm", categoryId: ids.health, status: "draft" });
    const olderHealth = await anArticleIn(ids.health, "Older Health Notes", 900);
    await anArticleIn(ids.health, "Oldest Health Notes", 1000);

    const found = await findRelatedArticles(db, { title: "How can I stay calm when I am tired?", categories: ["wellbeing"] });
    expect(found.articles.map((article) => article.title)).toEqual([calmHealth.title, newestHealth.title, olderHealth.title]);
    expect(found.articles[0]).toEqual({ id: calmHealth.id, title: calmHealth.title, categorySlug: "health", readTimeMinutes: 1 });
    expect(found.amongCategoryIds).toEqual([ids.health]);

    // No corresponding category here (Teacher Swaps, the advice column): title words only, among every article.
    const byWordsOnly = await findRelatedArticles(db, { title: "Calm in a garden", categories: ["career"] });
    expect(byWordsOnly.articles.map((article) => article.title)).toEqual([planting.title, calmHealth.title]);
    expect(byWordsOnly.amongCategoryIds).toBeNull();
  });
});

describe(`"Teachers ask" and "Related Articles" on cached pages (${testDatabaseKind})`, () => {
  let healthArticle: string;
  let sportsArticle: string;
  let techArticle: string;
  let lonelyArticle: string;
  let listed: { id: string; slug: string; title: string };
  let question: string;
  let techQuestion: string;
  let lonelyQuestion: string;

  beforeAll(async () => {
    const technology = (await aCategory(db, { name: "Technology in Education", slug: "technology" })).id;
    healthArticle = `/articles/${(await anArticleIn(ids.health, "Hydration Habits", 30)).id}`;
    sportsArticle = `/articles/${(await anArticleIn(ids.sports, "Relay Races for Big Classes", 30)).id}`;
    techArticle = `/articles/${(await anArticleIn(technology, "Tablets in Every Classroom", 30)).id}`;
    lonelyArticle = `/articles/${(await anArticleIn(ids.fieldNotes, "Notes From Mongu", 30)).id}`;
    listed = await aQuestion("Water bottles in class", ["wellbeing"], { answerCount: 1, publishedAt: minutesAgo(1) });
    question = questionPath(await aQuestion("How do I keep a hydration routine going?", ["wellbeing"]));
    techQuestion = questionPath(await aQuestion("Which tablets suit Grade 5?", ["technology"]));
    lonelyQuestion = questionPath(await aQuestion("Which unions help with a zebra crossing?", ["classroom-management"]));
    await afterEarlierEvents();
  });

  it("shows the questions under an article, with their answers, and the articles under a question; nothing when there are none", async () => {
    const section = teachersAsk((await get(healthArticle)).html);
    expect(section).toContain("Teachers ask");
    expect(section).toContain("Related questions from Ask Kafundisha");
    expect(section).toContain(`href="${questionPath(listed)}"`);
    expect(section).toContain("1 answer");
    expect(section).toContain(`href="${question}"`);
    expect(teachersAsk((await get(techArticle)).html)).toContain(`href="${techQuestion}"`);
    expect(teachersAsk((await get(lonelyArticle)).html)).toBe("");

    const page = await get(question);
    const related = relatedArticlesOf(page.html);
    expect(related).toContain("Hydration Habits");
    expect(related).toContain("Health");
    // The question page offers Save for offline, as an article does.
    expect(page.html).toContain("data-save-offline");
    expect(relatedArticlesOf((await get(techQuestion)).html)).toContain("Tablets in Every Classroom");
    expect(relatedArticlesOf((await get(lonelyQuestion)).html)).toBe("");
  });

  it("a question published, renamed or unpublished drops the article pages weighing its categories, and no other", async () => {
    await warm(healthArticle, sportsArticle, techArticle, lonelyQuestion);
    // Published in a corresponding category.
    const fresh = await aQuestion("Sunscreen at sports day", ["wellbeing"], { status: "pending", publishedAt: null });
    await afterEarlierEvents();
    expect(teachersAsk((await get(healthArticle)).html)).not.toContain("Sunscreen at sports day");
    await db.update(communityQuestions).set({ status: "published", publishedAt: new Date() }).where(eq(communityQuestions.id, fresh.id));
    await when(healthArticle, (page) => teachersAsk(page.html).includes("Sunscreen at sports day"), "the health article lists the published question");
    // Published with a word of the title of an article that has no corresponding category.
    await aQuestion("Relay baton ideas", ["career"], { publishedAt: new Date() });
    await when(sportsArticle, (page) => teachersAsk(page.html).includes("Relay baton ideas"), "the sports article lists the question sharing a word");
    await afterEarlierEvents();
    await expectHits(techArticle, lonelyQuestion);

    // Renamed: a new title, a new address.
    await warm(healthArticle);
    const title = "Water bottles for every learner";
    await db
      .update(communityQuestions)
      .set({ title, slug: questionSlug(title) })
      .where(eq(communityQuestions.id, listed.id));
    const renamed = await when(healthArticle, (page) => teachersAsk(page.html).includes(title), "the health article shows the new title");
    expect(teachersAsk(renamed.html)).toContain(`href="${questionPath({ id: listed.id, slug: questionSlug(title) })}"`);

    // Unpublished: gone.
    await warm(healthArticle);
    await db.update(communityQuestions).set({ status: "rejected" }).where(eq(communityQuestions.id, listed.id));
    await when(healthArticle, (page) => !teachersAsk(page.html).includes(title), "the health article no longer lists the rejected question");
    await afterEarlierEvents();
    await expectHits(techArticle, lonelyQuestion);

    // Deleted: gone.
    await warm(sportsArticle);
    await db.delete(communityQuestions).where(eq(communityQuestions.title, "Relay baton ideas"));
    await when(sportsArticle, (page) => !teachersAsk(page.html).includes("Relay baton ideas"), "the sports article no longer lists the deleted question");
  });

  it("an article published, edited, moved or unpublished drops the question pages weighing its category, and no other", async () => {
    await warm(question, lonelyQuestion, techQuestion);
    // Published in a corresponding category.
    const shade = await anArticleIn(ids.health, "Shade and Rest Breaks", 0);
    await when(question, (page) => relatedArticlesOf(page.html).includes("Shade and Rest Breaks"), "the question lists the newest health article");
    // Published with a word of the title of a question that has no corresponding category.
    const zebra = await anArticleIn(ids.fieldNotes, "Zebra Crossing Drills", 0);
    await when(
      lonelyQuestion,
      (page) => relatedArticlesOf(page.html).includes("Zebra Crossing Drills"),
      "the lonely question lists the article sharing a word",
    );
    await afterEarlierEvents();
    await expectHits(techQuestion);

    // Edited: its new title.
    await warm(question);
    await db.update(articles).set({ title: "Shade, Rest and Water Breaks" }).where(eq(articles.id, shade.id));
    await when(question, (page) => relatedArticlesOf(page.html).includes("Shade, Rest and Water Breaks"), "the question shows the article's new title");

    // Moved to a category the question has no correspondence with: gone.
    await warm(question);
    await db.update(articles).set({ categoryId: ids.fieldNotes }).where(eq(articles.id, shade.id));
    await when(question, (page) => !relatedArticlesOf(page.html).includes("Shade, Rest and Water Breaks"), "the question no longer lists the moved article");

    // Unpublished: gone.
    await warm(lonelyQuestion);
    await db.update(articles).set({ status: "draft", publishedAt: null }).where(eq(articles.id, zebra.id));
    await when(lonelyQuestion, (page) => !relatedArticlesOf(page.html).includes("Zebra Crossing Drills"), "the lonely question no longer lists the draft");
    await afterEarlierEvents();
    await expectHits(techQuestion);
  });

  it("weighs the newest 200 questions of the categories: one deleted lets the next one in", async () => {
    const swaps = (await aCategory(db, { name: "Teacher Swaps", slug: "teacher-swaps" })).id;
    const article = `/articles/${(await anArticleIn(swaps, "Transfer Letters That Get Answered", 30)).id}`;
    // The 201st newest career question shares a word with the title (the 200 newer ones do not).
    await aQuestion("How do I word a transfer request?", ["career"], { publishedAt: minutesAgo(5) });
    await db.insert(communityQuestions).values(
      Array.from({ length: 200 }, (_, index) => ({
        title: `Career question ${index}`,
        slug: `career-question-${index}`,
        categories: ["career"],
        description: "Asked.",
        status: "published" as const,
        publishedAt: new Date(Date.now() - (index + 1) * 1000),
      })),
    );
    await afterEarlierEvents();
    await warm(article);
    expect(teachersAsk((await get(article)).html)).not.toContain("How do I word a transfer request?");
    await db.delete(communityQuestions).where(eq(communityQuestions.title, "Career question 150"));
    await when(article, (page) => teachersAsk(page.html).includes("How do I word a transfer request?"), "the article lists the question come in");
  });
});

describe(`the demo magazine's related reading (${testDatabaseKind})`, () => {
  let demo: TestServer;
  beforeAll(async () => {
    demo = await startTestServer({ SEED_DEMO: "true" });
  });
  afterAll(() => demo.close());

  const articleTitled = async (title: string) => (await demo.services.db.select().from(articles).where(eq(articles.title, title)))[0]!;
  const questionTitled = async (title: string) => (await demo.services.db.select().from(communityQuestions).where(eq(communityQuestions.title, title)))[0]!;
  const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

  it("lists teachers' questions on the subject under an article, and articles on the subject under a question", async () => {
    const stressArticle = await articleTitled(demoArticles.find((article) => article.key === "teacher-stress-wellbeing")!.title);
    const stressQuestion = demoQuestions.find((question) => question.title.startsWith("Managing stress"))!;
    const articlePage = await (await fetch(`${demo.url}/articles/${stressArticle.id}`)).text();
    expect(teachersAsk(articlePage)).toMatch(new RegExp(`^<section[^]*?<h3[^>]*><a href="[^"]*"[^>]*>${escaped(stressQuestion.title)}</a>`));

    // The advice column's answer to a like question first (a shared word), then the newest of Health.
    const missing = await questionTitled(demoQuestions.find((question) => question.title.includes("stopped coming"))!.title);
    const related = relatedArticlesOf(await (await fetch(`${demo.url}${questionPath(missing)}`)).text());
    const titles = [...related.matchAll(/<a href="\/articles\/[^"]+"[^>]*>([^<]+)<\/a>/g)].map((found) => found[1]);
    expect(titles).toEqual([
      escaped('Ask Kafundisha: "A Learner in My Class Keeps Missing School. What Can I Do?"'),
      escaped("Looking After Yourself: Managing Stress as a Teacher"),
      escaped("Keeping Girls in School: Practical Menstrual Health Support"),
    ]);
  });
});
