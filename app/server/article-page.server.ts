import { openPublishedArticle } from "./articles.server";
import { listApprovedComments } from "./comments.server";
import { renderMarkdown } from "./markdown.server";
import { readTimeLabel } from "../lib/read-time";
import { isUuid } from "../lib/uuid";

/** Everything the article page shows, counting the visit; null when the article is not published. */
export async function loadArticlePage(id: string) {
  if (!isUuid(id)) return null;
  const [found, comments] = await Promise.all([openPublishedArticle(id), listApprovedComments(id)]);
  if (!found) return null;
  // The body reaches the browser once, as HTML; its Markdown source stays on the server.
  const { content, categoryId: _categoryId, ...article } = found.article;
  return {
    article: { ...article, readTime: readTimeLabel(content) },
    related: found.related,
    comments,
    html: renderMarkdown(content),
  };
}
