import { TextField } from "#app/components/ui/field";
import { InlineEditor } from "./inline-editor";

export interface SubjectFields {
  name: string;
  slug: string;
  position: number;
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
  const initial = { name: editing?.name ?? "", slug: editing?.slug ?? "", position: String(editing?.position ?? nextPosition) };
  return (
    <InlineEditor noun="Subject" editingId={editing?.id} initial={initial} columns={3} onClose={onClose}>
      {({ values, errors }) => (
        <>
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
        </>
      )}
    </InlineEditor>
  );
}
