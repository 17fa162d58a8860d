import { cloneElement } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/ask-question";
import { readForm } from "#app/server/core/form.server";
import { clientInfo, getUser, requireUser, type SessionUser } from "#app/server/auth/auth.server";
import {
  acceptAnswer,
  answerQuestion,
  questionViewerState,
  checkAnswer,
  checkReportReason,
  editHistory,
  editPost,
  findQuestionPage,
  publishesAtOnce,
  waitingAnswersOf,
  reportPost,
  voteForAnswer,
  voteForQuestion,
} from "#app/server/community/community.server";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { findRelatedArticles } from "#app/server/community/related.server";
import { isUuid } from "#app/lib/uuid";
import { postRateLimitMessage } from "#app/server/comments/comments.server";
import { services } from "#app/server/core/services.server";
import { ReaderNotFound } from "#app/components/site/reader-not-found";
import { RelatedArticleLinks } from "#app/components/site/related-reading";
import { ShareBar } from "#app/components/site/share-bar";
import { useRootData, useSchoolPack } from "#app/lib/root-data";
import {
  answerMaxLength,
  answerTexts,
  askOnlineText,
  communityTexts,
  qaPageJsonLd,
  questionIdFrom,
  reportReasons,
  questionPath,
  type AnswerActionData,
} from "#app/lib/community";
import { readerSees, shownBeforeKnown, takeBackVote, type ReaderPart } from "#app/lib/question-viewer";
import { guestOnly, ownPage, viewerOnly } from "#app/lib/viewer";
import { hook, hooks } from "#app/lib/reader-hooks";
import { communityQuestionSchema, questionCategoryLabel } from "#app/lib/inbox-schema";
import { articleBodyClass } from "#app/lib/article-body";
import { longDate } from "#app/lib/long-date";
import { plural } from "#app/lib/plural";
import { pageMeta, siteFrom } from "#app/lib/seo";
import { PlainFormOutcome } from "#app/components/site/plain-form-outcome";
import { buttonClass } from "#app/components/ui/button";
import { cacheTag, keptOnServer, loadAsDocument, type ReaderPageHandle } from "#app/lib/reader-page";
import { refuseWhileAskKafundishaClosed } from "#app/server/core/site-settings.server";

const notFound = () => new Response("Question Not Found", { status: 404 });

export async function loader({ params, request }: Route.LoaderArgs) {
  refuseWhileAskKafundishaClosed();
  const id = questionIdFrom(params.question);
  const { db } = services();
  const page = id ? await findQuestionPage(db, id) : null;
  if (!page) throw notFound();
  // One address per question: old or shortened words lead to the current one.
  const path = questionPath(page.question);
  if (`/ask-kafundisha/${params.question}` !== path) throw redirect(path, 301);
  // The page kept for everyone is rendered without a session and has no reader's parts: the reader
  // script asks /api/viewer for them. A page rendered for a signed-in reader (asked for as hers, or a
  // step's answer) has hers in its HTML, decided by the same rules (readerSees).
  const [user, relatedArticles] = await Promise.all([getUser(request), findRelatedArticles(db, page.question)]);
  const state = user ? await questionViewerState(db, page.question.id, user) : null;
  // Moderators see what each post said before every edit; an author, her answers that wait.
  const [history, waitingAnswers] = await Promise.all([
    state?.moderator
      ? editHistory(
          db,
          page.question.id,
          page.answers.map((answer) => answer.id),
        )
      : ({} as Awaited<ReturnType<typeof editHistory>>),
    user && state?.waiting ? waitingAnswersOf(db, page.question.id, user.id) : [],
  ]);
  // Who wrote what is for readerSees alone: no account's id goes into the page.
  const { askerId: _askerId, createdAt: _createdAt, ...question } = page.question;
  return keptOnServer({
    history,
    question,
    answers: page.answers.map(({ userId: _userId, publishedAt: _publishedAt, ...answer }) => answer),
    state,
    waitingAnswers,
    relatedArticles,
    // The post whose Edit she followed from the page kept for everyone: its form opens.
    editing: state ? new URL(request.url).searchParams.get("edit") : null,
  });
}

export const handle: ReaderPageHandle<Awaited<ReturnType<typeof loader>>> = {
  readerPage: {
    live: ["community_answers", "community_questions"],
    cacheTags: ({ question, relatedArticles }) => [
      cacheTag.question(question.id),
      cacheTag.commenters,
      ...relatedArticles.articles.map((article) => cacheTag.article(article.id)),
      // Related articles are weighed among their categories' newest, or among all articles.
      ...(relatedArticles.amongCategoryIds?.map(cacheTag.relatedIn) ?? [cacheTag.articleLists]),
      // Which categories correspond is read by their slugs, and the articles show theirs.
      cacheTag.categories,
    ],
  },
};

export const clientLoader = loadAsDocument;

/** A vote for the question, or taking it back: the page again with what happened, at the question. */
async function questionVoteStep(questionId: string, user: SessionUser, up: boolean) {
  try {
    await voteForQuestion(services().db, questionId, user, up);
  } catch (error) {
    if (error instanceof AdminInputError) return data<AnswerActionData>({ ok: false, step: true, postId: questionId, error: error.message }, { status: 400 });
    throw error;
  }
  return data<AnswerActionData>({ ok: true, step: true, postId: questionId, message: up ? communityTexts.questionVoted : communityTexts.unvoted });
}

/** Vote, take a vote back, accept or stop accepting: the page again with what happened. */
async function answerStep(form: FormData, questionId: string, user: SessionUser) {
  const intent = form.get("intent");
  const { db } = services();
  if (intent === "report") return reportStep(form, questionId, user);
  if (intent === "edit") return editStep(form, questionId, user);
  if (intent === "vote-question" || intent === "unvote-question") return questionVoteStep(questionId, user, intent === "vote-question");
  const answerId = String(form.get("answerId") ?? "");
  if (!["vote", "unvote", "accept", "unaccept"].includes(String(intent)) || (intent !== "unaccept" && !isUuid(answerId))) {
    return data<AnswerActionData>({ ok: false, step: true, error: "Invalid request." }, { status: 400 });
  }
  try {
    if (intent === "vote" || intent === "unvote") await voteForAnswer(db, questionId, answerId, user, intent === "vote");
    else await acceptAnswer(db, questionId, intent === "accept" ? answerId : null, user);
  } catch (error) {
    if (error instanceof AdminInputError) return data<AnswerActionData>({ ok: false, step: true, postId: answerId, error: error.message }, { status: 400 });
    throw error;
  }
  const done = { vote: communityTexts.voted, unvote: communityTexts.unvoted, accept: communityTexts.accepted, unaccept: communityTexts.unaccepted } as const;
  return data<AnswerActionData>({ ok: true, step: true, postId: answerId, message: done[intent as keyof typeof done] });
}

/** The question's author (30 minutes) or staff changes its title and description, or an answer's text. */
async function editStep(form: FormData, questionId: string, user: SessionUser) {
  const kind = form.get("kind");
  const postId = String(form.get("postId") ?? "");
  if ((kind !== "question" && kind !== "answer") || !isUuid(postId)) {
    return data<AnswerActionData>({ ok: false, step: true, error: "Invalid request." }, { status: 400 });
  }
  const typed = { postId, body: String(form.get("body") ?? ""), ...(kind === "question" ? { title: String(form.get("title") ?? "") } : {}) };
  const refused = (error: string) => data<AnswerActionData>({ ok: false, step: true, postId, error, edit: typed }, { status: 400 });
  let input: { title?: string; body: string };
  if (kind === "question") {
    const parsed = communityQuestionSchema().pick({ title: true, description: true }).safeParse({ title: typed.title, description: typed.body });
    if (!parsed.success) return refused(parsed.error.issues[0]!.message);
    input = { title: parsed.data.title, body: parsed.data.description };
  } else {
    const checked = checkAnswer(typed.body);
    if (!checked.ok) return refused(checked.error);
    input = { body: checked.body };
  }
  let edited: Awaited<ReturnType<typeof editPost>>;
  try {
    edited = await editPost(services().db, questionId, kind, postId, user, input);
  } catch (error) {
    if (error instanceof AdminInputError) return refused(error.message);
    throw error;
  }
  if (edited.held) return data<AnswerActionData>({ ok: true, step: true, postId, message: communityTexts.editHeld });
  // A new title is a new address: the question's page is reloaded there.
  if (kind === "question") throw redirect(edited.path);
  return data<AnswerActionData>({ ok: true, step: true, postId, message: communityTexts.edited });
}

/** A reader reports the question or an answer, with a reason; once per account per post. */
async function reportStep(form: FormData, questionId: string, user: SessionUser) {
  const kind = form.get("kind");
  const postId = String(form.get("postId") ?? "");
  if ((kind !== "question" && kind !== "answer") || !isUuid(postId)) {
    return data<AnswerActionData>({ ok: false, step: true, error: "Invalid request." }, { status: 400 });
  }
  const typed = String(form.get("reason") ?? "");
  const choice = String(form.get("reasonKind") ?? "");
  const refused = (error: string) =>
    data<AnswerActionData>({ ok: false, step: true, postId, error, report: { postId, choice, reason: typed } }, { status: 400 });
  const checked = checkReportReason(choice, typed);
  if (!checked.ok) return refused(checked.error);
  try {
    const added = await reportPost(services().db, questionId, kind, postId, user, checked.reason);
    return data<AnswerActionData>({ ok: true, step: true, postId, message: added ? communityTexts.reported : communityTexts.alreadyReported });
  } catch (error) {
    if (error instanceof AdminInputError) return refused(error.message);
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  refuseWhileAskKafundishaClosed();
  const user = await requireUser(request);
  const id = questionIdFrom(params.question);
  if (!id) throw notFound();
  const form = (await readForm(request)) ?? new FormData();
  if (form.has("intent")) return answerStep(form, id, user);
  const values = { body: String(form.get("body") ?? "") };
  const checked = checkAnswer(values.body);
  if (!checked.ok) return data<AnswerActionData>({ ok: false, values, error: checked.error }, { status: 400 });
  const trusted = await publishesAtOnce(services().db, user);
  const tooFast = await postRateLimitMessage("answer", user, clientInfo(request, context), !trusted);
  if (tooFast) return data<AnswerActionData>({ ok: false, values, error: tooFast }, { status: 429 });
  const answer = await answerQuestion(services().db, id, user, checked.body, trusted);
  if (!answer) throw notFound();
  return data<AnswerActionData>({ ok: true, message: answer.status === "published" ? answerTexts.published : answerTexts.awaitingModeration });
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const site = siteFrom(matches);
  if (!page) return [{ title: `Question Not Found | ${site.siteName}` }, { name: "robots", content: "noindex" }];
  const { question, answers } = page;
  const { publicUrl } = site;
  return [
    ...pageMeta({ title: question.title, description: question.description.slice(0, 200), path: questionPath(question), ...site }),
    { "script:ld+json": qaPageJsonLd(question, answers, publicUrl) },
  ];
};

/** A plain form: it posts as a page, and the answer comes back as the page's action data. */
function AnswerForm({ result }: { result?: AnswerActionData }) {
  const error = result && !result.ok ? result.error : undefined;
  return (
    <form method="post" noValidate className="mt-6 space-y-3">
      <label htmlFor="answer-body" className="block text-sm font-medium">
        Your answer
      </label>
      <textarea
        id="answer-body"
        name="body"
        rows={6}
        required
        maxLength={answerMaxLength}
        defaultValue={result && !result.ok ? result.values?.body : undefined}
        aria-invalid={error ? true : undefined}
        autoFocus={Boolean(error)}
        aria-describedby={error ? "answer-hint answer-error" : "answer-hint"}
        className="w-full rounded-md border border-input bg-card px-3 py-2 text-foreground"
      />
      <p id="answer-hint" className="text-xs text-muted-foreground">
        Share what worked in your classroom. Markdown works: **bold**, lists, links.
      </p>
      <PlainFormOutcome errorId="answer-error" error={error} message={result?.ok ? result.message : undefined} submit="Post Answer" />
    </form>
  );
}

type KeptEdit = Awaited<ReturnType<typeof loader>>["history"][string][number];

/** For staff: what a post said before each edit, newest first, with who edited it and when. */
function EditHistory({ edits }: { edits?: KeptEdit[] }) {
  if (!edits?.length) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-muted-foreground">{`Edited ${plural(edits.length, { one: "time", other: "times" })}: earlier versions`}</summary>
      <ol className="mt-2 space-y-3 border-l-2 border-border pl-4">
        {edits.map((edit) => (
          <li key={edit.id}>
            <p className="text-xs text-muted-foreground">
              {"Before the edit by "}
              {edit.editorName ?? "a former member"}
              {" · "}
              <time dateTime={edit.at.iso}>{edit.at.text}</time>
            </p>
            {edit.title && <p className="font-semibold">{edit.title}</p>}
            <p className="whitespace-pre-line">{edit.body}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * What a step on a post did (or why not), shown in that post: the page the step answers opens with
 * the focus, and the view, on it, so a vote keeps the reader at the answer she voted on.
 */
function StepOutcome({ result, className = "" }: { result: AnswerActionData; className?: string }) {
  return (
    <p
      role={result.ok ? "status" : "alert"}
      tabIndex={-1}
      autoFocus
      className={`${className} text-sm font-medium ${result.ok ? "text-success" : "text-destructive"}`}
    >
      {result.ok ? result.message : result.error}
    </p>
  );
}

/** A one-button form for a step on the question (its vote) or an answer (vote, accept), posted as a page. */
function AnswerStep({ intent, answerId, context, children }: { intent: string; answerId?: string; context: string; children: React.ReactNode }) {
  return (
    <form method="post">
      <input type="hidden" name="intent" value={intent} />
      {answerId && <input type="hidden" name="answerId" value={answerId} />}
      <button type="submit" className={buttonClass("outline", "sm")}>
        {children}
        <span className="sr-only">{` ${context}`}</span>
      </button>
    </form>
  );
}

/** "Edit" on one's own post (30 minutes) or, for staff, any: a disclosure with the text as it is (or as typed, after a refusal). */
function EditForm({
  kind,
  postId,
  title,
  body,
  refused,
  open = false,
}: {
  kind: "question" | "answer";
  postId: string;
  title?: string;
  body: string;
  refused?: { postId: string; title?: string; body: string };
  /** Opened from an Edit link. */
  open?: boolean;
}) {
  const mine = refused?.postId === postId;
  return (
    <details open={mine || open} className="text-sm">
      <summary className="cursor-pointer text-muted-foreground underline-offset-2 hover:underline">Edit</summary>
      <form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="postId" value={postId} />
        {kind === "question" && (
          <>
            <label htmlFor={`edit-title-${postId}`} className="block font-medium">
              Question Title
            </label>
            <input
              id={`edit-title-${postId}`}
              name="title"
              maxLength={200}
              required
              defaultValue={mine ? refused.title : title}
              className="w-full rounded-md border border-input bg-card px-3 py-2 text-foreground"
            />
          </>
        )}
        <label htmlFor={`edit-body-${postId}`} className="block font-medium">
          {kind === "question" ? "Detailed Description" : "Answer text"}
        </label>
        <textarea
          id={`edit-body-${postId}`}
          name="body"
          rows={5}
          required
          maxLength={kind === "question" ? 5000 : answerMaxLength}
          defaultValue={mine ? refused.body : body}
          className="w-full rounded-md border border-input bg-card px-3 py-2 text-foreground"
        />
        <button type="submit" className={buttonClass("outline", "sm")}>
          Save changes
        </button>
      </form>
    </details>
  );
}

/**
 * "Report" on a question or an answer: a disclosure with the reasons to choose from (and words,
 * needed for "Something else"), a plain form, open again as it was sent after a refusal.
 */
function ReportForm({ kind, postId, refused }: { kind: "question" | "answer"; postId: string; refused?: { postId: string; choice?: string; reason: string } }) {
  const mine = refused?.postId === postId;
  const fieldId = `report-${postId}`;
  return (
    <details open={mine} className="text-sm">
      <summary className="cursor-pointer text-muted-foreground underline-offset-2 hover:underline">Report</summary>
      <form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="postId" value={postId} />
        <fieldset className="space-y-1">
          <legend className="font-medium">{`What is wrong with this ${kind}?`}</legend>
          {reportReasons.map((reason) => (
            <label key={reason.value} className="flex min-h-9 items-center gap-2">
              <input type="radio" name="reasonKind" value={reason.value} required defaultChecked={mine && refused.choice === reason.value} className="size-4" />
              {reason.label}
            </label>
          ))}
        </fieldset>
        <label htmlFor={fieldId} className="block font-medium">
          Anything a moderator should know <span className="font-normal text-muted-foreground">(needed for Something else)</span>
        </label>
        <textarea
          id={fieldId}
          name="reason"
          rows={2}
          maxLength={500}
          defaultValue={mine ? refused.reason : undefined}
          className="w-full rounded-md border border-input bg-card px-3 py-2 text-foreground"
        />
        <button type="submit" className={buttonClass("outline", "sm")}>
          Send report
        </button>
      </form>
    </details>
  );
}

export default function QuestionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { question, answers, state, relatedArticles } = loaderData;
  const stepResult = actionData?.step ? actionData : undefined;
  const stepOn = (postId: string) => (stepResult?.postId === postId ? stepResult : undefined);
  const postIds = new Set([question.id, ...answers.map((answer) => answer.id)]);
  const answerResult = actionData?.step ? undefined : actionData;
  const root = useRootData();
  const schoolPack = useSchoolPack();
  const path = questionPath(question);
  /** A part's marks on the page kept for everyone: shown to signed-in readers as most see it, set right by the reader script. */
  const sharedMarks = (kind: ReaderPart, postId: string) => ({
    ...(kind === "not-asked" ? {} : viewerOnly),
    ...hook(hooks.postStep, kind),
    ...hook(hooks.postId, postId),
    hidden: !shownBeforeKnown(kind),
  });
  /** A part that depends on the reader: on a page rendered for her, there only if she sees it; on the page kept for everyone, marked. */
  const part = (kind: ReaderPart, postId: string, element: React.ReactElement) =>
    schoolPack ? null : state ? (readerSees(state, kind, postId) ? element : null) : cloneElement(element, sharedMarks(kind, postId));
  const voted = (postId: string) => Boolean(state?.voted.includes(postId));
  /** Edit: the form on a page rendered for her (open again after a refusal); a link to that page on the one kept for everyone. */
  const edit = (kind: "question" | "answer", postId: string, body: string, title?: string) =>
    schoolPack ? null : state ? (
      (readerSees(state, "edit", postId) || stepResult?.edit?.postId === postId) && (
        <EditForm kind={kind} postId={postId} title={title} body={body} refused={stepResult?.edit} open={loaderData.editing === postId} />
      )
    ) : (
      <a
        {...sharedMarks("edit", postId)}
        href={ownPage(`${path}?edit=${postId}#${kind === "question" ? "question" : `answer-${postId}`}`)}
        className="text-sm text-muted-foreground underline"
      >
        Edit
      </a>
    );
  const context = (answer: { authorName: string | null }) => `(the answer by ${answer.authorName ?? "a teacher"})`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <a href="/ask-kafundisha" className="font-medium text-accent underline">
          Ask Kafundisha
        </a>
      </p>
      <article id="question" className="mt-4" {...(state ? {} : hook(hooks.questionViewer, question.id))}>
        <p className="text-xs font-semibold tracking-wide text-accent uppercase">{question.categories.map(questionCategoryLabel).join(" · ")}</p>
        <h1 className="mt-2 font-serif text-3xl font-black md:text-4xl">{question.title}</h1>
        {question.acceptedAnswerId && (
          <p className="mt-2 inline-block rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success-soft-foreground">Answered</p>
        )}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-4 border-b border-border pb-4">
          <p className="text-sm text-muted-foreground">
            Asked by <span className="font-semibold text-foreground">{question.askedBy ?? "a teacher"}</span>
            {question.publishedAt && (
              <>
                {" · "}
                <time dateTime={new Date(question.publishedAt).toISOString()}>{longDate(question.publishedAt)}</time>
              </>
            )}
          </p>
          <ShareBar title={question.title} path={path} url={`${root?.publicUrl ?? ""}${path}`} />
        </div>
        {!state &&
          part(
            "moderator",
            question.id,
            <p className="mt-3 text-sm">
              <a href={ownPage(path)} className="text-accent underline">
                {communityTexts.moderatorView}
              </a>
            </p>,
          )}
        <p className="mt-6 whitespace-pre-line">{question.description}</p>
        <EditHistory edits={loaderData.history[question.id]} />
        {part("held", question.id, <p className="mt-3 text-sm text-muted-foreground">{communityTexts.editWaiting}</p>)}
        {stepOn(question.id) && <StepOutcome result={stepOn(question.id)!} className="mt-4" />}
        <div className="mt-4 flex flex-wrap items-center gap-4 text-sm">
          {question.votes > 0 && (
            <span className="text-muted-foreground">{`${plural(question.votes, { one: "teacher wants", other: "teachers want" })} to know`}</span>
          )}
          {part(
            "vote",
            question.id,
            <div>
              <AnswerStep intent={voted(question.id) ? takeBackVote.intent("vote-question") : "vote-question"} context="(this question)">
                {voted(question.id) ? takeBackVote.label : "I want to know too"}
              </AnswerStep>
            </div>,
          )}
          {edit("question", question.id, question.description, question.title)}
          {part(
            "report",
            question.id,
            <div>
              <ReportForm kind="question" postId={question.id} refused={stepResult?.report} />
            </div>,
          )}
        </div>
      </article>

      <section aria-labelledby="answers-heading" className="mt-12 border-t border-border pt-8">
        <h2 id="answers-heading" className="text-2xl font-bold">
          {plural(answers.length, { one: "Answer", other: "Answers" })}
        </h2>
        {stepResult && !postIds.has(stepResult.postId ?? "") && <StepOutcome result={stepResult} className="mt-3" />}
        {answers.length === 0 ? (
          <p className="mt-4 text-muted-foreground">
            {schoolPack && "No answers yet."}
            {part("not-asked", question.id, <span>No answers yet. Share what has worked for you.</span>)}
            {part("asked", question.id, <span>{communityTexts.noAnswersForAsker}</span>)}
          </p>
        ) : (
          <ol className="mt-6 space-y-6">
            {answers.map((answer) => (
              <li key={answer.id} id={`answer-${answer.id}`} className={`rounded-lg bg-subtle p-4 ${answer.accepted ? "border-2 border-success-border" : ""}`}>
                {answer.accepted && <p className="mb-2 text-xs font-semibold text-success">Accepted answer</p>}
                <p className="text-sm">
                  <span className="font-semibold">{answer.authorName ?? "A teacher"}</span>
                  {answer.byStaff && <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-background">Kafundisha answer</span>}
                  <span className="text-muted-foreground">
                    {" · "}
                    <time dateTime={new Date(answer.createdAt).toISOString()}>{longDate(answer.createdAt)}</time>
                  </span>
                </p>
                <div className={`mt-2 ${articleBodyClass}`} dangerouslySetInnerHTML={{ __html: answer.bodyHtml }} />
                <EditHistory edits={loaderData.history[answer.id]} />
                {part("held", answer.id, <p className="mt-2 text-sm text-muted-foreground">{communityTexts.editWaiting}</p>)}
                {stepOn(answer.id) && <StepOutcome result={stepOn(answer.id)!} className="mt-3" />}
                <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
                  <span className="text-muted-foreground">{plural(answer.votes, { one: "vote", other: "votes" })}</span>
                  {part(
                    "vote",
                    answer.id,
                    <div>
                      <AnswerStep intent={voted(answer.id) ? takeBackVote.intent("vote") : "vote"} answerId={answer.id} context={context(answer)}>
                        {voted(answer.id) ? takeBackVote.label : "Vote up"}
                      </AnswerStep>
                    </div>,
                  )}
                  {edit("answer", answer.id, answer.body)}
                  {part(
                    "report",
                    answer.id,
                    <div>
                      <ReportForm kind="answer" postId={answer.id} refused={stepResult?.report} />
                    </div>,
                  )}
                  {part(
                    "accept",
                    answer.id,
                    <div>
                      <AnswerStep intent={answer.accepted ? "unaccept" : "accept"} answerId={answer.id} context={context(answer)}>
                        {answer.accepted ? "Stop accepting" : "Accept answer"}
                      </AnswerStep>
                    </div>,
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
        {loaderData.waitingAnswers.length > 0 && (
          <ol aria-label="Your answers waiting for a moderator" className="mt-6 space-y-4">
            {loaderData.waitingAnswers.map((answer) => (
              <li key={answer.id} id={`answer-${answer.id}`} className="rounded-lg border border-dashed border-border p-4">
                <p className="text-sm font-semibold text-muted-foreground">{communityTexts.answerWaiting}</p>
                <div className={`mt-2 ${articleBodyClass}`} dangerouslySetInnerHTML={{ __html: answer.bodyHtml }} />
              </li>
            ))}
          </ol>
        )}
        {!state &&
          part(
            "waiting",
            question.id,
            <p className="mt-6 text-sm">
              <a href={ownPage(`${path}#answers-heading`)} className="font-medium text-accent underline">
                {communityTexts.seeWaitingAnswers}
              </a>
            </p>,
          )}
        {schoolPack ? (
          <p className="mt-6 rounded-lg border border-border p-4 text-muted-foreground">{askOnlineText(root?.publicUrl ?? "")}</p>
        ) : state ? (
          <AnswerForm result={answerResult} />
        ) : (
          <>
            <div {...viewerOnly}>
              <AnswerForm result={answerResult} />
            </div>
            <p className="mt-6 rounded-lg border border-border p-4" {...guestOnly}>
              <a href={`/auth?redirectTo=${encodeURIComponent(path)}`} className="font-semibold text-accent underline">
                Sign in to answer
              </a>
              <span className="text-muted-foreground"> and help a fellow teacher.</span>
            </p>
          </>
        )}
      </section>
      <RelatedArticleLinks articles={relatedArticles.articles} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ReaderNotFound title="Question Not Found" message="This question does not exist or is not published." />;
}
