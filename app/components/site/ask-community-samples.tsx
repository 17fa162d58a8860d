import { Eye, MessageSquare } from "./icons";
import { plural } from "#app/lib/plural";

// The spec shows these lists and figures as fixed sample content, not live data.
const recentQuestions = [
  {
    title: "How do I keep a class of 70 Grade 3 learners engaged during reading lessons?",
    category: "Classroom Management",
    askedBy: "Mrs. Phiri, primary teacher, Chipata",
    when: "2 hours ago",
    answers: 4,
  },
  {
    title: "What counts as evidence for continuous assessment under the new competence-based curriculum?",
    category: "Assessment",
    askedBy: "Mr. Zulu, secondary teacher, Kabwe",
    when: "5 hours ago",
    answers: 7,
  },
  {
    title: "Which free offline apps work well for teaching Mathematics on one shared tablet?",
    category: "Technology",
    askedBy: "Ms. Mulenga, Grade 7 teacher, Kitwe",
    when: "Yesterday",
    answers: 5,
  },
  {
    title: "How can I prepare for an interview for a deputy head teacher post?",
    category: "Career",
    askedBy: "Mr. Sakala, senior teacher, Mansa",
    when: "2 days ago",
    answers: 3,
  },
];

const popularQuestions = [
  { title: "Practical ways to teach the revised syllabus when learner books are still short", answers: 32, views: "4.1k" },
  { title: "Managing stress and workload in the weeks before ECZ examinations", answers: 27, views: "3.6k" },
  { title: "Setting up a reading corner with local and donated materials", answers: 21, views: "2.9k" },
];

const stats = [
  { value: "2,480", label: "Educators in the community" },
  { value: "1,150", label: "Questions asked" },
  { value: "3,920", label: "Answers shared" },
  { value: "94%", label: "Questions answered" },
];

export function AskCommunityStats() {
  return (
    <section aria-labelledby="community-stats-heading">
      <h2 id="community-stats-heading" className="sr-only">
        Community Stats
      </h2>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse rounded-xl border border-border p-4 text-center">
            <dt className="mt-1 text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-3xl font-black text-accent">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AskRecentQuestions() {
  return (
    <section aria-labelledby="recent-questions-heading">
      <h2 id="recent-questions-heading" className="text-xl font-bold">
        Recent Questions
      </h2>
      <ul className="mt-4 space-y-3">
        {recentQuestions.map((question) => (
          <li key={question.title} className="rounded-xl border border-border p-4">
            <p className="text-xs font-semibold uppercase tracking-wide text-accent">{question.category}</p>
            <h3 className="mt-1 font-semibold leading-snug">{question.title}</h3>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span>{question.askedBy}</span>
              <span>{question.when}</span>
              <span className="inline-flex items-center gap-1">
                <MessageSquare className="size-4" aria-hidden />
                {plural(question.answers, { one: "answer", other: "answers" })}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AskPopularQuestions() {
  return (
    <section aria-labelledby="popular-questions-heading" className="rounded-xl bg-subtle p-6">
      <h2 id="popular-questions-heading" className="text-xl font-bold">
        Popular Questions
      </h2>
      <ol className="mt-4 space-y-4">
        {popularQuestions.map((question) => (
          <li key={question.title}>
            <h3 className="font-semibold leading-snug">{question.title}</h3>
            <p className="mt-1 flex gap-4 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <MessageSquare className="size-4" aria-hidden />
                {plural(question.answers, { one: "answer", other: "answers" })}
              </span>
              <span className="inline-flex items-center gap-1">
                <Eye className="size-4" aria-hidden />
                {question.views} views
              </span>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
