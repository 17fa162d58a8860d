import { data, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/comments";
import { readForm } from "#app/server/core/form.server";
import { commentStatusSchema } from "#app/lib/admin-schemas";
import { useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { requireAbility } from "#app/server/auth/access.server";
import { deleteComment, setCommentStatus } from "#app/server/comments/comments.server";
import { commentFilterSchema, listComments } from "#app/server/comments/comments.server";
import { failureToast, loadOrToast, stampDate } from "#app/server/admin/admin-screens.server";
import { services } from "#app/server/core/services.server";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { Pagination } from "#app/components/site/pagination";
import { EmptyRow, Table, TableHead, Td } from "#app/components/ui/table";
import { CommentActions, commentFetcherKey, type CommentActionData } from "#app/components/admin/comment-actions";
import { SearchFilterForm } from "#app/components/admin/search-filter-form";
import { ShortId } from "#app/components/admin/short-id";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = () => adminMeta("Comments");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const filter = commentFilterSchema.parse({ q: params.get("q"), status: params.get("status") ?? "all" });
  const page = await loadOrToast(() => listComments(services().db, filter, pageRequest(params)), "Failed to load comments");
  return {
    filter,
    comments: page.rows.map(({ createdAt, ...comment }) => ({ ...comment, created: stampDate(createdAt) })),
    total: page.total,
    pages: pageLinks(url, page),
    toast: page.toast,
  };
}

const moderationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), id: z.uuid(), status: commentStatusSchema }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "moderateComments");
  const parsed = moderationSchema.safeParse(Object.fromEntries((await readForm(request)) ?? []));
  if (!parsed.success) {
    return data<CommentActionData>({ ok: false, toast: { type: "error", title: "Error", description: "Failed to update comment" } }, { status: 400 });
  }
  const { db } = services();
  const command = parsed.data;
  try {
    if (command.intent === "delete") {
      await deleteComment(db, command.id);
      return data<CommentActionData>({ ok: true, toast: { type: "success", title: "Deleted", description: "Comment removed." } });
    }
    await setCommentStatus(db, command.id, command.status);
    return data<CommentActionData>({ ok: true, toast: { type: "success", title: `Comment marked as ${command.status}.` } });
  } catch (error) {
    return data<CommentActionData>({ ok: false, toast: failureToast(error, "Failed to update comment") }, { status: 400 });
  }
}

const statusStyles = {
  pending: "bg-warning-soft text-warning-soft-foreground",
  approved: "bg-success-soft text-success-soft-foreground",
  rejected: "bg-destructive-soft text-destructive-soft-foreground",
} as const;

export default function CommentsScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["comments"]);
  useActionToast(loaderData);
  useActionToast(useFetcher<CommentActionData>({ key: commentFetcherKey }).data);
  const { comments, filter, total, pages } = loaderData;
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
      <div className="mt-6">
        <Table stackBelow="3xl">
          <caption className="sr-only">Comments, newest first</caption>
          <TableHead columns={["Article", "Content", "Status", "User", "Created", "Actions"]} />
          <tbody>
            {comments.length === 0 ? (
              <EmptyRow columns={6}>No comments found.</EmptyRow>
            ) : (
              comments.map((comment) => (
                <tr key={comment.id}>
                  <Td label="Article" wide className="max-w-48 min-w-32 font-medium">
                    {comment.articleTitle}
                  </Td>
                  <Td label="Content" wide className="max-w-md min-w-40 break-words whitespace-pre-wrap">
                    {comment.content}
                  </Td>
                  <Td label="Status">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${statusStyles[comment.status]}`}>{comment.status}</span>
                  </Td>
                  <Td label="User" className="whitespace-nowrap">
                    {comment.userId ? <ShortId id={comment.userId} copyLabel="Copy user ID of the comment's author" /> : <code className="text-xs">anon</code>}
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
        <Pagination links={pages} label="Comments pages" />
      </div>
    </div>
  );
}
