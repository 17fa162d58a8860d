import type { Route } from "./+types/news-scanner";
import { requireAbility } from "#app/server/auth/access.server";
import { readJsonBody } from "#app/server/core/json-body.server";
import { services } from "#app/server/core/services.server";
import { newsScanner } from "#app/server/news/news-scanner.server";
import { newsScannerRequestSchema } from "#app/lib/news-types";
import { bodyLimits } from "#app/lib/request-limits";

function methodNotAllowed() {
  return Response.json(
    { error: 'Use POST with {action: "scan-trending"} or {action: "get-by-subject", subject}.' },
    { status: 405, headers: { Allow: "POST" } },
  );
}

export function loader(_: Route.LoaderArgs) {
  return methodNotAllowed();
}

/** POST /functions/v1/zambia-news-scanner, admins only. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  await requireAbility(request, "scanNews");
  const body = await readJsonBody(request, { maxBytes: bodyLimits.newsScanner, invalidMessage: 'The body must be JSON, e.g. {"action": "scan-trending"}.' });
  if (!body.ok) return body.response;
  const parsed = newsScannerRequestSchema.safeParse(body.value);
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 400 });

  try {
    const scanner = newsScanner();
    const answer = parsed.data.action === "scan-trending" ? await scanner.scanTrending() : await scanner.bySubject(parsed.data.subject);
    return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    services().log.error({ err: error }, "news scanner failed");
    return Response.json({ error: "The news scanner failed. Please try again." }, { status: 500 });
  }
}
