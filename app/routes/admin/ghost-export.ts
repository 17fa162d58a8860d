import type { Route } from "./+types/ghost-export";
import { requireAbility } from "#app/server/auth/access.server";
import { services } from "#app/server/core/services.server";
import { ghostExportFilename, ghostExportJson } from "#app/server/export/ghost-export.server";
import { attachment, textStream } from "#app/server/export/text-stream.server";

/** GET /admin/import/ghost-export.json: the whole magazine as a Ghost 5 export, streamed as a download (admins only: it holds staff emails). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAbility(request, "importContent");
  const { db, config } = services();
  const now = new Date();
  return new Response(textStream(ghostExportJson(db, { publicUrl: config.PUBLIC_URL, now })), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": attachment(ghostExportFilename(now)),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
