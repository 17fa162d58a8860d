import { myPostTexts, questionPath } from "#app/lib/community";
import { rejectionTexts } from "#app/lib/rejection-reasons";
import { longDate } from "#app/lib/long-date";
import { plural } from "#app/lib/plural";
import { buttonClass } from "#app/components/ui/button";
import { AccountNotice } from "./account-form";

type PostStatus = "pending" | "published" | "rejected";

interface MyQuestion {
  id: string;
  slug: string;
  title: string;
  status: PostStatus;
  answers: number;
  mailsOff: boolean;
  rejectedWhy: string | null;
  createdAt: Date | string;
}

interface MyAnswer {
  id: string;
  status: PostStatus;
  body: string;
  rejectedWhy: string | null;
  createdAt: Date | string;
  question: { id: string; slug: string; title: string; status: PostStatus };
}

/** What a mails switch answered, and for which question. */
interface MailsOutcome {
  questionId?: string;
  done: string | null;
  error: string | null;
}

const excerpt = (body: string) => (body.length > 160 ? `${body.slice(0, 157).trimEnd()}…` : body);

/** Public, waiting, or turned down: then with the moderator's reason, when one was given. */
function PostState({ status, published, rejectedWhy }: { status: PostStatus; published: string; rejectedWhy: string | null }) {
  if (status === "published") return <span>{published}</span>;
  if (status === "pending") return <span className="font-medium text-foreground">{myPostTexts.waiting}</span>;
  return (
    <span>
      {myPostTexts.rejected}
      {rejectedWhy && (
        <>
          {" "}
          <span className="font-medium text-foreground">{`${rejectionTexts.why} ${rejectedWhy}`}</span>
        </>
      )}
    </span>
  );
}

/** A question's title: a link to where readers see it (at `anchor`) once it is published. */
function QuestionTitle({ question, anchor = "" }: { question: { id: string; slug: string; title: string; status: PostStatus }; anchor?: string }) {
  if (question.status !== "published") return <span className="font-medium">{question.title}</span>;
  return (
    <a href={`${questionPath(question)}${anchor}`} className="font-medium text-accent underline">
      {question.title}
    </a>
  );
}

/** A question's mails about new answers, on or off, as one plain form. */
function QuestionMails({ question, outcome }: { question: MyQuestion; outcome?: MailsOutcome }) {
  const said = outcome?.questionId === question.id ? outcome : undefined;
  return (
    <form method="post" className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <input type="hidden" name="intent" value="question-mails" />
      <input type="hidden" name="questionId" value={question.id} />
      <input type="hidden" name="mails" value={question.mailsOff ? "on" : "off"} />
      <span className="text-muted-foreground">{question.mailsOff ? myPostTexts.mailsOff : myPostTexts.mailsOn}</span>
      <button type="submit" className={buttonClass("outline", "sm")}>
        {question.mailsOff ? myPostTexts.startMails : myPostTexts.stopMails}
        <span className="sr-only">{` (${question.title})`}</span>
      </button>
      {said && (
        <div className="basis-full" tabIndex={-1} autoFocus>
          <AccountNotice done={said.done} error={said.error} />
        </div>
      )}
    </form>
  );
}

/** One kind of post, newest first; says how many there are when not all are shown. */
function PostGroup({ heading, shown, total, children }: { heading: string; shown: number; total: number; children: React.ReactNode }) {
  return (
    <div>
      <h3 className="font-semibold">{heading}</h3>
      {total > shown && <p className="text-xs text-muted-foreground">{myPostTexts.newest(shown, total)}</p>}
      <ul className="mt-2 divide-y divide-border">{children}</ul>
    </div>
  );
}

/**
 * A teacher's own Ask Kafundisha questions and answers, newest first: each public one links to
 * where readers see it; one that waits for a moderator, or was turned down, says so.
 */
export function MyPosts({
  posts,
  outcome,
}: {
  posts: { questions: MyQuestion[]; answers: MyAnswer[]; questionCount: number; answerCount: number };
  outcome?: MailsOutcome | null;
}) {
  if (posts.questionCount + posts.answerCount === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {myPostTexts.none}{" "}
        <a href="/ask-kafundisha" className="font-medium text-accent underline">
          Ask Kafundisha
        </a>
      </p>
    );
  }
  return (
    <>
      {posts.questions.length > 0 && (
        <PostGroup heading={myPostTexts.questions} shown={posts.questions.length} total={posts.questionCount}>
          {posts.questions.map((question) => (
            <li key={question.id} className="py-3">
              <QuestionTitle question={question} />
              <p className="mt-1 text-sm text-muted-foreground">
                <time dateTime={new Date(question.createdAt).toISOString()}>{longDate(question.createdAt)}</time>
                {" · "}
                <PostState
                  status={question.status}
                  published={plural(question.answers, { one: "answer", other: "answers" })}
                  rejectedWhy={question.rejectedWhy}
                />
              </p>
              {question.status !== "rejected" && <QuestionMails question={question} outcome={outcome ?? undefined} />}
            </li>
          ))}
        </PostGroup>
      )}
      {posts.answers.length > 0 && (
        <PostGroup heading={myPostTexts.answers} shown={posts.answers.length} total={posts.answerCount}>
          {posts.answers.map((answer) => (
            <li key={answer.id} className="py-3 text-sm">
              <p>
                {`${myPostTexts.answerTo} `}
                <QuestionTitle question={answer.question} anchor={`#answer-${answer.id}`} />
              </p>
              <p className="mt-1 text-muted-foreground">{excerpt(answer.body)}</p>
              <p className="mt-1 text-muted-foreground">
                <time dateTime={new Date(answer.createdAt).toISOString()}>{longDate(answer.createdAt)}</time>
                {" · "}
                <PostState status={answer.status} published="Published" rejectedWhy={answer.rejectedWhy} />
              </p>
            </li>
          ))}
        </PostGroup>
      )}
    </>
  );
}
