import type { Route } from "./+types/articles";
import { services } from "#app/server/core/services.server";
import { listArticles } from "#app/server/content-api/content.server";
import { answerContentApi, readParams } from "#app/server/content-api/http.server";
import { articleParams, type ArticleList } from "#app/server/content-api/schemas.server";

/** GET /api/content/v1/articles: published articles in keyset pages, filtered (see the OpenAPI document). */
export function loader({ request }: Route.LoaderArgs) {
  return answerContentApi(request, ({ url, publicUrl }): Promise<ArticleList> => {
    const { limit, cursor, ...filters } = readParams(url, articleParams);
    return listArticles(services().db, publicUrl, url, filters, { limit, cursor });
  });
}

export const action = ({ request }: Route.ActionArgs) => answerContentApi(request, async () => null);
