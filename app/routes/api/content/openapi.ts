import type { Route } from "./+types/openapi";
import { contentApiDocument } from "#app/server/content-api/openapi.server";
import { answerContentApi } from "#app/server/content-api/http.server";

/** GET /api/content/v1/openapi.json: the API's OpenAPI 3.1 document; public, no key. */
export function loader({ request }: Route.LoaderArgs) {
  return answerContentApi(request, async ({ publicUrl }) => contentApiDocument(publicUrl), { public: true });
}

export const action = ({ request }: Route.ActionArgs) => answerContentApi(request, async () => null, { public: true });
