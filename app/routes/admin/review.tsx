import { Link } from "react-router";
import type { Route } from "./+types/review";
import { listPendingReview } from "#app/server/articles/review.server";
import { services } from "#app/server/core/services.server";
import { stampDateTime } from "#app/server/core/stamps.server";
import { Table, Td, Th } from "#app/components/ui/table";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Review", matches);

/** The editors' Review queue (the layout's guard lets editors and admins in). */
export async function loader() {
  const waiting = await listPendingReview(services().db);
  return { waiting: waiting.map(({ submittedAt, ...article }) => ({ ...article, submitted: stampDateTime(submittedAt) })) };
}

export default function ReviewQueue({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["articles"]);
  const { waiting } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold">
        {"Review "}
        <span className="text-base font-normal text-muted-foreground">{`(${waiting.length})`}</span>
      </h1>
      <p className="mt-1 text-muted-foreground">
        Articles contributors submitted, the longest waiting first. Open one to leave notes, send it back or publish it.
      </p>
      {waiting.length === 0 ? (
        <p className="mt-6 text-muted-foreground">Nothing is waiting for review.</p>
      ) : (
        <Table stackBelow="lg" className="mt-6">
          <caption className="sr-only">Articles waiting for review, the longest waiting first</caption>
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Writer</Th>
              <Th>Category</Th>
              <Th>Submitted</Th>
            </tr>
          </thead>
          <tbody>
            {waiting.map((article) => (
              <tr key={article.id}>
                <Td label="Title" wide className="font-medium">
                  <Link to={`/admin/articles/${article.id}`} className="underline">
                    {article.title}
                  </Link>
                </Td>
                <Td label="Writer">{article.authorName ?? article.authorEmail ?? "A former contributor"}</Td>
                <Td label="Category">{article.categoryName}</Td>
                <Td label="Submitted" className="whitespace-nowrap">
                  <time dateTime={article.submitted.iso}>{article.submitted.text}</time>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
