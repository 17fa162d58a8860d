import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { saveIntent, type InlineEditorData } from "#app/lib/inline-editor";
import { useActionToast } from "#app/lib/use-action-toast";

/** Which row a list's inline editor is open on: none, a new one (`row` null) or one of the list's. */
export function useInlineEditor<Row extends { id: string }>() {
  const [opened, setOpened] = useState<{ row: Row | null } | null>(null);
  const close = useCallback(() => setOpened(null), []);
  return {
    open: opened !== null,
    row: opened?.row ?? null,
    /** A key for the form, so another row opens a fresh one. */
    key: opened?.row?.id ?? "new",
    create: () => setOpened({ row: null }),
    edit: (row: Row) => setOpened({ row }),
    close,
  };
}

// Written out: Tailwind finds only whole class names in the source.
const grids = { 2: { form: "sm:grid-cols-2", buttons: "sm:col-span-2" }, 3: { form: "sm:grid-cols-3", buttons: "sm:col-span-3" } };

/**
 * The New / Edit form of an admin list ("New Category", "Update Category"): it posts the save
 * intent, with the row's id when it edits one, by fetcher and shows the answer's toast. A save
 * closes it; a refusal keeps it open with what was typed and each field's error, which `children`
 * gets to draw the fields (otherwise `initial`, the row's values or a new one's).
 */
export function InlineEditor<Field extends string>({
  noun,
  editingId,
  initial,
  columns,
  onClose,
  children,
}: {
  noun: string;
  editingId: string | undefined;
  initial: Record<Field, string>;
  columns: 2 | 3;
  onClose: () => void;
  children: (form: { values: Record<Field, string>; errors: Record<string, string> | undefined }) => ReactNode;
}) {
  const fetcher = useFetcher<InlineEditorData>();
  useActionToast(fetcher.data);
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (saved) onClose();
  }, [saved, onClose]);
  const headingId = useId();
  const refused = fetcher.data?.ok === false ? fetcher.data : undefined;
  // The action sends back every field of the form it read.
  const values = (refused?.values as Record<Field, string> | undefined) ?? initial;
  const busy = fetcher.state !== "idle";
  const editing = editingId !== undefined;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-border p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        {editing ? `Edit ${noun}` : `New ${noun}`}
      </h2>
      <fetcher.Form method="post" noValidate className={`mt-4 grid gap-4 ${grids[columns].form}`}>
        <input type="hidden" name="intent" value={saveIntent} />
        {editing && <input type="hidden" name="id" value={editingId} />}
        {children({ values, errors: refused?.errors })}
        <div className={`flex gap-3 ${grids[columns].buttons}`}>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : editing ? `Update ${noun}` : `Create ${noun}`}
          </Button>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
