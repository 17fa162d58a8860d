import { openPublishedArticle, readArticleContent } from "./articles.server";
import { articleBody } from "./article-body.server";
import { readTimeLabel } from "#app/lib/read-time";
import { isUuid } from "#app/lib/uuid";
import { services } from "#app/server/core/services.server";
import { readCurriculum } from "./curriculum.server";

/** Everything the article page shows, read as stored (no write); null when the article is not published. */
export async function loadArticlePage(id: string) {
  if (!isUuid(id)) return null;
  const [found, curriculum] = await Promise.all([openPublishedArticle(id), readCurriculum(services().db, id)]);
  if (!found) return null;
  // The body reaches the browser once, as HTML rendered when the article was saved.
  const { contentHtml, readTimeMinutes, comments, ...article } = found.article;
  const body = contentHtml === null ? articleBody(await readArticleContent(id)) : { contentHtml, readTimeMinutes };
  return {
    article: { ...article, readTime: readTimeLabel(body.readTimeMinutes) },
    related: found.related,
    // Level, subjects, resource type, language and the published translations.
    curriculum,
    comments,
    html: body.contentHtml,
  };
}
