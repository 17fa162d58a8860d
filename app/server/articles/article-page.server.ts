import { openPublishedArticle, readArticleContent } from "./articles.server";
import { articleBody } from "./article-body.server";
import { readTimeLabel } from "#app/lib/read-time";
import { isUuid } from "#app/lib/uuid";

/** Everything the article page shows, read as stored (no write) in one round trip; null when the article is not published. */
export async function loadArticlePage(id: string) {
  if (!isUuid(id)) return null;
  const found = await openPublishedArticle(id);
  if (!found) return null;
  const { contentHtml, readTimeMinutes, comments, related, resources, level, resourceType, language, translationGroup, subjects, translations, ...article } =
    found;
  // The body reaches the browser once, as HTML rendered when the article was saved.
  const body = contentHtml === null ? articleBody(await readArticleContent(id)) : { contentHtml, readTimeMinutes };
  return {
    article: { ...article, readTime: readTimeLabel(body.readTimeMinutes) },
    related,
    // Level, subjects, resource type, language and the published translations.
    curriculum: { level, resourceType, language, translationGroup, subjects, translations },
    comments,
    resources,
    html: body.contentHtml,
  };
}
