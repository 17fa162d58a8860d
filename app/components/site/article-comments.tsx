import { commentMaxLength, type CommentActionData } from "#app/lib/comment-schema";
import { longDate } from "#app/lib/long-date";
import { PlainFormOutcome } from "./plain-form-outcome";
import { hook, hooks } from "#app/lib/reader-hooks";
import { guestOnly, staffOnly, viewerOnly } from "#app/lib/viewer";
import { useSchoolPack, useSiteSettings } from "#app/lib/root-data";
import { commentsClosedText, staffCommentsText } from "#app/lib/site-settings";

export interface ArticleComment {
  id: string;
  content: string;
  author: string;
  createdAt: Date | string;
}

/**
 * A plain form: it posts as a page (the answer comes back as the page's action data). The
 * reader script (app/reader-script/comment-form.ts) checks it first and posts it in the background.
 */
function CommentForm({ result }: { result?: CommentActionData }) {
  const error = result && !result.ok ? (result.errors.content?.[0] ?? result.formError) : undefined;
  return (
    <form method="post" noValidate {...hook(hooks.commentForm)} className="mt-6 space-y-3">
      <label htmlFor="comment-content" className="block text-sm font-medium">
        Your comment
      </label>
      <textarea
        id="comment-content"
        name="content"
        rows={4}
        required
        maxLength={commentMaxLength}
        defaultValue={result && !result.ok ? result.values.content : undefined}
        aria-invalid={error ? true : undefined}
        autoFocus={Boolean(error)}
        aria-describedby={error ? "comment-hint comment-error" : "comment-hint"}
        className="w-full rounded-md border border-input bg-card px-3 py-2 text-foreground"
      />
      <p id="comment-hint" className="text-xs text-muted-foreground">
        Up to 2,000 characters. Comments appear after a moderator approves them.
      </p>
      <PlainFormOutcome errorId="comment-error" error={error} message={result?.ok ? result.message : undefined} submit="Post Comment" />
    </form>
  );
}

/** Approved comments under an article, and the form (or an invitation to sign in) to add one. */
export function ArticleComments({
  articleId,
  comments,
  signedIn,
  staff,
  pageResult,
}: {
  articleId: string;
  comments: ArticleComment[];
  signedIn: boolean;
  /** Rendered for a signed-in member of staff (writers and up). */
  staff: boolean;
  pageResult?: CommentActionData;
}) {
  // A school pack shows the conversation to read, and nothing at all where there is none: no one can join it from there.
  const schoolPack = useSchoolPack();
  const policy = useSiteSettings().comments;
  if (schoolPack && comments.length === 0) return null;
  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-12 border-t border-border pt-8">
      <h2 id="comments-heading" className="text-2xl font-bold">
        {`Comments (${comments.length})`}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{policy === "off" ? commentsClosedText : "No comments yet. Be the first to share your thoughts."}</p>
      ) : (
        <ol className="mt-6 space-y-6">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-lg bg-subtle p-4">
              <p className="text-sm">
                <span className="font-semibold">{comment.author}</span>
                <span className="text-muted-foreground">
                  {" · "}
                  <time dateTime={new Date(comment.createdAt).toISOString()}>{longDate(comment.createdAt)}</time>
                </span>
              </p>
              <p className="mt-2 whitespace-pre-line">{comment.content}</p>
            </li>
          ))}
        </ol>
      )}
      {/* Rendered for a signed-in reader: the form. On the page kept for everyone: both, shown by the viewer hint (app/lib/viewer.ts). */}
      {/* A comment refused (comments closed meanwhile, say) comes back in its form with why: nothing typed is lost. */}
      {schoolPack ? null : pageResult && !pageResult.ok ? (
        <CommentForm result={pageResult} />
      ) : policy === "off" ? (
        comments.length > 0 && <p className="mt-6 text-muted-foreground">{commentsClosedText}</p>
      ) : policy === "staff" ? (
        <>
          <p className="mt-6 text-muted-foreground">{staffCommentsText}</p>
          {signedIn ? (
            staff && <CommentForm result={pageResult} />
          ) : (
            <div {...staffOnly}>
              <CommentForm result={pageResult} />
            </div>
          )}
        </>
      ) : signedIn ? (
        <CommentForm result={pageResult} />
      ) : (
        <>
          <p className="mt-6 rounded-lg border border-border p-4" {...guestOnly}>
            <a href={`/auth?redirectTo=${encodeURIComponent(`/articles/${articleId}`)}`} className="font-semibold text-accent underline">
              Sign in to join the conversation
            </a>
            <span className="text-muted-foreground"> and share your thoughts with other educators.</span>
          </p>
          <div {...viewerOnly}>
            <CommentForm result={pageResult} />
          </div>
        </>
      )}
    </section>
  );
}
