import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { TextAreaField, TextField } from "#app/components/ui/field";
import { ImageUploadField } from "#app/components/admin/image-upload-field";
import { useActionToast } from "#app/lib/use-action-toast";
import { displayNameMaxLength } from "#app/lib/comment-schema";
import type { Toast } from "#app/lib/toast";

export interface GuestAuthorFields {
  name: string;
  bio: string | null;
  photoUrl: string | null;
}

export interface GuestAuthorActionData {
  ok: boolean;
  toast: Toast;
  errors?: Record<string, string>;
  values?: Record<"name" | "bio" | "photoUrl", string>;
}

/** The New Guest Byline / edit form (create or edit mode; save or cancel closes it). */
export function GuestAuthorForm({ editing, onClose }: { editing: ({ id: string } & GuestAuthorFields) | null; onClose: () => void }) {
  const fetcher = useFetcher<GuestAuthorActionData>();
  useActionToast(fetcher.data);
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (saved) onClose();
  }, [saved, onClose]);
  const headingId = useId();
  const refused = fetcher.data?.ok === false ? fetcher.data : undefined;
  const errors = refused?.errors;
  const values = refused?.values ?? { name: editing?.name ?? "", bio: editing?.bio ?? "", photoUrl: editing?.photoUrl ?? "" };
  // Controlled, as its upload button sets it; the fields keep what was typed through a refusal.
  const [photoUrl, setPhotoUrl] = useState(values.photoUrl);
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-border p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        {editing ? "Edit Guest Byline" : "New Guest Byline"}
      </h2>
      <fetcher.Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="save" />
        {editing && <input type="hidden" name="id" value={editing.id} />}
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
        <div className="flex gap-3 sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : editing ? "Update Guest Byline" : "Create Guest Byline"}
          </Button>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
