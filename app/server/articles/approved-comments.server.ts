import { sql } from "drizzle-orm";

interface ApprovedCommentRow {
  id: string;
  content: string;
  createdAt: string;
  authorName: string | null;
}

/**
 * The article's approved comments, oldest first (pending and rejected ones are never public), each
 * under the name its author had when posting it (a rename later changes no approved comment), as
 * a column of a query over `articles`: the article page reads them with the article, in one round
 * trip. Spelled out, as Drizzle would leave "id" unqualified in a one-table query.
 */
export const approvedCommentsColumn =
  sql<string>`(select coalesce(json_agg(json_build_object('id', c.id, 'content', c.content, 'createdAt', c.created_at, 'authorName', c.author_name) order by c.created_at, c.id), '[]'::json)::text from comments c where c.article_id = "articles"."id" and c.status = 'approved')`.mapWith(
    (json: string): PublicComment[] =>
      (JSON.parse(json) as ApprovedCommentRow[]).map(({ authorName, createdAt, ...comment }) => ({
        ...comment,
        createdAt: new Date(createdAt),
        author: authorName?.trim() || "Anonymous reader",
      })),
  );

export interface PublicComment {
  id: string;
  content: string;
  createdAt: Date;
  author: string;
}
