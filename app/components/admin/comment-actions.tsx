import { Check, ExternalLink, Trash2, X } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { confirmSubmit } from "#app/lib/use-action-toast";
import type { Toast } from "#app/lib/toast";

export interface CommentActionData {
  ok: boolean;
  toast: Toast;
}

// Shared by every row: the screen shows the toast, since a row can leave the filtered list when the answer lands.
export const commentFetcherKey = "comment-moderation";

/** Approve / reject (one click from any state), permanent delete, and the article in a new tab. */
export function CommentActions({ id, articleId, articleTitle }: { id: string; articleId: string; articleTitle: string }) {
  const fetcher = useFetcher<CommentActionData>({ key: commentFetcherKey });
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex items-center gap-1">
      <fetcher.Form method="post" className="flex">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="intent" value="status" />
        <Button type="submit" name="status" value="approved" variant="ghost" size="icon" aria-label="Approve" title="Approve" disabled={busy}>
          <Check className="size-4 text-success" aria-hidden />
        </Button>
        <Button type="submit" name="status" value="rejected" variant="ghost" size="icon" aria-label="Reject" title="Reject" disabled={busy}>
          <X className="size-4 text-warning" aria-hidden />
        </Button>
      </fetcher.Form>
      <fetcher.Form method="post" onSubmit={confirmSubmit("Delete this comment? This cannot be undone.")}>
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="ghost" size="icon" aria-label="Delete" title="Delete" disabled={busy}>
          <Trash2 className="size-4 text-destructive" aria-hidden />
        </Button>
      </fetcher.Form>
      <a
        href={`/articles/${articleId}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`View article: ${articleTitle} (opens in a new tab)`}
        title="View article"
        className="rounded-md p-2 hover:bg-muted"
      >
        <ExternalLink className="size-4" aria-hidden />
      </a>
    </div>
  );
}
