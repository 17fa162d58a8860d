import { eq } from "drizzle-orm";
import { articles } from "../../database/schema";
import { openPublishedArticle } from "./articles.server";
import { listApprovedComments } from "./comments.server";
import { renderMarkdown } from "./markdown.server";
import { services } from "./services.server";
import { readTimeLabel } from "../lib/read-time";

/** Everything the article page shows, counting the visit; null when the article is not published. */
export async function loadArticlePage(id: string) {
  const found = await openPublishedArticle(id);
  if (!found) return null;
  const [[modified], comments] = await Promise.all([
    services().db.select({ updatedAt: articles.updatedAt }).from(articles).where(eq(articles.id, id)),
    listApprovedComments(id),
  ]);
  // The body reaches the browser once, as HTML; its Markdown source stays on the server.
  const { content, categoryId: _categoryId, ...article } = found.article;
  return {
    article: { ...article, readTime: readTimeLabel(content), updatedAt: modified?.updatedAt ?? article.publishedAt },
    related: found.related,
    comments,
    html: renderMarkdown(content),
  };
}
