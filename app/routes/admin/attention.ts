import { data } from "react-router";
import { attentionCounts } from "#app/server/admin/attention.server";
import { services } from "#app/server/core/services.server";

/** The sidebar's counts, fetched again when comments or the inbox change (the admin layout's guard runs first). */
export async function loader() {
  return data({ counts: await attentionCounts(services().db), countedAt: Date.now() });
}
