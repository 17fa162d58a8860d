import { data, useActionData, useFetcher } from "react-router";
import { Check, EyeOff, Trash2 } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/community";
import { readForm } from "#app/server/core/form.server";
import { confirmSubmit, useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import type { Toast } from "#app/lib/toast";
import { questionCategoryLabel } from "#app/lib/inbox-schema";
import { questionPath } from "#app/lib/community";
import { requireAbility } from "#app/server/auth/access.server";
import {
  dismissReports,
  listHeldEdits,
  listPendingPosts,
  listReportedPosts,
  moderateAnswer,
  moderateHeldEdit,
  moderateQuestion,
} from "#app/server/community/community.server";
import { failureToast } from "#app/server/admin/admin-screens.server";
import { stampDateTime } from "#app/server/core/stamps.server";
import { services } from "#app/server/core/services.server";
import { Button, buttonClass } from "#app/components/ui/button";
import { checkRejection, rejectionNoteMaxLength, rejectionReasonsFor, rejectionTexts, type Rejection } from "#app/lib/rejection-reasons";
import { adminMeta } from "#app/lib/seo";
import { articleBodyClass } from "#app/lib/article-body";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Ask Kafundisha", matches);

/** A reject refused for its reason: which post's form, what was chosen and typed, and why not. */
interface RefusedRejection {
  id: string;
  reason: string;
  note: string;
  error: string;
}

interface ModerationData {
  ok: boolean;
  toast: Toast;
  rejection?: RefusedRejection;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAbility(request, "moderateCommunity");
  const { db } = services();
  const [pending, reported, edits] = await Promise.all([listPendingPosts(db), listReportedPosts(db), listHeldEdits(db)]);
  return {
    edits: edits.map(({ createdAt, questionId, questionSlug, ...edit }) => ({
      ...edit,
      path: questionPath({ id: questionId, slug: questionSlug }),
      created: stampDateTime(createdAt),
    })),
    questions: pending.questions.map(({ createdAt, ...question }) => ({ ...question, created: stampDateTime(createdAt) })),
    answers: pending.answers.map(({ createdAt, ...answer }) => ({ ...answer, created: stampDateTime(createdAt) })),
    reported: reported.map(({ firstAt, ...post }) => ({ ...post, first: stampDateTime(firstAt) })),
  };
}

const moderationSchema = z.union([
  z.object({
    kind: z.enum(["question", "answer"]),
    id: z.uuid(),
    intent: z.enum(["approve", "delete", "dismiss"]),
  }),
  // Turned down with a reason (app/lib/rejection-reasons.ts), checked apart so a refusal keeps the choice.
  z.object({
    kind: z.enum(["question", "answer"]),
    id: z.uuid(),
    intent: z.literal("reject"),
    reason: z.string().default(""),
    note: z.string().default(""),
  }),
  // An author's held edit of a published post: applied, or dropped (the post stays as approved).
  z.object({ kind: z.literal("edit"), id: z.uuid(), intent: z.enum(["approve", "reject"]) }),
]);

const editDoneTexts = { approve: "Edit applied.", reject: "Edit declined: the approved text stays." } as const;

const doneTexts = { approve: "Published.", reject: "Rejected.", delete: "Deleted.", dismiss: "Reports dismissed." } as const;

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  const moderator = await requireAbility(request, "moderateCommunity");
  const parsed = moderationSchema.safeParse(Object.fromEntries((await readForm(request)) ?? []));
  if (!parsed.success) return data<ModerationData>({ ok: false, toast: { type: "error", title: "Error", description: "Invalid request." } }, { status: 400 });
  if (parsed.data.kind === "edit") {
    const { id, intent } = parsed.data;
    try {
      await moderateHeldEdit(services().db, id, intent, moderator.id);
    } catch (error) {
      return data<ModerationData>({ ok: false, toast: failureToast(error, "Failed to update the edit. Please try again.") }, { status: 400 });
    }
    return data<ModerationData>({ ok: true, toast: { type: "success", title: editDoneTexts[intent] } });
  }
  const { kind, id, intent } = parsed.data;
  // A reject needs a reason its writer will read: refused without one, what was chosen and typed kept.
  let rejection: Rejection | undefined;
  if (parsed.data.intent === "reject") {
    const { reason, note } = parsed.data;
    const checked = checkRejection(kind, reason, note);
    if (!checked.ok) {
      return data<ModerationData>(
        { ok: false, toast: { type: "error", title: "Error", description: checked.error }, rejection: { id, reason, note, error: checked.error } },
        { status: 400 },
      );
    }
    rejection = checked.rejection;
  }
  try {
    if (intent === "dismiss") await dismissReports(services().db, kind, id);
    else await (kind === "question" ? moderateQuestion : moderateAnswer)(services().db, id, intent, rejection);
  } catch (error) {
    return data<ModerationData>({ ok: false, toast: failureToast(error, `Failed to update the ${kind}. Please try again.`) }, { status: 400 });
  }
  return data<ModerationData>({
    ok: true,
    toast: { type: "success", title: `${kind === "question" ? "Question" : "Answer"} ${doneTexts[intent].toLowerCase()}` },
  });
}

// Shared by every item: the screen shows the toast, since the item leaves the queue when the answer lands.
const moderationFetcherKey = "community-moderation";

/** What the last moderation answered: from the shared fetcher, or from a plain form post when scripts are off. */
function useModerationAnswer() {
  const fetched = useFetcher<ModerationData>({ key: moderationFetcherKey }).data;
  const posted = useActionData<ModerationData>();
  return fetched ?? posted;
}

/**
 * Reject, with the reason its writer will read: a plain form of radio buttons (scripts not needed)
 * that opens from its button, and opens again with the choice kept when the server refuses it.
 */
function RejectForm({ kind, id, name, busy }: { kind: "question" | "answer"; id: string; name: string; busy: boolean }) {
  const fetcher = useFetcher<ModerationData>({ key: moderationFetcherKey });
  const refused = useModerationAnswer()?.rejection;
  const kept = refused?.id === id ? refused : undefined;
  const errorId = `reject-error-${id}`;
  return (
    <details open={kept ? true : undefined} className="group basis-full">
      <summary className={buttonClass("outline", "sm", "w-fit cursor-pointer list-none")}>
        <EyeOff className="size-4 text-warning" aria-hidden />
        Reject
        <span className="sr-only">{` ${name}`}</span>
      </summary>
      <fetcher.Form method="post" className="mt-2 space-y-3 rounded-lg border border-border p-3 text-sm">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="intent" value="reject" />
        <fieldset aria-describedby={kept ? errorId : undefined}>
          <legend className="font-medium">{rejectionTexts.legend}</legend>
          <div className="mt-1 space-y-1">
            {rejectionReasonsFor(kind).map((reason) => (
              <label key={reason.value} className="flex items-center gap-2">
                <input type="radio" name="reason" value={reason.value} required defaultChecked={kept?.reason === reason.value} />
                {reason.label}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="block">
          <span className="font-medium">{rejectionTexts.note}</span>
          <span className="block text-xs text-muted-foreground">{rejectionTexts.noteHint}</span>
          <input
            type="text"
            name="note"
            maxLength={rejectionNoteMaxLength}
            defaultValue={kept?.note}
            className="mt-1 w-full rounded-md border border-input bg-background px-2 py-1"
          />
        </label>
        {kept && (
          <p id={errorId} role="alert" className="text-destructive">
            {kept.error}
          </p>
        )}
        <Button type="submit" variant="outline" size="sm" aria-label={`${rejectionTexts.submit}: ${name}`} disabled={busy}>
          {rejectionTexts.submit}
        </Button>
      </fetcher.Form>
    </details>
  );
}

/**
 * Publish (or, for a reported post, dismiss its reports) in one click, reject with a reason, or
 * delete for good (after a confirmation).
 */
function ModerationActions({ kind, id, name, reported = false }: { kind: "question" | "answer"; id: string; name: string; reported?: boolean }) {
  const fetcher = useFetcher<ModerationData>({ key: moderationFetcherKey });
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex max-w-sm flex-wrap items-start gap-2">
      <fetcher.Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        {reported ? (
          <Button type="submit" name="intent" value="dismiss" variant="outline" size="sm" aria-label={`Dismiss reports of ${name}`} disabled={busy}>
            <Check className="size-4 text-success" aria-hidden />
            Dismiss reports
          </Button>
        ) : (
          <Button type="submit" name="intent" value="approve" variant="outline" size="sm" aria-label={`Publish ${name}`} disabled={busy}>
            <Check className="size-4 text-success" aria-hidden />
            Publish
          </Button>
        )}
      </fetcher.Form>
      <fetcher.Form method="post" onSubmit={confirmSubmit(`Delete this ${kind}? This cannot be undone.`)}>
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <Button type="submit" name="intent" value="delete" variant="outline" size="sm" aria-label={`Delete for good ${name}`} disabled={busy}>
          <Trash2 className="size-4 text-destructive" aria-hidden />
          Delete for good
        </Button>
      </fetcher.Form>
      <RejectForm kind={kind} id={id} name={name} busy={busy} />
    </div>
  );
}

/** Apply or decline an author's held edit: worded buttons, since neither is "publish" or "delete". */
function HeldEditActions({ id, name }: { id: string; name: string }) {
  const fetcher = useFetcher<ModerationData>({ key: moderationFetcherKey });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="kind" value="edit" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value="approve" size="sm" aria-label={`Apply edit: ${name}`} disabled={busy}>
        Apply edit
      </Button>
      <Button type="submit" name="intent" value="reject" size="sm" variant="outline" aria-label={`Keep approved text: ${name}`} disabled={busy}>
        Keep approved text
      </Button>
    </fetcher.Form>
  );
}

/** Ask Kafundisha moderation: what new teachers and visitors posted, waiting to be published. */
export default function CommunityScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["community_questions", "community_answers", "community_reports", "community_held_edits"]);
  useActionToast(useFetcher<ModerationData>({ key: moderationFetcherKey }).data);
  // Without scripts a moderation posts the page itself: what it did is said here, as no toast shows.
  const posted = useActionData<ModerationData>();
  const { questions, answers, reported, edits } = loaderData;
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold">Ask Kafundisha</h1>
      <p className="mt-1 text-muted-foreground">
        What readers reported, and the questions, answers and edits of new teachers and visitors, wait here. Teachers with three published posts, and authors,
        editors and admins, are published at once.
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        Publish shows a post to readers. Reject keeps it from readers and tells its writer why, on their own page and, when they have an account, by mail.
        Delete for good removes it (a question with its answers).
      </p>
      {posted?.ok && (
        <p role="status" className="mt-3 rounded-md border border-border px-3 py-2 text-sm">
          {posted.toast.title}
        </p>
      )}
      <section aria-labelledby="reported-heading" className="mt-8">
        <h2 id="reported-heading" className="text-lg font-bold">
          {`Reported (${reported.length})`}
        </h2>
        {reported.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">Nothing is reported.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {reported.map((post) => (
              <li key={`${post.kind}:${post.postId}`}>
                <article
                  aria-label={`Reported ${post.kind}: ${post.title}`}
                  className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-border p-4"
                >
                  <div className="min-w-0 flex-1">
                    <p className="text-xs text-muted-foreground">
                      {`${post.kind === "question" ? "Question" : "Answer to"} “${post.title}” · ${post.reports} ${post.reports === 1 ? "report" : "reports"} since `}
                      <time dateTime={post.first.iso}>{post.first.text}</time> ·{" "}
                      <a href={post.path} target="_blank" rel="noopener noreferrer" className="underline">
                        Open (new tab)
                      </a>
                    </p>
                    <p className="mt-2 line-clamp-4 text-sm whitespace-pre-line">{post.text}</p>
                    <ul aria-label="Reasons" className="mt-2 list-disc pl-5 text-sm">
                      {post.reasons.map((reason, index) => (
                        <li key={index}>{reason}</li>
                      ))}
                    </ul>
                  </div>
                  <ModerationActions kind={post.kind} id={post.postId} name={`the ${post.kind} “${post.title}”`} reported />
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="held-edits-heading" className="mt-10">
        <h2 id="held-edits-heading" className="text-lg font-bold">
          {`Edits waiting (${edits.length})`}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Published posts their authors changed. Readers see the approved text until you apply the edit.</p>
        {edits.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No edits are waiting.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {edits.map((edit) => {
              const name = `${edit.kind === "question" ? "the question" : "an answer to"} “${edit.questionTitle}”`;
              return (
                <li key={edit.id}>
                  <article aria-label={`Edit of ${name}`} className="rounded-xl border border-border p-4">
                    <p className="text-xs text-muted-foreground">
                      {`${edit.kind === "question" ? "Question" : "Answer to"} “${edit.questionTitle}” · ${edit.editorName ?? "A teacher"} · `}
                      <time dateTime={edit.created.iso}>{edit.created.text}</time> ·{" "}
                      <a href={edit.path} target="_blank" rel="noopener noreferrer" className="underline">
                        Open (new tab)
                      </a>
                    </p>
                    <div className="mt-2 grid gap-3 md:grid-cols-2">
                      <div>
                        <h3 className="text-xs font-semibold text-muted-foreground uppercase">Readers see now</h3>
                        {edit.kind === "question" && <p className="mt-1 font-semibold">{edit.questionTitle}</p>}
                        <p className="mt-1 line-clamp-6 text-sm whitespace-pre-line">{edit.currentBody}</p>
                      </div>
                      <div>
                        <h3 className="text-xs font-semibold text-muted-foreground uppercase">The edit</h3>
                        {edit.title && <p className="mt-1 font-semibold">{edit.title}</p>}
                        <p className="mt-1 line-clamp-6 text-sm whitespace-pre-line">{edit.body}</p>
                      </div>
                    </div>
                    <div className="mt-3">
                      <HeldEditActions id={edit.id} name={name} />
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="pending-questions-heading" className="mt-10">
        <h2 id="pending-questions-heading" className="text-lg font-bold">
          {`Questions waiting (${questions.length})`}
        </h2>
        {questions.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No questions are waiting.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {questions.map((question) => (
              <li key={question.id}>
                <article aria-label={question.title} className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-border p-4">
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold">{question.title}</h3>
                    <p className="text-xs text-muted-foreground">
                      {question.categories.map(questionCategoryLabel).join(" · ")} · {question.askedBy ?? "Asked without an account"} ·{" "}
                      <time dateTime={question.created.iso}>{question.created.text}</time>
                    </p>
                    <p className="mt-2 text-sm whitespace-pre-line">{question.description}</p>
                  </div>
                  <ModerationActions kind="question" id={question.id} name={question.title} />
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="pending-answers-heading" className="mt-10">
        <h2 id="pending-answers-heading" className="text-lg font-bold">
          {`Answers waiting (${answers.length})`}
        </h2>
        {answers.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No answers are waiting.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {answers.map((answer) => (
              <li key={answer.id}>
                <article
                  aria-label={`Answer to ${answer.questionTitle}`}
                  className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-border p-4"
                >
                  <div className="min-w-0 flex-1">
                    <p className="text-xs text-muted-foreground">
                      {`To “${answer.questionTitle}” · ${answer.authorName ?? "A teacher"} · `}
                      <time dateTime={answer.created.iso}>{answer.created.text}</time>
                    </p>
                    {/* As readers will see it: the Markdown rendered when it was written. */}
                    <div className={`mt-2 text-sm ${articleBodyClass}`} dangerouslySetInnerHTML={{ __html: answer.bodyHtml }} />
                  </div>
                  <ModerationActions kind="answer" id={answer.id} name={`the answer by ${answer.authorName ?? "a teacher"}`} />
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
