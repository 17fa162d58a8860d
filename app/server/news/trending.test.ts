import { describe, expect, it } from "vitest";
import { itemsBySubject, recencyFactor, subjectFor, subjectNamed, termsOf, trendingScore, trendingTopics, type NewsRecord } from "./trending.server";

const now = new Date("2025-03-10T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);

function record(title: string, hours: number | null, excerpt = ""): NewsRecord {
  return {
    title,
    excerpt,
    url: `https://news.example/${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    source: "Example News",
    publishedAt: hours === null ? null : hoursAgo(hours),
    fetchedAt: hoursAgo(1),
  };
}

const records = [
  record("School feeding programme reaches rural schools", 2, "The school feeding programme grows."),
  record("Parents praise school feeding in Kasama", 10),
  record("School feeding budget debated in parliament", 30),
  record("New curriculum for Grade 7 announced", 4, "The curriculum changes assessment."),
  record("Teachers discuss the curriculum changes", 50),
  record("Coding clubs open in three schools", 6, "Learners learn coding on shared computers."),
  record("Netball tournament results", 8),
  record("Old exam story", 24 * 20, "Far outside the trending window: exam exam exam."),
];

describe("terms", () => {
  it("drops stop words, news boilerplate and numbers, joins plurals and keeps word pairs", () => {
    const terms = termsOf("The Schools of Zambia said 2025 school feeding news");
    expect([...terms].sort()).toEqual(["feeding", "school", "school feeding"]);
  });

  it("maps words to the magazine's categories, defaulting to education news", () => {
    expect(subjectFor(termsOf("Malaria nets and clean water for pupils"))).toBe("health");
    expect(subjectFor(termsOf("Football and netball tournament"))).toBe("sports");
    expect(subjectFor(termsOf("Something unrelated entirely"))).toBe("education-news");
    expect(subjectNamed("Technology")).toBe("technology");
    expect(subjectNamed("education news")).toBe("education-news");
    expect(subjectNamed("feeding")).toBeNull();
  });
});

describe("scoring", () => {
  it("halves recency every two days and multiplies it by the topic weight", () => {
    expect(recencyFactor({ publishedAt: now, fetchedAt: now }, now)).toBe(1);
    expect(recencyFactor({ publishedAt: hoursAgo(48), fetchedAt: now }, now)).toBeCloseTo(0.5, 10);
    expect(recencyFactor({ publishedAt: hoursAgo(96), fetchedAt: now }, now)).toBeCloseTo(0.25, 10);
    // Undated items are as old as the moment they were first read.
    expect(recencyFactor({ publishedAt: null, fetchedAt: hoursAgo(48) }, now)).toBeCloseTo(0.5, 10);
    // A date in the future counts as now.
    expect(recencyFactor({ publishedAt: new Date(now.getTime() + 3600_000), fetchedAt: now }, now)).toBe(1);
    expect(trendingScore(1, 2)).toBe(100);
    expect(trendingScore(0.5, 1)).toBe(25);
    expect(trendingScore(0.25, 1.5)).toBe(18.8);
  });
});

describe("trending topics", () => {
  const topics = trendingTopics(records, { now });

  it("ranks topics by how many recent items mention them, a pair replacing its own words", () => {
    expect(topics[0]).toMatchObject({ topic: "school feeding", frequency: 3, subject: "health" });
    expect(topics[1]).toMatchObject({ topic: "curriculum change", frequency: 2, subject: "education-news" });
    const names = topics.map((topic) => topic.topic);
    expect(names).not.toContain("feeding");
    // Too general on its own in education news.
    expect(names).not.toContain("school");
    // Items outside the 14-day window do not count.
    expect(names).not.toContain("exam");
    // A term seen once is not trending while others repeat.
    expect(names).not.toContain("netball");
  });

  it("lists each topic's items by score, newest and most on-topic first", () => {
    const feeding = topics[0]!;
    expect(feeding.articles.map((article) => article.title)).toEqual([
      "School feeding programme reaches rural schools",
      "Parents praise school feeding in Kasama",
      "School feeding budget debated in parliament",
    ]);
    // 2 hours old, mentions the top topic: 50 × 0.5^(2/48) × 2.
    expect(feeding.articles[0]!.trendingScore).toBe(Math.round(50 * 0.5 ** (2 / 48) * 2 * 10) / 10);
    expect(feeding.articles[0]).toMatchObject({
      source: "Example News",
      publishedAt: hoursAgo(2).toISOString(),
      url: "https://news.example/school-feeding-programme-reaches-rural-schools",
    });
    const curriculum = topics[1]!;
    // The curriculum topic (2 of 3 mentions) weighs 1 + 2/3.
    expect(curriculum.articles[0]!.trendingScore).toBe(Math.round(50 * 0.5 ** (4 / 48) * (1 + 2 / 3) * 10) / 10);
  });

  it("returns nothing for no items, and single mentions when nothing repeats", () => {
    expect(trendingTopics([], { now })).toEqual([]);
    const single = trendingTopics([record("Chess club wins", 1)], { now });
    expect(single.map((topic) => topic.topic)).toContain("chess");
  });
});

describe("items by subject", () => {
  it("finds a category's items, or items with all the words asked for", () => {
    expect(itemsBySubject(records, "technology", { now }).map((item) => item.title)).toEqual(["Coding clubs open in three schools"]);
    expect(itemsBySubject(records, "Sports", { now }).map((item) => item.title)).toEqual(["Netball tournament results"]);
    expect(itemsBySubject(records, "curriculum", { now }).map((item) => item.title)).toEqual([
      "New curriculum for Grade 7 announced",
      "Teachers discuss the curriculum changes",
    ]);
    expect(itemsBySubject(records, "feeding Kasama", { now }).map((item) => item.title)).toEqual(["Parents praise school feeding in Kasama"]);
    expect(itemsBySubject(records, "the", { now })).toEqual([]);
  });
});
