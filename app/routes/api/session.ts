import type { Route } from "./+types/session";
import { getUser } from "#app/server/auth/auth.server";

/** Session lookup for scripts and the client: who is signed in, if anyone. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return Response.json(
    { user: user && { id: user.id, email: user.email, displayName: user.displayName, role: user.role } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
