import type { Route } from "./+types/questions";
import { services } from "#app/server/core/services.server";
import { listQuestions } from "#app/server/content-api/content.server";
import { answerContentApi, readParams } from "#app/server/content-api/http.server";
import { questionParams, type QuestionList } from "#app/server/content-api/schemas.server";

/** GET /api/content/v1/questions: published Ask Kafundisha questions, newest first (see the OpenAPI document). */
export function loader({ request }: Route.LoaderArgs) {
  return answerContentApi(request, ({ url, publicUrl }): Promise<QuestionList> => {
    const { limit, cursor, ...filters } = readParams(url, questionParams);
    return listQuestions(services().db, publicUrl, url, filters, { limit, cursor });
  });
}

export const action = ({ request }: Route.ActionArgs) => answerContentApi(request, async () => null);
