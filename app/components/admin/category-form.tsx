import { TextAreaField, TextField } from "#app/components/ui/field";
import { InlineEditor } from "./inline-editor";

export interface CategoryFields {
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
  position: number | null;
}

/** The New Category / edit form (create or edit mode; save or cancel closes it). */
export function CategoryForm({ editing, onClose }: { editing: ({ id: string } & CategoryFields) | null; onClose: () => void }) {
  const initial = {
    name: editing?.name ?? "",
    slug: editing?.slug ?? "",
    description: editing?.description ?? "",
    icon: editing?.icon ?? "",
    position: editing?.position == null ? "" : String(editing.position),
  };
  return (
    <InlineEditor noun="Category" editingId={editing?.id} initial={initial} columns={2} onClose={onClose}>
      {({ values, errors }) => (
        <>
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
        </>
      )}
    </InlineEditor>
  );
}
