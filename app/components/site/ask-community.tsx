import { MessageSquare, ThumbsUp } from "./icons";
import { formatCount, plural } from "#app/lib/plural";
import { longDate } from "#app/lib/long-date";
import { questionCategoryLabel } from "#app/lib/inbox-schema";
import { questionListHref, questionListTabs, questionPath, type QuestionListParams } from "#app/lib/community";
import { questionCategories } from "#app/lib/inbox-schema";
import { buttonClass } from "#app/components/ui/button";
import { Pagination, type PageLinks } from "./pagination";

/** A published question as the Ask Kafundisha lists show it. */
export interface QuestionSummary {
  /** A search's matching passage, as safe HTML with the matched words in <mark>. */
  snippetHtml?: string | null;
  id: string;
  slug: string;
  title: string;
  categories: string[];
  askedBy: string | null;
  publishedAt: Date | string | null;
  answers: number;
  /** Teachers who want it answered too. */
  votes: number;
}

export interface CommunityStats {
  questions: number;
  answers: number;
  teachers: number;
  /** Answered questions ÷ questions; null before the first question. */
  answeredShare: number | null;
}

/** The community's figures, counted from the database. */
export function AskCommunityStats({ stats }: { stats: CommunityStats }) {
  const figures = [
    { value: formatCount(stats.teachers), label: "Educators taking part" },
    { value: formatCount(stats.questions), label: "Questions asked" },
    { value: formatCount(stats.answers), label: "Answers shared" },
    { value: stats.answeredShare === null ? "–" : `${Math.round(stats.answeredShare * 100)}%`, label: "Questions answered" },
  ];
  return (
    <section aria-labelledby="community-stats-heading">
      <h2 id="community-stats-heading" className="sr-only">
        Community Stats
      </h2>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse rounded-xl border border-border p-4 text-center">
            <dt className="mt-1 text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="text-3xl font-black text-accent">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const answersText = (count: number) => plural(count, { one: "answer", other: "answers" });

function AnswerCount({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <MessageSquare className="size-4" aria-hidden />
      {answersText(count)}
    </span>
  );
}

/** A question in a short list (Popular Questions, an article's "Teachers ask"): its title as a link, and how many answers. */
export function QuestionLinkItem({ question }: { question: Parameters<typeof questionPath>[0] & { title: string; answers: number } }) {
  return (
    <li>
      <h3 className="leading-snug font-semibold">
        <a href={questionPath(question)} className="hover:underline">
          {question.title}
        </a>
      </h3>
      <p className="mt-1 flex gap-4 text-sm text-muted-foreground">
        <AnswerCount count={question.answers} />
      </p>
    </li>
  );
}

/** A list of questions with who asked, when and how many answers; `empty` when there are none. */
export function QuestionList({ questions, empty, headingLevel = 3 }: { questions: QuestionSummary[]; empty: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (questions.length === 0) return <p className="mt-4 text-muted-foreground">{empty}</p>;
  return (
    <ul className="mt-4 space-y-3">
      {questions.map((question) => (
        <li key={question.id} className="rounded-xl border border-border p-4">
          <p className="text-xs font-semibold tracking-wide text-accent uppercase">{question.categories.map(questionCategoryLabel).join(" · ")}</p>
          <Heading className="mt-1 leading-snug font-semibold">
            <a href={questionPath(question)} className="hover:underline">
              {question.title}
            </a>
          </Heading>
          {question.snippetHtml && (
            // Escaped on the server, with only <mark> added (app/server/db/full-text.server.ts snippetHtml).
            <p className="mt-1 text-sm text-muted-foreground" dangerouslySetInnerHTML={{ __html: `…${question.snippetHtml}…` }} />
          )}
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>{question.askedBy ?? "A teacher"}</span>
            {question.publishedAt && <time dateTime={new Date(question.publishedAt).toISOString()}>{longDate(question.publishedAt)}</time>}
            <AnswerCount count={question.answers} />
            {question.votes > 0 && (
              <span className="inline-flex items-center gap-1">
                <ThumbsUp className="size-4" aria-hidden />
                {plural(question.votes, { one: "vote", other: "votes" })}
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Every published question, a page of 12 at a time, in one list with tabs (Recent, Unanswered,
 * Popular: the newest, the newest without an answer, those with the most answers and votes), searched (full-text, ranked as articles are) and filtered by a category chip. Plain
 * links and a GET form: it works without JavaScript.
 */
export function AskBrowseQuestions({
  params,
  questions,
  total,
  totalIsMore,
  pages,
}: {
  params: QuestionListParams;
  questions: QuestionSummary[];
  total: number;
  /** More than `total` match (they are counted up to it). */
  totalIsMore: boolean;
  pages: PageLinks;
}) {
  const chip = "rounded-full border px-3 py-1 text-sm font-medium";
  const shown = questionListTabs.find((tab) => tab.show === params.show)!;
  return (
    <section id="questions" aria-labelledby="all-questions-heading" className="scroll-mt-20">
      <h2 id="all-questions-heading" className="text-xl font-bold">
        Questions
      </h2>
      <ul aria-label="Show questions" className="mt-4 flex border-b border-border">
        {questionListTabs.map(({ show, label }) => (
          <li key={show}>
            <a
              href={questionListHref({ ...params, show })}
              aria-current={show === params.show ? "page" : undefined}
              className="-mb-px inline-block border-b-2 border-transparent px-4 py-2 font-semibold text-muted-foreground hover:text-foreground aria-[current]:border-accent aria-[current]:text-foreground"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
      <form method="get" action="/ask-kafundisha#questions" role="search" className="mt-4 flex flex-wrap gap-2">
        <label htmlFor="question-search" className="sr-only">
          Search questions
        </label>
        <input
          id="question-search"
          type="search"
          name="q"
          defaultValue={params.q}
          placeholder="Search questions…"
          className="min-w-0 flex-1 rounded-md border border-input bg-card px-3 py-2 text-foreground"
        />
        {params.category && <input type="hidden" name="category" value={params.category} />}
        {params.show !== "recent" && <input type="hidden" name="show" value={params.show} />}
        <button type="submit" className={buttonClass("primary", "md")}>
          Search
        </button>
      </form>
      {/* One row a thumb scrolls on a phone. */}
      <ul aria-label="Filter by category" className="-mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {[{ value: null, label: "All" }, ...questionCategories].map(({ value, label }) => {
          const current = params.category === value;
          return (
            <li key={label}>
              <a
                href={questionListHref({ ...params, category: value })}
                aria-current={current ? "true" : undefined}
                className={`${chip} inline-block whitespace-nowrap ${current ? "border-accent bg-accent text-accent-foreground" : "border-input bg-card hover:border-accent"}`}
              >
                {label}
              </a>
            </li>
          );
        })}
      </ul>
      <p role="status" className="mt-4 text-sm text-muted-foreground">
        {totalIsMore ? `${formatCount(total)}+ questions` : plural(total, { one: "question", other: "questions" })}
      </p>
      <QuestionList questions={questions} empty={params.q || params.category ? "No questions match. Try other words, or ask it yourself." : shown.empty} />
      <Pagination links={pages} label="Question pages" />
    </section>
  );
}
