import { z } from "zod";
import { plural } from "./plural";

/** A news item the scanner found, with the magazine subject it belongs to and how much it trends. */
export interface NewsSuggestion {
  title: string;
  excerpt: string;
  url: string;
  source: string;
  /** ISO 8601; null when the feed gave no date. */
  publishedAt: string | null;
  /** The magazine category slug the item belongs to. */
  subject: string;
  trendingScore: number;
}

/** A topic that recent news items of one subject share, with those items. */
export interface TrendingTopic {
  subject: string;
  topic: string;
  /** How many recent items mention the topic. */
  frequency: number;
  articles: NewsSuggestion[];
}

export interface TrendingAnswer {
  trendingTopics: TrendingTopic[];
  /** True when no feed could be reached and these are the built-in samples. */
  sample: boolean;
}

export interface SubjectAnswer {
  articles: NewsSuggestion[];
  sample: boolean;
}

export const maxSubjectLength = 100;

/** The body of POST /functions/v1/zambia-news-scanner: which of the scanner's actions to run. */
export const newsScannerRequestSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("scan-trending") }),
    z.object({
      action: z.literal("get-by-subject"),
      subject: z
        .string({ message: "subject must be a string" })
        .trim()
        .min(1, { message: "subject is required for get-by-subject" })
        .max(maxSubjectLength, { message: `subject may be at most ${maxSubjectLength} characters` }),
    }),
  ],
  { message: 'action must be "scan-trending" or "get-by-subject"' },
);

export type NewsScannerRequest = z.output<typeof newsScannerRequestSchema>;

export const scanFailedText = "Failed to scan trending topics. Please try again.";
export const scannerErrorText = (status: number) => `News scanner error: ${status}`;
export const foundTrendingText = (count: number) => `Found ${plural(count, { one: "trending item", other: "trending items" })}.`;

/** Every distinct item of a trending answer, best first (what the panel lists). */
export function trendingItems(topics: TrendingTopic[]): NewsSuggestion[] {
  const byUrl = new Map<string, NewsSuggestion>();
  for (const topic of topics) for (const item of topic.articles) if (!byUrl.has(item.url)) byUrl.set(item.url, item);
  return [...byUrl.values()].sort((a, b) => b.trendingScore - a.trendingScore);
}

/** What the AI writer receives when an item is picked: its title, summary and link. */
export function promptFromSuggestion(item: NewsSuggestion): string {
  return [`Write about this news for teachers: ${item.title}`, item.excerpt && `Summary: ${item.excerpt}`, `Source: ${item.source} (${item.url})`]
    .filter(Boolean)
    .join("\n");
}

const hour = 60 * 60 * 1000;

/**
 * Fallback when no feed can be reached. Made-up items, always labelled as
 * samples in answers and on screen; they link to the magazine's own category pages.
 */
export function sampleNews(now: Date = new Date()): NewsSuggestion[] {
  const item = (title: string, excerpt: string, subject: string, hoursAgo: number, trendingScore: number): NewsSuggestion => ({
    title,
    excerpt,
    url: `/category/${subject}#sample-${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`,
    source: "Sample data",
    publishedAt: new Date(now.getTime() - hoursAgo * hour).toISOString(),
    subject,
    trendingScore,
  });
  return [
    item(
      "Schools roll out the competence-based curriculum",
      "Teachers share how they are adapting lesson plans and assessment to the new curriculum framework.",
      "education-news",
      3,
      92,
    ),
    item(
      "Preparing learners for national examinations",
      "Revision timetables, past papers and calm routines that help Grade 7, 9 and 12 learners prepare.",
      "education-news",
      8,
      85,
    ),
    item("School feeding and learner concentration", "How a daily meal at school is linked to attendance and attention in class.", "health", 12, 78),
    item("Keeping classrooms safe in the rainy season", "Simple hygiene routines that protect learners from waterborne illness.", "health", 20, 70),
    item("Inter-school athletics season opens", "Coaches and PE teachers prepare learners for district and provincial games.", "sports", 26, 64),
    item("Teaching with one smartphone in the classroom", "Low-cost ways to use a single phone, offline videos and radio lessons.", "technology", 30, 73),
    item("Coding clubs in rural schools", "Teachers start after-school clubs that teach problem solving with free tools.", "technology", 40, 60),
    item("Learners run a school market day", "A business project teaches budgeting, pricing and teamwork.", "entrepreneurship", 48, 58),
  ];
}

export const sampleSubjects = ["education-news", "health", "sports", "technology", "entrepreneurship"] as const;

/** The samples grouped into trending topics, as the scanner would answer. */
export function sampleTrendingTopics(now: Date = new Date()): TrendingTopic[] {
  const items = sampleNews(now);
  const topics: Record<(typeof sampleSubjects)[number], string> = {
    "education-news": "curriculum",
    health: "school health",
    sports: "school sport",
    technology: "classroom technology",
    entrepreneurship: "business skills",
  };
  return sampleSubjects.map((subject) => {
    const articles = items.filter((entry) => entry.subject === subject);
    return { subject, topic: topics[subject], frequency: articles.length, articles };
  });
}

/** Samples matching a subject: a category slug or name, or a word in the title or summary. */
export function sampleNewsBySubject(subject: string, now: Date = new Date()): NewsSuggestion[] {
  const wanted = subject.trim().toLowerCase();
  const slug = wanted.replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return sampleNews(now).filter(
    (entry) => entry.subject === slug || entry.title.toLowerCase().includes(wanted) || entry.excerpt.toLowerCase().includes(wanted),
  );
}
