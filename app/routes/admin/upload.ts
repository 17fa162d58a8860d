import type { Route } from "./+types/upload";
import { accessDenied, requireAbility } from "#app/server/auth/access.server";
import { services } from "#app/server/core/services.server";
import { storeUploadedImage, UploadError } from "#app/server/media/uploads.server";
import { recordUpload } from "#app/server/media/media.server";
import { can } from "#app/lib/access";
import { uploadFailures, type UploadAnswer } from "#app/lib/image-upload-messages";

/** POST /admin/uploads: one image (field `file`, `folder` articles or team) → `{ url }` or `{ error }`. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAbility(request, "writeOwnArticles");
  const { db, storage, log } = services();
  try {
    const url = await storeUploadedImage(storage, request, (folder) => {
      if (folder === "team" && !can(admin.role, "manageTeam")) throw accessDenied();
    });
    await recordUpload(db, url, admin.id);
    log.info({ userId: admin.id, url }, "image uploaded");
    return Response.json({ url } satisfies UploadAnswer);
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof UploadError) return Response.json({ error: error.failure } satisfies UploadAnswer, { status: error.status });
    log.error({ err: error, userId: admin.id }, "image upload failed");
    return Response.json({ error: uploadFailures.failed } satisfies UploadAnswer, { status: 500 });
  }
}
