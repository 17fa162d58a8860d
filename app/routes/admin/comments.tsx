import { Check, X } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/comments";
import { readForm } from "#app/server/core/form.server";
import { commentStatusSchema } from "#app/lib/admin-schemas";
import { useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { requireAbility } from "#app/server/auth/access.server";
import { deleteComment, setCommentStatus } from "#app/server/comments/comments.server";
import { commentFilterSchema, listComments } from "#app/server/comments/comments.server";
import { failureToast, loadOrToast } from "#app/server/admin/admin-screens.server";
import { stampDate } from "#app/server/core/stamps.server";
import { services } from "#app/server/core/services.server";
import { pageLinks, sizedPageRequest } from "#app/server/db/keyset.server";
import { EmptyRow, Table, TableHead, Td } from "#app/components/ui/table";
import { CommentActions, commentFetcherKey, type CommentActionData } from "#app/components/admin/comment-actions";
import { SearchFilterForm } from "#app/components/admin/search-filter-form";
import { Button } from "#app/components/ui/button";
import { BatchBar, SelectRowBox, useBatchForm } from "#app/components/admin/batch-form";
import { ListFooter } from "#app/components/admin/list-footer";
import { batchFields, batchIdsSchema, noneSelected, selectFirstText } from "#app/lib/batch-selection";
import { keptPageSize, pageSizeOf, withPageSize } from "#app/lib/list-page-size";
import { ShortId } from "#app/components/admin/short-id";
import { adminMeta } from "#app/lib/seo";
import { plural } from "#app/lib/plural";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Comments", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const filter = commentFilterSchema.parse({ q: params.get("q"), status: params.get("status") ?? "all", article: params.get("article") });
  const page = await loadOrToast(() => listComments(services().db, filter, sizedPageRequest(params)), "Failed to load comments");
  return {
    filter,
    size: pageSizeOf(params),
    comments: page.rows.map(({ createdAt, ...comment }) => ({ ...comment, created: stampDate(createdAt) })),
    total: page.total,
    pages: pageLinks(url, page),
    toast: page.toast,
  };
}

// A status is set on one comment (its row's buttons) or on those selected (the batch buttons): each an `id`.
const moderationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), ids: batchIdsSchema, status: commentStatusSchema }),
  z.object({ intent: z.literal("delete"), ids: z.array(z.uuid()).length(1) }),
]);

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "moderateComments");
  const form = await readForm(request);
  const parsed = moderationSchema.safeParse(form && batchFields(form));
  if (!parsed.success) {
    const description = form?.get("intent") === "status" && noneSelected(form) ? selectFirstText("comments") : "Failed to update comment";
    return data<CommentActionData>({ ok: false, toast: { type: "error", title: "Error", description } }, { status: 400 });
  }
  const { db } = services();
  const command = parsed.data;
  try {
    if (command.intent === "delete") {
      await deleteComment(db, command.ids[0]!);
      return data<CommentActionData>({ ok: true, toast: { type: "success", title: "Deleted", description: "Comment removed." } });
    }
    const changed = await setCommentStatus(db, command.ids, command.status);
    const title =
      command.ids.length === 1
        ? `Comment marked as ${command.status}.`
        : `${plural(changed, { one: "comment", other: "comments" })} marked as ${command.status}.`;
    return data<CommentActionData>({ ok: true, toast: { type: "success", title } });
  } catch (error) {
    return data<CommentActionData>({ ok: false, toast: failureToast(error, "Failed to update comment") }, { status: 400 });
  }
}

const statusStyles = {
  pending: "bg-warning-soft text-warning-soft-foreground",
  approved: "bg-success-soft text-success-soft-foreground",
  rejected: "bg-destructive-soft text-destructive-soft-foreground",
} as const;

const bulkFormId = "comment-batch";

export default function CommentsScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["comments"]);
  useActionToast(loaderData);

  // The rows' own buttons share the batch's fetcher, and so its toast.
  const batch = useBatchForm<CommentActionData>(commentFetcherKey);
  const { comments, filter, total, pages, size } = loaderData;
  const kept = { ...(filter.article ? { article: filter.article } : {}), ...keptPageSize(size) };
  return (
    <div>
      <h1 className="text-2xl font-bold">
        Comments <span className="text-base font-normal text-muted-foreground">{`(${total})`}</span>
      </h1>
      <SearchFilterForm
        id="comment"
        searchLabel="Search comments"
        placeholder="Content, article title or user id"
        q={filter.q}
        kept={kept}
        clearHref={filter.q || filter.status !== "all" || filter.article ? withPageSize("/admin/comments", size) : undefined}
        filters={[
          {
            name: "status",
            label: "Status",
            value: filter.status,
            options: [
              { value: "all", label: "All" },
              { value: "pending", label: "Pending" },
              { value: "approved", label: "Approved" },
              { value: "rejected", label: "Rejected" },
            ],
          },
        ]}
      />
      {filter.article && comments[0] && <p className="mt-3 text-sm text-muted-foreground">{`Comments on “${comments[0].articleTitle}”.`}</p>}
      <div className="mt-6">
        <BatchBar batch={batch} id={bulkFormId} intent="status" label="Selected comments:">
          <Button type="submit" name="status" value="approved" variant="outline" size="sm" disabled={batch.busy}>
            <Check className="size-4 text-success" aria-hidden />
            Approve selected
          </Button>
          <Button type="submit" name="status" value="rejected" variant="outline" size="sm" disabled={batch.busy}>
            <X className="size-4 text-warning" aria-hidden />
            Reject selected
          </Button>
        </BatchBar>
        <Table stackBelow="3xl">
          <caption className="sr-only">Comments, newest first</caption>
          <TableHead columns={["Select", "Article", "Content", "Status", "User", "Created", "Actions"]} />
          <tbody>
            {comments.length === 0 ? (
              <EmptyRow columns={7}>No comments found.</EmptyRow>
            ) : (
              comments.map((comment) => (
                <tr key={comment.id}>
                  <Td label="Select">
                    <SelectRowBox
                      form={bulkFormId}
                      value={comment.id}
                      label={`Select the comment by ${comment.authorName ?? "anon"} on ${comment.articleTitle}`}
                    />
                  </Td>
                  <Td label="Article" wide className="max-w-48 min-w-32 font-medium">
                    <Link
                      to={`/admin/comments?article=${comment.articleId}`}
                      title={`Only the comments on ${comment.articleTitle}`}
                      className="line-clamp-2 hover:underline"
                    >
                      {comment.articleTitle}
                    </Link>
                  </Td>
                  <Td label="Content" wide className="max-w-md min-w-40 break-words whitespace-pre-wrap">
                    {comment.content}
                  </Td>
                  <Td label="Status">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${statusStyles[comment.status]}`}>{comment.status}</span>
                  </Td>
                  <Td label="User">
                    {comment.userId ? (
                      <>
                        <span className="block">{comment.authorName ?? "A reader"}</span>
                        <ShortId id={comment.userId} copyLabel="Copy user ID of the comment's author" />
                      </>
                    ) : (
                      <code className="text-xs">anon</code>
                    )}
                  </Td>
                  <Td label="Created" className="whitespace-nowrap">
                    <time dateTime={comment.created.iso}>{comment.created.text}</time>
                  </Td>
                  <Td label="Actions" wide>
                    <CommentActions id={comment.id} articleId={comment.articleId} articleTitle={comment.articleTitle} />
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
        <ListFooter id="comment" total={total} noun={{ one: "comment", other: "comments" }} size={size} pages={pages} label="Comments pages" />
      </div>
    </div>
  );
}
