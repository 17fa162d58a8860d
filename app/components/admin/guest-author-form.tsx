import { useState } from "react";
import { TextAreaField, TextField } from "#app/components/ui/field";
import { ImageUploadField } from "#app/components/admin/image-upload-field";
import { displayNameMaxLength } from "#app/lib/comment-schema";
import { InlineEditor } from "./inline-editor";

export interface GuestAuthorFields {
  name: string;
  bio: string | null;
  photoUrl: string | null;
}

/** The New Guest Byline / edit form (create or edit mode; save or cancel closes it). */
export function GuestAuthorForm({ editing, onClose }: { editing: ({ id: string } & GuestAuthorFields) | null; onClose: () => void }) {
  const initial = { name: editing?.name ?? "", bio: editing?.bio ?? "", photoUrl: editing?.photoUrl ?? "" };
  // Controlled, as its upload button sets it; it keeps what was typed through a refusal, as the other fields do.
  const [photoUrl, setPhotoUrl] = useState(initial.photoUrl);
  return (
    <InlineEditor noun="Guest Byline" editingId={editing?.id} initial={initial} columns={2} onClose={onClose}>
      {({ values, errors }) => (
        <>
          <div className="grid content-start gap-4">
            <TextField
              id="guest-author-name"
              name="name"
              label="Name"
              required
              maxLength={displayNameMaxLength}
              defaultValue={values.name}
              error={errors?.name}
            />
            <TextAreaField
              id="guest-author-bio"
              name="bio"
              label="Short bio"
              rows={4}
              maxLength={500}
              defaultValue={values.bio}
              hint="Up to 500 characters."
              error={errors?.bio}
            />
          </div>
          <ImageUploadField
            id="guest-author-photo"
            name="photoUrl"
            label="Photo"
            folder="articles"
            value={photoUrl}
            onChange={setPhotoUrl}
            error={errors?.photoUrl}
            uploadedToast={{ title: "Image uploaded", description: "Photo set." }}
          />
        </>
      )}
    </InlineEditor>
  );
}
