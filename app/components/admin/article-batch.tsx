import { useEffect, useRef } from "react";
import { FolderInput, Send, Trash2, Undo2, X } from "lucide-react";
import { Link, useLocation } from "react-router";
import { BatchBar, type BatchActionData, type useBatchForm } from "#app/components/admin/batch-form";
import { Button, buttonClass } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";
import { plural } from "#app/lib/plural";

// The Articles list's batch: publish, unpublish, delete or move the selected articles to another
// category. Delete asks first, on the page itself (so it works without scripts too): the answer to
// "Delete selected" is the list of what would go, with a button that deletes them.

/** The batch form's id, which each row's checkbox names. */
export const articleBatchFormId = "article-batch";
export const articleBatchFetcherKey = "article-batch";

export interface ArticleBatchData extends BatchActionData {
  /** What the batch did: "3 articles published.", and the selected articles it left as they were, with why. */
  outcome?: { summary: string; unchanged: Array<{ id: string; title: string | null; reason: string }> };
  /** "Delete selected" asks first: the articles it would delete. */
  confirm?: { ids: string[]; titles: string[] };
}

export const articleNoun = { one: "article", other: "articles" };

type ArticleBatch = ReturnType<typeof useBatchForm<ArticleBatchData>>;

/** The buttons above the table; Publish and Unpublish only for those who may publish. */
export function ArticleBatchBar({
  batch,
  canPublish,
  categories,
}: {
  batch: ArticleBatch;
  canPublish: boolean;
  categories: Array<{ id: string; name: string }>;
}) {
  const busy = batch.busy;
  return (
    <BatchBar batch={batch} id={articleBatchFormId} intent="batch" label="Selected articles:">
      {canPublish && (
        <>
          <Button type="submit" name="change" value="publish" variant="outline" size="sm" disabled={busy}>
            <Send className="size-4 text-success" aria-hidden />
            Publish selected
          </Button>
          <Button type="submit" name="change" value="unpublish" variant="outline" size="sm" disabled={busy}>
            <Undo2 className="size-4" aria-hidden />
            Unpublish selected
          </Button>
        </>
      )}
      <Button type="submit" name="change" value="delete" variant="outline" size="sm" disabled={busy}>
        <Trash2 className="size-4 text-destructive" aria-hidden />
        Delete selected
      </Button>
      <span className="flex items-center gap-2">
        <label htmlFor={`${articleBatchFormId}-category`} className="sr-only">
          Move the selected articles to
        </label>
        <select id={`${articleBatchFormId}-category`} name="categoryId" defaultValue="" className={`${controlClass} mt-0 w-auto py-1.5 text-xs`}>
          <option value="">Move to category…</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
        <Button type="submit" name="change" value="category" variant="outline" size="sm" disabled={busy}>
          <FolderInput className="size-4" aria-hidden />
          Change category
        </Button>
      </span>
    </BatchBar>
  );
}

/** "Delete 3 articles?": what would go, the button that deletes them, and Cancel (back to the list as it was). */
export function DeleteConfirmation({
  batch,
  confirm,
  onCancel,
}: {
  batch: ArticleBatch;
  confirm: NonNullable<ArticleBatchData["confirm"]>;
  onCancel: () => void;
}) {
  const { pathname, search } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [confirm]);
  const count = plural(confirm.ids.length, articleNoun);
  return (
    <section aria-labelledby="article-delete-heading" className="mb-3 rounded-lg border border-destructive p-4">
      <h2 id="article-delete-heading" ref={heading} tabIndex={-1} className="font-semibold">
        {`Delete ${count}?`}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">This cannot be undone.</p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {confirm.titles.map((title, index) => (
          <li key={confirm.ids[index]}>{title}</li>
        ))}
      </ul>
      <batch.fetcher.Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="batch" />
        <input type="hidden" name="change" value="delete" />
        <input type="hidden" name="confirmed" value="yes" />
        {confirm.ids.map((id) => (
          <input key={id} type="hidden" name="id" value={id} />
        ))}
        <Button type="submit" variant="destructive" size="sm" disabled={batch.busy}>
          <Trash2 className="size-4" aria-hidden />
          {`Delete ${count}`}
        </Button>
        <Link to={`${pathname}${search}`} onClick={onCancel} className={buttonClass("outline", "sm")}>
          Cancel
        </Link>
      </batch.fetcher.Form>
    </section>
  );
}

/** What the last batch did, and each selected article it left as it was with why; kept until dismissed. */
export function BatchOutcome({ outcome, onDismiss }: { outcome: NonNullable<ArticleBatchData["outcome"]>; onDismiss: () => void }) {
  const { pathname, search } = useLocation();
  return (
    <div role="status" className="mb-3 flex items-start justify-between gap-3 rounded-lg border border-border bg-subtle p-3 text-sm">
      <div>
        <p className="font-medium">{outcome.summary}</p>
        {outcome.unchanged.length > 0 && (
          <>
            <p className="mt-1">{`Not changed (${outcome.unchanged.length}):`}</p>
            <ul className="mt-1 list-disc pl-5">
              {outcome.unchanged.map((article) => (
                <li key={article.id}>
                  <span className="font-medium">{article.title ? `“${article.title}”` : "An article"}</span>
                  {`: ${article.reason}`}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {/* A link to the list as it is, so it works without scripts too. */}
      <Link to={`${pathname}${search}`} onClick={onDismiss} aria-label="Dismiss" title="Dismiss" className={buttonClass("ghost", "icon")}>
        <X className="size-4" aria-hidden />
      </Link>
    </div>
  );
}
