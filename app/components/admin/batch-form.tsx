import { useEffect, useRef, useSyncExternalStore, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "#app/lib/use-action-toast";
import type { Toast } from "#app/lib/toast";

// The batch form of an admin list (Comments, Articles): a bar of buttons above the table, and a
// checkbox in each row that belongs to the bar's form by its id, so the checked rows are sent with
// the button pressed, with or without scripts. The server reads it with app/lib/batch-selection.ts.

/** False on the server and while hydrating, true once scripts run: for controls only scripts can work. */
export function useScripted() {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}

/** What a batch action answers: done (`ok`, the selection is cleared), and a toast to show. */
export interface BatchActionData {
  ok: boolean;
  toast?: Toast;
}

/** The batch's fetcher (keyed, so the rows' own buttons may share it and its toast), its toast shown. */
export function useBatchForm<Data extends BatchActionData>(fetcherKey: string) {
  const fetcher = useFetcher<Data>({ key: fetcherKey });
  useActionToast(fetcher.data);
  return { fetcher, busy: fetcher.state !== "idle" };
}

/**
 * The bar: "Selected comments:" and the buttons (`children`), in the form the rows' checkboxes
 * name by `id`. Once a batch is done, the form is cleared: nothing stays selected for the next one.
 */
export function BatchBar<Data extends BatchActionData>({
  batch,
  id,
  intent,
  label,
  children,
}: {
  batch: ReturnType<typeof useBatchForm<Data>>;
  id: string;
  /** The action's `intent` for a batch. */
  intent: string;
  label: string;
  children: ReactNode;
}) {
  const { fetcher } = batch;
  const form = useRef<HTMLFormElement>(null);
  const scripted = useScripted();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form ref={form} id={id} method="post" className="mb-3 flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value={intent} />
      <span className="text-sm font-medium">{label}</span>
      {scripted && (
        // No name: it is not sent, it ticks (or clears) every row's checkbox of this page.
        <label className="flex items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            onChange={(event) => {
              for (const box of document.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="id"][form="${id}"]`))
                box.checked = event.target.checked;
            }}
          />
          All on this page
        </label>
      )}
      {children}
    </fetcher.Form>
  );
}

/** A row's checkbox: its `value` (the row's id) goes with the batch form `form`. */
export function SelectRowBox({ form, value, label }: { form: string; value: string; label: string }) {
  return <input type="checkbox" name="id" value={value} form={form} aria-label={label} className="size-4 accent-primary" />;
}
