import type { Route } from "./+types/not-found";
import { answerContentApi, ContentApiError } from "#app/server/content-api/http.server";
import { contentApiDocumentPath } from "#app/lib/content-api";

const noSuchEndpoint = async (): Promise<never> => {
  throw new ContentApiError(404, "NotFound", `No such endpoint: the endpoints are listed in ${contentApiDocumentPath}.`);
};

/** Any other address under /api/content/v1/: a JSON 404, never the site's page. */
export const loader = ({ request }: Route.LoaderArgs) => answerContentApi(request, noSuchEndpoint, { public: true });
export const action = ({ request }: Route.ActionArgs) => answerContentApi(request, noSuchEndpoint, { public: true });
