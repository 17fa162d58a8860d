import { buttonClass } from "#app/components/ui/button";

/**
 * The end of a reader page's plain form (a comment, an answer): the refusal (`errorId`, which the
 * field names in its aria-describedby; kept in the page, hidden, so a script can fill it), the
 * success message, and the submit button. The page a post answers opens with the focus, and the
 * view, on the message (a refused field takes the focus itself: `autoFocus` when `error`).
 */
export function PlainFormOutcome({ errorId, error, message, submit }: { errorId: string; error?: string; message?: string; submit: string }) {
  return (
    <>
      <p id={errorId} role="alert" hidden={!error} className="text-sm text-destructive">
        {error}
      </p>
      {message && (
        <p role="status" tabIndex={-1} autoFocus className="text-sm font-medium text-success">
          {message}
        </p>
      )}
      <button type="submit" className={buttonClass("primary", "md", "text-base font-semibold")}>
        {submit}
      </button>
    </>
  );
}
