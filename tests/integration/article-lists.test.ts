import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCategory, searchPublishedArticles } from "#app/server/articles/articles.server";
import { containsPattern } from "#app/server/db/types.server";
import { articleListSearch, parseArticleListParams } from "#app/lib/article-list-params";
import { selectRows } from "#app/server/db/types.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServices, type TestServices } from "#tests/helpers/services";
import { aCategory, anArticle } from "#tests/factories";

let started: TestServices;
const day = 24 * 60 * 60 * 1000;
const now = Date.now();

interface Row {
  title: string;
  excerpt: string | null;
  category: "health" | "sports";
  status?: "draft" | "published";
  daysAgo?: number;
  views?: number;
  words?: number;
}

const rows: Row[] = [
  { title: "Healthy Lunches for Learners", excerpt: "Cheap meals that keep a class awake.", category: "health", daysAgo: 3, views: 50, words: 650 },
  { title: "Stress at Exam Time", excerpt: "Teachers can spot burnout early: HEALTHY habits help.", category: "health", daysAgo: 1, views: 10 },
  { title: "Football Without a Pitch", excerpt: null, category: "sports", daysAgo: 5, views: 900 },
  { title: "100% Attendance Awards", excerpt: "Do prizes for perfect attendance work?", category: "sports", daysAgo: 2, views: 300 },
  { title: "Team_Captain Rotation", excerpt: "Everyone leads once a term.", category: "sports", daysAgo: 4, views: 5 },
  { title: "Draft About Healthy Sleep", excerpt: "Not ready yet.", category: "health", status: "draft", views: 0 },
];

beforeAll(async () => {
  started = await startTestServices();
  const { db } = started.services;
  const categoryId = {
    health: (await aCategory(db, { name: "Health & Wellness", slug: "health", description: "Wellbeing of teachers and learners.", icon: "HeartPulse" })).id,
    sports: (await aCategory(db, { name: "Sports" })).id,
  };
  for (const row of rows) {
    await anArticle(db, {
      title: row.title,
      excerpt: row.excerpt,
      content: Array.from({ length: row.words ?? 40 }, () => "word").join(" "),
      categoryId: categoryId[row.category],
      status: row.status ?? "published",
      publishedAt: row.status === "draft" ? null : new Date(now - (row.daysAgo ?? 0) * day),
      views: row.views ?? 0,
    });
  }
});
afterAll(() => started?.stop());

const titles = async (search: Parameters<typeof searchPublishedArticles>[0]) =>
  (await searchPublishedArticles(search)).articles.map((article) => article.title);

describe(`article lists (${testDatabaseKind})`, () => {
  it("lists published articles only, newest first by default", async () => {
    expect(await titles({})).toEqual([
      "Stress at Exam Time",
      "100% Attendance Awards",
      "Healthy Lunches for Learners",
      "Team_Captain Rotation",
      "Football Without a Pitch",
    ]);
  });

  it("sorts oldest first and by views for most popular", async () => {
    expect(await titles({ sort: "oldest" })).toEqual([
      "Football Without a Pitch",
      "Team_Captain Rotation",
      "Healthy Lunches for Learners",
      "100% Attendance Awards",
      "Stress at Exam Time",
    ]);
    const popular = (await searchPublishedArticles({ sort: "popular" })).articles;
    expect(popular.map((article) => article.views)).toEqual([900, 300, 50, 10, 5]);
  });

  it("searches title or excerpt, case-insensitively, and never shows drafts", async () => {
    // "healthy" is in one title and (upper case) in another article's excerpt; the draft's title has it too.
    expect(await titles({ q: "healthy" })).toEqual(["Stress at Exam Time", "Healthy Lunches for Learners"]);
    expect(await titles({ q: "PITCH" })).toEqual(["Football Without a Pitch"]);
    expect(await titles({ q: "perfect attendance" })).toEqual(["100% Attendance Awards"]);
    expect(await titles({ q: "sleep" })).toEqual([]);
    expect(await titles({ q: "  pitch  " })).toEqual(["Football Without a Pitch"]);
  });

  it("takes % and _ literally", async () => {
    expect(await titles({ q: "%" })).toEqual(["100% Attendance Awards"]);
    expect(await titles({ q: "0%" })).toEqual(["100% Attendance Awards"]);
    expect(await titles({ q: "m_c" })).toEqual(["Team_Captain Rotation"]);
    expect(await titles({ q: "_" })).toEqual(["Team_Captain Rotation"]);
    expect(await titles({ q: "a%s" })).toEqual([]);
    expect(await titles({ q: "\\" })).toEqual([]);
    expect(containsPattern("50%_\\")).toBe("%50\\%\\_\\\\%");
  });

  it("filters by category, combined with search and sort; an unknown category is an empty list", async () => {
    expect(await titles({ categorySlug: "health" })).toEqual(["Stress at Exam Time", "Healthy Lunches for Learners"]);
    expect(await titles({ categorySlug: "sports", sort: "popular" })).toEqual(["Football Without a Pitch", "100% Attendance Awards", "Team_Captain Rotation"]);
    expect(await titles({ categorySlug: "sports", q: "team" })).toEqual(["Team_Captain Rotation"]);
    expect(await titles({ categorySlug: "no-such-category" })).toEqual([]);
  });

  it("returns cards with the read time and without the full text", async () => {
    const [lunches] = (await searchPublishedArticles({ q: "lunches" })).articles;
    expect(lunches).toMatchObject({ categorySlug: "health", readTimeMinutes: 3, excerpt: "Cheap meals that keep a class awake." });
    expect(lunches).not.toHaveProperty("content");
    const [football] = (await searchPublishedArticles({ q: "football" })).articles;
    expect(football).toMatchObject({ excerpt: null, readTimeMinutes: 1 });
  });

  it("finds a category's description and icon, and null for an unknown slug", async () => {
    expect(await findCategory("health")).toEqual({ name: "Health & Wellness", description: "Wellbeing of teachers and learners.", icon: "HeartPulse" });
    expect(await findCategory("sports")).toEqual({ name: "Sports", description: null, icon: null });
    expect(await findCategory("nothing-here")).toBeNull();
  });

  it("answers the search from the trigram indexes on a large table, not a sequential scan", async () => {
    const { db } = started.services;
    // Many published articles, so that "status = published" alone selects nearly everything.
    await db.execute(sql`
      insert into articles (title, excerpt, content, category_id, status, slug, published_at)
      select 'Bulk article ' || md5(g::text), 'About ' || md5((g * 7)::text), 'text', (select id from categories where slug = 'sports'),
             'published', 'bulk-' || g, now() - g * interval '1 minute'
      from generate_series(1, 10000) as g`);
    try {
      await db.execute(sql`vacuum analyze articles`);
      const pattern = containsPattern("healthy");
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await selectRows<{ "QUERY PLAN": string }>(
          tx,
          sql`explain select id from articles where status = 'published' and (title ilike ${pattern} or excerpt ilike ${pattern})`,
        );
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      expect(plan).toContain("articles_title_trgm_idx");
      expect(plan).toContain("articles_excerpt_trgm_idx");
      expect(plan).not.toContain("Seq Scan");
    } finally {
      await db.execute(sql`delete from articles where slug like 'bulk-%'`);
    }
    expect(await titles({ q: "bulk article" })).toEqual([]);
  });
});

describe("list URL parameters", () => {
  it("parses with defaults for missing or bad values", () => {
    const noCurriculum = { level: null, subject: null, type: null, lang: null };
    expect(parseArticleListParams("")).toEqual({ q: "", category: null, sort: "newest", view: "grid", ...noCurriculum });
    expect(parseArticleListParams("q=%20Maths%20&category=health&sort=popular&view=list")).toEqual({
      q: "Maths",
      category: "health",
      sort: "popular",
      view: "list",
      ...noCurriculum,
    });
    expect(parseArticleListParams("category=Not%20a%20slug&sort=random&view=table")).toEqual({
      q: "",
      category: null,
      sort: "newest",
      view: "grid",
      ...noCurriculum,
    });
    // Any well-formed category slug is kept: categories come from the database (one that does not exist lists nothing).
    expect(parseArticleListParams("category=cooking").category).toBe("cooking");
    // Grade, subject, type and language: known levels and types, a slug, a well-formed language tag (in its canonical case).
    expect(parseArticleListParams("level=grade-4&subject=mathematics&type=worksheet&lang=EN-gb")).toMatchObject({
      level: "grade-4",
      subject: "mathematics",
      type: "worksheet",
      lang: "en-GB",
    });
    expect(parseArticleListParams("level=grade-13&subject=Not%20A%20Slug&type=poster&lang=not_a_tag")).toMatchObject(noCurriculum);
    expect(parseArticleListParams(`q=${"x".repeat(500)}`).q).toHaveLength(100);
  });

  it("writes only what differs from the defaults", () => {
    expect(articleListSearch({ q: "", category: null, sort: "newest", view: "grid" })).toBe("");
    expect(articleListSearch({ q: "fractions", level: "grade-4", subject: "mathematics", type: "worksheet", lang: "ny", sort: "oldest" })).toBe(
      "?q=fractions&level=grade-4&subject=mathematics&type=worksheet&lang=ny&sort=oldest",
    );
    expect(articleListSearch({ q: " 50% off ", category: "teacher-swaps", sort: "oldest", view: "list" })).toBe(
      "?q=50%25+off&category=teacher-swaps&sort=oldest&view=list",
    );
  });
});
