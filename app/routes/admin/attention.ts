import { data } from "react-router";
import type { Route } from "./+types/attention";
import { attentionCountsFor } from "#app/server/admin/attention.server";
import { requireUser } from "#app/server/auth/auth.server";
import { services } from "#app/server/core/services.server";

/** The sidebar's counts, fetched again when what they count changes (the admin layout's guard runs first). */
export async function loader({ request }: Route.LoaderArgs) {
  const { role } = await requireUser(request);
  return data({ counts: await attentionCountsFor(services().db, role), countedAt: Date.now() });
}
