import { categoryLabel } from "#app/lib/category-label";
import type { NewsSuggestion, TrendingTopic } from "#app/lib/news-types";

/** A cached news item, as the trending and scoring rules read it. */
export interface NewsRecord {
  title: string;
  excerpt: string;
  url: string;
  source: string;
  publishedAt: Date | null;
  fetchedAt: Date;
}

/** The magazine's categories a news item can belong to, and the words that point to each. */
export const subjectKeywords: Record<string, string[]> = {
  "education-news":
    "school curriculum exam examination teacher learner pupil student education ministry policy university college classroom syllabus grade enrolment bursary literacy numeracy teaching learning ecz headteacher".split(
      " ",
    ),
  health:
    "health nutrition malaria hiv aids cholera hygiene mental wellbeing disease vaccine vaccination feeding meal clinic sanitation water illness medical".split(
      " ",
    ),
  sports: "sport football soccer athletics netball game games tournament olympic coach team physical fitness volleyball basketball chess".split(" "),
  technology:
    "technology digital computer ict internet online phone mobile smartphone tablet coding software data e-learning elearning radio television ai artificial robotics connectivity".split(
      " ",
    ),
  entrepreneurship:
    "business entrepreneurship entrepreneur enterprise skill job employment startup innovation finance financial market vocational tevet youth loan trade".split(
      " ",
    ),
};

export const defaultSubject = "education-news";

const stopWords = new Set(
  (
    "a about above after again against all almost also although always am among an and another any are around as at away back be became because become been before being below between both but by can cannot could did do does doing done down during each either else even ever every few for from further get gets getting give given go goes going got had has have having he her here hers herself him himself his how however i if in into is it its itself just last least less let like made make makes many may me might more most much must my near need never new next no nor not now of off often on once one only onto or other others our ours out over own per put rather really said same say says see seen several she should since so some still such take than that the their theirs them then there these they this those though three through thus to today together too toward two under until up upon us use used very via want was way we week well were what when where whether which while who whom whose why will with within without would year years yet you your yours " +
    // Words every news feed repeats, which say nothing about a topic.
    "news report reports reported latest update updates read full story stories article articles post posted comment comments photo photos video watch live breaking according announced announce announces told officials official government national country countries people time day days month months world first second third zambia zambian zambians lusaka africa african " +
    // Verbs of headlines that carry no topic.
    "reach reache help show find call keep bring hand come become"
  ).split(" "),
);

const keywordSubject = new Map<string, string>(Object.entries(subjectKeywords).flatMap(([subject, words]) => words.map((word) => [word, subject] as const)));

/** "schools" and "school" count as one word; short words only when they name a subject (ICT, HIV, AI). */
function normalize(word: string): string | null {
  let stem = word;
  if (stem.length > 4 && stem.endsWith("ies")) stem = `${stem.slice(0, -3)}y`;
  else if (stem.length > 4 && stem.endsWith("s") && !/(ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (stopWords.has(word) || stopWords.has(stem) || /^\d+$/.test(stem)) return null;
  if (stem.length < 3 && !keywordSubject.has(stem)) return null;
  return stem;
}

/** The words of a text in order, stop words removed (null keeps the gap, so bigrams do not jump over them). */
function words(text: string): (string | null)[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).map((word) => normalize(word.replace(/['’]s$/, "")));
}

/** Distinct terms of an item: single words and adjacent pairs ("school feeding"). */
export function termsOf(text: string): Set<string> {
  const sequence = words(text);
  const terms = new Set<string>();
  sequence.forEach((word, index) => {
    if (!word) return;
    terms.add(word);
    const next = sequence[index + 1];
    if (next && next !== word) terms.add(`${word} ${next}`);
  });
  return terms;
}

/**
 * The category an item belongs to: the one whose words it uses most. Education-news words
 * count half, since nearly every item in an education feed uses some of them; ties go to
 * the other category.
 */
export function subjectFor(terms: Iterable<string>): string {
  const counts = new Map<string, number>();
  for (const term of terms) {
    const subject = keywordSubject.get(term);
    if (subject) counts.set(subject, (counts.get(subject) ?? 0) + (subject === defaultSubject ? 0.5 : 1));
  }
  let best = defaultSubject;
  let bestCount = 0;
  // On a tie, the more specific category wins over education news.
  for (const [subject, count] of counts) if (count > bestCount || (count === bestCount && best === defaultSubject)) [best, bestCount] = [subject, count];
  return best;
}

const hour = 60 * 60 * 1000;
/** An item loses half its recency every two days. */
export const recencyHalfLifeHours = 48;

export function recencyFactor(item: Pick<NewsRecord, "publishedAt" | "fetchedAt">, now: Date): number {
  const when = item.publishedAt ?? item.fetchedAt;
  const ageHours = Math.max(0, (now.getTime() - when.getTime()) / hour);
  return 0.5 ** (ageHours / recencyHalfLifeHours);
}

/**
 * trendingScore, 0 to 100: recency (1 when new, halving every two days) times topic weight
 * (1 to 2: 1 plus the frequency of the most frequent trending topic the item mentions,
 * relative to the top topic), times 50.
 */
export function trendingScore(recency: number, topicWeight: number): number {
  return Math.round(50 * recency * topicWeight * 10) / 10;
}

interface Analyzed {
  record: NewsRecord;
  terms: Set<string>;
  subject: string;
  recency: number;
}

function analyze(records: NewsRecord[], now: Date): Analyzed[] {
  return records.map((record) => {
    const terms = new Set([...termsOf(record.title), ...termsOf(record.excerpt)]);
    return { record, terms, subject: subjectFor(terms), recency: recencyFactor(record, now) };
  });
}

/** How many items mention each term (each item counts once), and how recent those items are together. */
function documentFrequency(items: Analyzed[]): { frequency: Map<string, number>; heat: Map<string, number> } {
  const frequency = new Map<string, number>();
  const heat = new Map<string, number>();
  for (const item of items) {
    for (const term of item.terms) {
      frequency.set(term, (frequency.get(term) ?? 0) + 1);
      heat.set(term, (heat.get(term) ?? 0) + item.recency);
    }
  }
  return { frequency, heat };
}

function suggestion(item: Analyzed, topicWeight: number): NewsSuggestion {
  return {
    title: item.record.title,
    excerpt: item.record.excerpt,
    url: item.record.url,
    source: item.record.source,
    publishedAt: item.record.publishedAt?.toISOString() ?? null,
    subject: item.subject,
    trendingScore: trendingScore(item.recency, topicWeight),
  };
}

export interface TrendingOptions {
  now?: Date;
  /** Only items this recent count (default 14 days). */
  windowDays?: number;
  maxTopics?: number;
  articlesPerTopic?: number;
}

/** Words too general to be a topic on their own in education news (pairs with them are fine: "school feeding"). */
const tooGeneral = new Set(["school", "teacher", "education", "learner", "pupil", "student", "classroom", "learning", "teaching"]);

/**
 * Picks the topics, most frequent first (ties: pairs, then the more recent). A pair ("school feeding") needs two mentions and
 * replaces its own words when it carries at least half of their mentions.
 */
function pickTopics({ frequency, heat }: ReturnType<typeof documentFrequency>, maxTopics: number): [string, number][] {
  const pairs = [...frequency].filter(([term, count]) => term.includes(" ") && count >= 2);
  const singles = [...frequency].filter(
    ([term, count]) =>
      !term.includes(" ") && !tooGeneral.has(term) && !pairs.some(([pair, pairCount]) => pair.split(" ").includes(term) && pairCount * 2 >= count),
  );
  const candidates = [...pairs, ...singles];
  const highest = Math.max(0, ...candidates.map(([, count]) => count));
  const floor = highest >= 2 ? 2 : 1;
  return candidates
    .filter(([, count]) => count >= floor)
    .sort(
      ([termA, a], [termB, b]) =>
        b - a || termB.split(" ").length - termA.split(" ").length || heat.get(termB)! - heat.get(termA)! || termA.localeCompare(termB),
    )
    .slice(0, maxTopics);
}

/** Trending topics from term frequency over recent items, each mapped to a category, with its best items. */
export function trendingTopics(records: NewsRecord[], options: TrendingOptions = {}): TrendingTopic[] {
  const now = options.now ?? new Date();
  const since = now.getTime() - (options.windowDays ?? 14) * 24 * hour;
  const items = analyze(records, now).filter((item) => (item.record.publishedAt ?? item.record.fetchedAt).getTime() >= since);
  const topics = pickTopics(documentFrequency(items), options.maxTopics ?? 10);
  const topFrequency = topics[0]?.[1] ?? 1;
  const weightOf = (item: Analyzed) => 1 + Math.max(0, ...topics.filter(([term]) => item.terms.has(term)).map(([, count]) => count / topFrequency));

  return topics.map(([topic, count]) => {
    const mentioning = items.filter((item) => item.terms.has(topic));
    // A pair with a word of a specific category ("school feeding" → health) belongs there.
    const named = topic
      .split(" ")
      .map((word) => keywordSubject.get(word))
      .filter((subject) => subject !== undefined);
    const direct = named.find((subject) => subject !== defaultSubject) ?? named[0];
    const articles = mentioning
      .map((item) => suggestion(item, weightOf(item)))
      .sort((a, b) => b.trendingScore - a.trendingScore || a.url.localeCompare(b.url))
      .slice(0, options.articlesPerTopic ?? 5);
    return { subject: direct ?? majoritySubject(mentioning), topic, frequency: count, articles };
  });
}

function majoritySubject(items: Analyzed[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.subject, (counts.get(item.subject) ?? 0) + 1);
  return [...counts].sort(([subjectA, a], [subjectB, b]) => b - a || subjectA.localeCompare(subjectB))[0]?.[0] ?? defaultSubject;
}

/** A category slug when the text names one ("health", "Technology", "education news"), else null. */
export function subjectNamed(text: string): string | null {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  for (const subject of Object.keys(subjectKeywords)) {
    if (slug === subject || slug === categoryLabel(subject).toLowerCase().replace(/\s+/g, "-")) return subject;
  }
  return null;
}

/** Items about a subject: a category (by name or slug) or any words, best score first. */
export function itemsBySubject(records: NewsRecord[], subject: string, options: { now?: Date; limit?: number } = {}): NewsSuggestion[] {
  const now = options.now ?? new Date();
  const items = analyze(records, now);
  const topics = pickTopics(documentFrequency(items), 10);
  const topFrequency = topics[0]?.[1] ?? 1;
  const category = subjectNamed(subject);
  const wanted = [...termsOf(subject)].filter((term) => !term.includes(" "));
  const matches = items.filter((item) => (category ? item.subject === category : wanted.length > 0 && wanted.every((term) => item.terms.has(term))));
  return matches
    .map((item) => suggestion(item, 1 + Math.max(0, ...topics.filter(([term]) => item.terms.has(term)).map(([, count]) => count / topFrequency))))
    .sort((a, b) => b.trendingScore - a.trendingScore || a.url.localeCompare(b.url))
    .slice(0, options.limit ?? 20);
}
