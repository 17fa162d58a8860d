import type { Route } from "./+types/upload";
import { requireAdmin } from "#app/server/auth/auth.server";
import { services } from "#app/server/core/services.server";
import { storeUploadedImage, UploadError } from "#app/server/media/uploads.server";
import { uploadFailures, type UploadAnswer } from "#app/lib/image-upload-messages";

/** POST /admin/uploads: one image (field `file`, `folder` articles or team) → `{ url }` or `{ error }`. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const { storage, log } = services();
  try {
    const url = await storeUploadedImage(storage, request);
    log.info({ userId: admin.id, url }, "image uploaded");
    return Response.json({ url } satisfies UploadAnswer);
  } catch (error) {
    if (error instanceof UploadError) return Response.json({ error: error.failure } satisfies UploadAnswer, { status: error.status });
    log.error({ err: error, userId: admin.id }, "image upload failed");
    return Response.json({ error: uploadFailures.failed } satisfies UploadAnswer, { status: 500 });
  }
}
