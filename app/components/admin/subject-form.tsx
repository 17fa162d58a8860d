import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { TextField } from "#app/components/ui/field";
import { useActionToast } from "#app/lib/use-action-toast";
import type { Toast } from "#app/lib/toast";

export interface SubjectFields {
  name: string;
  slug: string;
  position: number;
}

export interface SubjectActionData {
  ok: boolean;
  toast: Toast;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

/** The New Subject / edit form (save or cancel closes it); a refused save keeps what was typed. */
export function SubjectForm({
  editing,
  nextPosition,
  onClose,
}: {
  editing: ({ id: string } & SubjectFields) | null;
  nextPosition: number;
  onClose: () => void;
}) {
  const fetcher = useFetcher<SubjectActionData>();
  useActionToast(fetcher.data);
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (saved) onClose();
  }, [saved, onClose]);
  const headingId = useId();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const values = (fetcher.data?.ok === false && fetcher.data.values) || {
    name: editing?.name ?? "",
    slug: editing?.slug ?? "",
    position: String(editing?.position ?? nextPosition),
  };
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-border p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        {editing ? "Edit Subject" : "New Subject"}
      </h2>
      <fetcher.Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
        <input type="hidden" name="intent" value="save" />
        {editing && <input type="hidden" name="id" value={editing.id} />}
        <TextField id="subject-name" name="name" label="Name" required defaultValue={values.name} error={errors?.name} />
        <TextField id="subject-slug" name="slug" label="Slug" hint="Blank: made from the name." defaultValue={values.slug} error={errors?.slug} />
        <TextField
          id="subject-position"
          name="position"
          label="Position"
          type="number"
          min={0}
          hint="Lower comes first."
          defaultValue={values.position}
          error={errors?.position}
        />
        <div className="flex gap-3 sm:col-span-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : editing ? "Update Subject" : "Create Subject"}
          </Button>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
