import type { Route } from "./+types/article";
import { services } from "#app/server/core/services.server";
import { readArticle } from "#app/server/content-api/content.server";
import { answerContentApi, notFound } from "#app/server/content-api/http.server";
import type { ArticleResponse } from "#app/server/content-api/schemas.server";

/** GET /api/content/v1/articles/{id}: one published article in full; 404 for a draft, scheduled or missing one. */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerContentApi(request, async ({ publicUrl }): Promise<ArticleResponse> => {
    const article = await readArticle(services().db, publicUrl, params.id);
    if (!article) throw notFound("Article");
    return { articles: [article] };
  });
}

export const action = ({ request }: Route.ActionArgs) => answerContentApi(request, async () => null);
