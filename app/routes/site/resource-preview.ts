import type { Route } from "./+types/resource-preview";
import { getUser } from "#app/server/auth/auth.server";
import { services } from "#app/server/core/services.server";
import { mayEditArticle } from "#app/lib/article-access";
import { isUuid } from "#app/lib/uuid";
import { findDownload, resourceBucket } from "#app/server/resources/resources.server";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /downloads/:id/preview.webp: the picture of a PDF resource's first page, to whoever may
 * download the resource (download.ts: a published article's, or a draft's to its editors), and
 * cached as long as the download is. Not a download: nothing is counted.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isUuid(params.id)) return notFound();
  const { db, storage } = services();
  const resource = await findDownload(db, params.id.toLowerCase());
  if (!resource?.previewKey) return notFound();
  if (!resource.published) {
    const user = await getUser(request);
    if (!user || !mayEditArticle(user, resource)) return notFound();
  }
  const file = await storage.read(resourceBucket, resource.previewKey);
  if (!file) return notFound();
  const head = request.method === "HEAD";
  if (head) await file.body.cancel();
  return new Response(head ? null : file.body, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(file.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cache-Control": resource.published ? "public, max-age=3600" : "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
