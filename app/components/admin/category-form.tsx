import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { TextAreaField, TextField } from "#app/components/ui/field";
import { useActionToast } from "#app/lib/use-action-toast";
import type { Toast } from "#app/lib/toast";

export interface CategoryFields {
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
  position: number | null;
}

export interface CategoryActionData {
  ok: boolean;
  toast: Toast;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

/** The New Category / edit form (create or edit mode; save or cancel closes it). */
export function CategoryForm({ editing, onClose }: { editing: ({ id: string } & CategoryFields) | null; onClose: () => void }) {
  const fetcher = useFetcher<CategoryActionData>();
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
    description: editing?.description ?? "",
    icon: editing?.icon ?? "",
    position: editing?.position == null ? "" : String(editing.position),
  };
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-border p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        {editing ? "Edit Category" : "New Category"}
      </h2>
      <fetcher.Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="save" />
        {editing && <input type="hidden" name="id" value={editing.id} />}
        <TextField id="category-name" name="name" label="Name" required defaultValue={values.name} error={errors?.name} />
        <TextField id="category-slug" name="slug" label="Slug" required defaultValue={values.slug} error={errors?.slug} />
        <TextField id="category-icon" name="icon" label="Icon" placeholder="e.g. BookOpen" defaultValue={values.icon} error={errors?.icon} />
        <TextField
          id="category-position"
          name="position"
          label="Place on the site"
          inputMode="numeric"
          hint="1 comes first on the home page and in the filters; blank comes after the numbered ones, by name."
          defaultValue={values.position}
          error={errors?.position}
        />
        <TextAreaField
          id="category-description"
          name="description"
          label="Description"
          rows={3}
          defaultValue={values.description}
          error={errors?.description}
        />
        <div className="flex gap-3 sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : editing ? "Update Category" : "Create Category"}
          </Button>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
