import type { Route } from "./+types/authors";
import { services } from "#app/server/core/services.server";
import { listAuthors } from "#app/server/content-api/content.server";
import { answerContentApi, readParams } from "#app/server/content-api/http.server";
import { pageParams, type AuthorList } from "#app/server/content-api/schemas.server";

/** GET /api/content/v1/authors, in keyset pages (see the OpenAPI document). */
export function loader({ request }: Route.LoaderArgs) {
  return answerContentApi(request, ({ url, publicUrl }): Promise<AuthorList> => listAuthors(services().db, publicUrl, url, readParams(url, pageParams)));
}

export const action = ({ request }: Route.ActionArgs) => answerContentApi(request, async () => null);
