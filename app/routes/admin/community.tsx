import { data, useFetcher } from "react-router";
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
import { failureToast, stampDateTime } from "#app/server/admin/admin-screens.server";
import { services } from "#app/server/core/services.server";
import { Button } from "#app/components/ui/button";
import { adminMeta } from "#app/lib/seo";
import { articleBodyClass } from "#app/lib/article-body";

export const meta: Route.MetaFunction = () => adminMeta("Ask Kafundisha");

interface ModerationData {
  ok: boolean;
  toast: Toast;
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
    intent: z.enum(["approve", "reject", "delete", "dismiss"]),
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
  try {
    if (intent === "dismiss") await dismissReports(services().db, kind, id);
    else await (kind === "question" ? moderateQuestion : moderateAnswer)(services().db, id, intent);
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

/** Publish (or, for a reported post, dismiss its reports), reject, or delete for good (after a confirmation), one click each. */
function ModerationActions({ kind, id, name, reported = false }: { kind: "question" | "answer"; id: string; name: string; reported?: boolean }) {
  const fetcher = useFetcher<ModerationData>({ key: moderationFetcherKey });
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex flex-wrap items-center gap-2">
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
        <Button type="submit" name="intent" value="reject" variant="outline" size="sm" aria-label={`Reject ${name}`} disabled={busy}>
          <EyeOff className="size-4 text-warning" aria-hidden />
          Reject
        </Button>
      </fetcher.Form>
      <fetcher.Form method="post" onSubmit={confirmSubmit(`Delete this ${kind}? This cannot be undone.`)}>
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <Button type="submit" name="intent" value="delete" variant="outline" size="sm" aria-label={`Delete for good ${name}`} disabled={busy}>
          <Trash2 className="size-4 text-destructive" aria-hidden />
          Delete for good
        </Button>
      </fetcher.Form>
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
  const { questions, answers, reported, edits } = loaderData;
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold">Ask Kafundisha</h1>
      <p className="mt-1 text-muted-foreground">
        What readers reported, and the questions, answers and edits of new teachers and visitors, wait here. Teachers with three published posts, and authors,
        editors and admins, are published at once.
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        Publish shows a post to readers. Reject keeps it from readers and tells its writer, on their own page, that a moderator turned it down. Delete for good
        removes it (a question with its answers).
      </p>
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
