import { Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { confirmSubmit } from "#app/lib/use-action-toast";
import type { Toast } from "#app/lib/toast";

export interface RowDeleteData {
  ok: boolean;
  toast: Toast;
}

/**
 * A table row's delete button: asks `confirm` first, then posts the row's id (and `intent`, for a
 * screen whose action does more than delete). Every row of a screen shares `fetcherKey`, so the
 * screen shows the toast: the deleted row is gone when the answer lands.
 */
export function RowDeleteButton({ id, name, confirm, fetcherKey, intent }: { id: string; name: string; confirm: string; fetcherKey: string; intent?: string }) {
  const fetcher = useFetcher<RowDeleteData>({ key: fetcherKey });
  return (
    <fetcher.Form method="post" onSubmit={confirmSubmit(confirm)}>
      {intent && <input type="hidden" name="intent" value={intent} />}
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="ghost" size="icon" aria-label={`Delete ${name}`} title="Delete" disabled={fetcher.state !== "idle"}>
        <Trash2 className="size-4 text-destructive" aria-hidden />
      </Button>
    </fetcher.Form>
  );
}
