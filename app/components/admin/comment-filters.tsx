import { Search } from "lucide-react";
import { Form, useSubmit } from "react-router";
import { Button } from "../ui/button";
import { controlClass } from "../ui/field";

/** Search and status filter, kept in the URL so the server does the filtering. */
export function CommentFilters({ q, status }: { q: string; status: string }) {
  const submit = useSubmit();
  return (
    <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3" onChange={(event) => event.target instanceof HTMLSelectElement && submit(event.currentTarget)}>
      <div className="min-w-64 flex-1">
        <label htmlFor="comment-search" className="text-sm font-medium">
          Search comments
        </label>
        <input id="comment-search" key={q} type="search" name="q" defaultValue={q} placeholder="Content, article title or user id" className={controlClass} />
      </div>
      <div>
        <label htmlFor="comment-status" className="text-sm font-medium">
          Status
        </label>
        <select id="comment-status" key={status} name="status" defaultValue={status} className={controlClass}>
          <option value="all">All</option>
          <option value="pending">Pending</option>
          <option value="approved">Approved</option>
          <option value="rejected">Rejected</option>
        </select>
      </div>
      <Button type="submit" variant="outline">
        <Search className="size-4" aria-hidden />
        Search
      </Button>
    </Form>
  );
}
