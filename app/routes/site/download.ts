import type { Route } from "./+types/download";
import { getUser } from "#app/server/auth/auth.server";
import { services } from "#app/server/core/services.server";
import { mayEditArticle } from "#app/lib/article-access";
import { resourceContentTypes, resourceFileName } from "#app/lib/resource-files";
import { isUuid } from "#app/lib/uuid";
import { findDownload, resourceBucket } from "#app/server/resources/resources.server";
import { countDownload, downloadDay, readerOfDay } from "#app/server/resources/download-counts.server";
import { requestValues } from "#app/server/core/request-context.server";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** `attachment` with the name in both forms of RFC 6266: an ASCII fallback, and UTF-8 (RFC 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * GET /downloads/:id/:name: a resource file of a published article, streamed from storage as an
 * attachment (the name in the address is for people; the id decides). A draft's resources are
 * served only to staff who may edit the article, and never kept by shared caches. A reader's
 * first download of the day adds one to the resource's count, off the request path.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) return notFound();
  const { db, storage, log, sessionSecret } = services();
  const resource = await findDownload(db, params.id.toLowerCase());
  if (!resource) return notFound();
  const user = await getUser(request);
  if (!resource.published && (!user || !mayEditArticle(user, resource))) return notFound();
  const file = await storage.read(resourceBucket, resource.storageKey);
  if (!file) {
    log.error({ resourceId: resource.id, key: resource.storageKey }, "resource file missing from storage");
    return notFound();
  }
  const head = request.method === "HEAD";
  if (head) await file.body.cancel();
  else {
    const day = downloadDay(new Date());
    const downloader = { userId: user?.id ?? null, clientAddress: requestValues(context).clientAddress, userAgent: request.headers.get("user-agent") };
    countDownload(db, log, resource.id, readerOfDay(sessionSecret, day, downloader), day);
  }
  return new Response(head ? null : file.body, {
    headers: {
      "Content-Type": resourceContentTypes[resource.format],
      "Content-Length": String(file.size),
      "Content-Disposition": attachmentDisposition(resourceFileName(resource.title, resource.format)),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
      // The file behind an id never changes (a new upload is a new resource). Published: shared caches may
      // keep it an hour, so an article taken down stops being served soon after; a draft's, nobody.
      "Cache-Control": resource.published ? "public, max-age=3600" : "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
