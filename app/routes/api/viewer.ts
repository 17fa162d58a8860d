import type { Route } from "./+types/viewer";
import { getUser, viewerHintCorrection, viewerHintOf } from "#app/server/auth/auth.server";
import { signOutNotice } from "#app/server/auth/session-endings.server";
import type { ViewerAnswer } from "#app/lib/viewer";
import { isUuid } from "#app/lib/uuid";
import { questionViewerState } from "#app/server/community/community.server";
import { services } from "#app/server/core/services.server";

/**
 * A reader page's private request (the reader script asks it when the viewer hint says signed in):
 * who is signed in, and a session that ended is told once (a role change, say). The hint is put
 * right on the way: set again when it disagrees with the session, cleared with a session gone.
 * On a question page (`?question=<id>`), what of it is hers (QuestionViewerState). Never kept by any cache.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [user, signedOut] = await Promise.all([getUser(request), signOutNotice(request)]);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const correction = viewerHintCorrection(request, user);
  for (const cookie of signedOut?.clearCookies ?? (correction ? [correction] : [])) headers.append("Set-Cookie", cookie);
  const questionId = new URL(request.url).searchParams.get("question") ?? "";
  const answer: ViewerAnswer = {
    viewer: user && { hint: viewerHintOf(user.role), displayName: user.displayName },
    signedOut: signedOut?.text ?? null,
    question: user && isUuid(questionId) ? await questionViewerState(services().db, questionId, user) : null,
  };
  return Response.json(answer, { headers });
}
