import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ArrowLeft, ImageUp } from "lucide-react";
import { showToast } from "#app/lib/toast";
import { Button, buttonClass } from "#app/components/ui/button";
import { SwitchField, TextAreaField, TextField } from "#app/components/ui/field";
import { useActionToast } from "#app/lib/use-action-toast";
import { uploadImage } from "./image-upload-field";
import type { TeamMemberFormData } from "#app/lib/team-member-form-values";

export interface TeamMemberFields {
  name: string;
  position: string;
  bio: string | null;
  photoUrl: string | null;
  active: boolean;
  orderIndex: number;
}

/** The New Team Member screen, or with `member` its Edit screen: back to the list, the title and the form. */
export function TeamMemberScreen({ member, actionData }: { member: TeamMemberFields | null; actionData: TeamMemberFormData | undefined }) {
  return (
    <div>
      <Link to="/admin/team" className="inline-flex items-center gap-1 text-sm font-medium underline">
        <ArrowLeft className="size-4" aria-hidden />
        Back to Team
      </Link>
      <h1 className="mt-3 text-2xl font-bold">{member ? "Edit Team Member" : "New Team Member"}</h1>
      <TeamMemberForm member={member} actionData={actionData} submitLabel={member ? "Update Team Member" : "Create Team Member"} />
    </div>
  );
}

/** Create and edit form for a team member; a failed save keeps everything typed. */
export function TeamMemberForm({
  member,
  actionData,
  submitLabel,
}: {
  member: TeamMemberFields | null;
  actionData: TeamMemberFormData | undefined;
  submitLabel: string;
}) {
  useActionToast(actionData);
  const values = actionData?.values ?? {
    name: member?.name ?? "",
    position: member?.position ?? "",
    bio: member?.bio ?? "",
    photoUrl: member?.photoUrl ?? "",
    orderIndex: String(member?.orderIndex ?? 0),
    active: (member?.active ?? true) ? "on" : "",
  };
  const errors = actionData?.errors;
  const [photoUrl, setPhotoUrl] = useState(values.photoUrl ?? "");
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const saving = useNavigation().state === "submitting";

  async function upload(file: File) {
    setUploading(true);
    const result = await uploadImage(file, "team");
    setUploading(false);
    // Choosing the same file again must start a new upload.
    if (fileInput.current) fileInput.current.value = "";
    if ("url" in result) {
      setPhotoUrl(result.url);
      showToast({ type: "success", title: "Image uploaded", description: "Team photo set." });
    } else {
      showToast({ type: "error", title: result.failure.title, description: result.failure.description });
    }
  }

  return (
    <Form method="post" noValidate className="mt-6 grid max-w-2xl gap-5">
      <TextField id="team-name" name="name" label="Full Name" required defaultValue={values.name} error={errors?.name} />
      <TextField id="team-position" name="position" label="Position" required defaultValue={values.position} error={errors?.position} />
      <TextAreaField id="team-bio" name="bio" label="Bio" rows={5} defaultValue={values.bio} error={errors?.bio} />

      <fieldset className="grid gap-3 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-medium">Photo</legend>
        <TextField
          id="team-photo-url"
          name="photoUrl"
          label="Photo URL"
          value={photoUrl}
          onChange={(event) => setPhotoUrl(event.target.value)}
          error={errors?.photoUrl}
        />
        <div>
          <label htmlFor="team-photo-file" className={buttonClass("outline", "sm", "cursor-pointer has-[:focus-visible]:ring-2")}>
            <ImageUp className="size-4" aria-hidden />
            {uploading ? "Uploading..." : "Upload photo"}
          </label>
          <input
            id="team-photo-file"
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="sr-only"
            disabled={uploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </div>
        {photoUrl && <img src={photoUrl} alt="Photo preview" className="size-32 rounded-lg border border-border object-cover" />}
      </fieldset>

      <SwitchField id="team-active" name="active" label="Active" defaultChecked={values.active === "on"} hint="Active members appear on the About page." />

      <TextField
        id="team-order"
        name="orderIndex"
        label="Display Order"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        defaultValue={values.orderIndex}
        error={errors?.orderIndex}
        hint="0 comes first."
      />

      <div className="flex gap-3">
        <Button type="submit" disabled={saving || uploading}>
          {saving ? "Saving..." : submitLabel}
        </Button>
        <Link to="/admin/team" className={buttonClass("outline")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
