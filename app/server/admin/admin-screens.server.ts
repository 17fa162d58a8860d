import { data } from "react-router";
import type { Toast } from "#app/lib/toast";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import type { CountedPage } from "#app/server/db/keyset.server";
import { OwnerRoleError } from "#app/server/auth/owner.server";
import { services } from "#app/server/core/services.server";

/**
 * The error toast for a failed save or delete: an expected refusal says why; anything else is logged and shows the screen's fallback text.
 */
export function failureToast(error: unknown, fallback: string): Toast {
  if (error instanceof AdminInputError || error instanceof OwnerRoleError) return { type: "error", title: "Error", description: error.message };
  services().log.error({ err: error }, fallback);
  return { type: "error", title: "Error", description: fallback };
}

/** Loads a page of a list with its total; a failure is logged and answered with the screen's load-error toast and no rows. */
export async function loadOrToast<Row>(load: () => Promise<CountedPage<Row>>, fallback: string): Promise<CountedPage<Row> & { toast?: Toast }> {
  try {
    return await load();
  } catch (error) {
    services().log.error({ err: error }, fallback);
    return { rows: [], next: null, prev: null, total: 0, toast: { type: "error", title: "Error", description: fallback } };
  }
}

/** An admin action's answer: whether it worked and the toast that says so (400 by default when not). */
export const actionAnswer = (ok: boolean, toast: Toast, status = ok ? 200 : 400) => data<{ ok: boolean; toast: Toast }>({ ok, toast }, { status });
