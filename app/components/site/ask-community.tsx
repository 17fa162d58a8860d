import { MessageSquare } from "./icons";
import { plural } from "#app/lib/plural";
import { longDate } from "#app/lib/long-date";
import { questionCategoryLabel } from "#app/lib/inbox-schema";
import { questionPath } from "#app/lib/community";

/** A published question as the Ask Kafundisha lists show it. */
export interface QuestionSummary {
  id: string;
  slug: string;
  title: string;
  categories: string[];
  askedBy: string | null;
  publishedAt: Date | string | null;
  answers: number;
}

export interface CommunityStats {
  questions: number;
  answers: number;
  teachers: number;
  /** Answered questions ÷ questions; null before the first question. */
  answeredShare: number | null;
}

const numberFormat = new Intl.NumberFormat("en-US");

/** The community's figures, counted from the database. */
export function AskCommunityStats({ stats }: { stats: CommunityStats }) {
  const figures = [
    { value: numberFormat.format(stats.teachers), label: "Educators taking part" },
    { value: numberFormat.format(stats.questions), label: "Questions asked" },
    { value: numberFormat.format(stats.answers), label: "Answers shared" },
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
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>{question.askedBy ?? "A teacher"}</span>
            {question.publishedAt && <time dateTime={new Date(question.publishedAt).toISOString()}>{longDate(question.publishedAt)}</time>}
            <AnswerCount count={question.answers} />
          </p>
        </li>
      ))}
    </ul>
  );
}

export function AskRecentQuestions({ questions }: { questions: QuestionSummary[] }) {
  return (
    <section aria-labelledby="recent-questions-heading">
      <h2 id="recent-questions-heading" className="text-xl font-bold">
        Recent Questions
      </h2>
      <QuestionList questions={questions} empty="No questions yet. Be the first to ask." />
    </section>
  );
}

export function AskUnansweredQuestions({ questions }: { questions: QuestionSummary[] }) {
  return (
    <section aria-labelledby="unanswered-questions-heading">
      <h2 id="unanswered-questions-heading" className="text-xl font-bold">
        Unanswered
      </h2>
      <QuestionList questions={questions} empty="Every question has an answer. Thank you, teachers!" />
    </section>
  );
}

/** The most answered questions of the last 30 days. */
export function AskPopularQuestions({ questions }: { questions: QuestionSummary[] }) {
  return (
    <section aria-labelledby="popular-questions-heading" className="rounded-xl bg-subtle p-6">
      <h2 id="popular-questions-heading" className="text-xl font-bold">
        Popular Questions
      </h2>
      {questions.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No answered questions in the last 30 days yet.</p>
      ) : (
        <ol className="mt-4 space-y-4">
          {questions.map((question) => (
            <li key={question.id}>
              <h3 className="leading-snug font-semibold">
                <a href={questionPath(question)} className="hover:underline">
                  {question.title}
                </a>
              </h3>
              <p className="mt-1 flex gap-4 text-sm text-muted-foreground">
                <AnswerCount count={question.answers} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
