import type { Route } from "./+types/subscribers-csv";
import { requireAbility } from "#app/server/auth/access.server";
import { services } from "#app/server/core/services.server";
import { subscribersCsvFilename, subscribersCsvLines } from "#app/server/newsletter/subscribers-csv.server";
import { attachment, textStream } from "#app/server/export/text-stream.server";

/** GET /admin/newsletter/subscribers.csv: every subscriber as CSV (RFC 4180, formula-safe), streamed as a download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAbility(request, "sendNewsletter");
  return new Response(textStream(subscribersCsvLines(services().db)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": attachment(subscribersCsvFilename()),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
