import type { Route } from "./+types/school-pack-download";
import { services } from "#app/server/core/services.server";
import { downloadNameOf, schoolPackBucket } from "#app/server/school-pack/pack-store.server";
import { attachment } from "#app/server/export/text-stream.server";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

const contentTypes = { zip: "application/zip", zim: "application/octet-stream" } as const;

/**
 * GET /school-packs/:name: a stored school pack, to anyone (schools download them without an
 * account). Only a pack's own unguessable name is served (pack-store.server.ts), never its
 * manifest or another bucket's file; a pack removed as newer ones came answers 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const downloadName = downloadNameOf(params.name);
  if (!downloadName) return notFound();
  const file = await services().storage.read(schoolPackBucket, params.name);
  if (!file) return notFound();
  const head = request.method === "HEAD";
  if (head) await file.body.cancel();
  return new Response(head ? null : file.body, {
    headers: {
      "Content-Type": contentTypes[params.name.endsWith(".zip") ? "zip" : "zim"],
      "Content-Length": String(file.size),
      // The magazine and the day, as the zip's folder is named: the stored name's random part is no name for a school.
      "Content-Disposition": attachment(downloadName),
      "X-Content-Type-Options": "nosniff",
      // The file behind a name never changes; an hour lets a school's proxy share it without
      // keeping a removed pack long.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
