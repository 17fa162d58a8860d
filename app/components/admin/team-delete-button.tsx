import { Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { confirmSubmit } from "#app/lib/use-action-toast";
import type { Toast } from "#app/lib/toast";

export interface TeamDeleteData {
  ok: boolean;
  toast: Toast;
}

// Shared by every row: the screen shows the toast, since the deleted row is gone when the answer lands.
export const teamDeleteFetcherKey = "team-delete";

export function TeamDeleteButton({ id, name }: { id: string; name: string }) {
  const fetcher = useFetcher<TeamDeleteData>({ key: teamDeleteFetcherKey });
  return (
    <fetcher.Form method="post" onSubmit={confirmSubmit("Are you sure you want to delete this team member? This action cannot be undone.")}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="ghost" size="icon" aria-label={`Delete ${name}`} title="Delete" disabled={fetcher.state !== "idle"}>
        <Trash2 className="size-4 text-destructive" aria-hidden />
      </Button>
    </fetcher.Form>
  );
}
