import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/author-profile";
import { readForm } from "#app/server/core/form.server";
import { authorProfileSchema, formErrors } from "#app/lib/admin-schemas";
import type { Toast } from "#app/lib/toast";
import { useActionToast } from "#app/lib/use-action-toast";
import { requireAbility } from "#app/server/auth/access.server";
import { authorProfileOf, saveAuthorProfile } from "#app/server/users/authors.server";
import { failureToast } from "#app/server/admin/admin-screens.server";
import { services } from "#app/server/core/services.server";
import { toastHeader } from "#app/server/core/toast.server";
import { Button } from "#app/components/ui/button";
import { SwitchField, TextAreaField, TextField } from "#app/components/ui/field";
import { ImageUploadField } from "#app/components/admin/image-upload-field";
import { adminMeta } from "#app/lib/seo";
import { displayNameMaxLength } from "#app/lib/comment-schema";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Author Profile", matches);

const fieldNames = ["displayName", "slug", "bio", "photoUrl"] as const;
type ProfileValues = Record<(typeof fieldNames)[number] | "published", string>;

interface ProfileFailure {
  errors?: Record<string, string>;
  values: ProfileValues;
  toast: Toast;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAbility(request, "writeOwnArticles");
  const profile = await authorProfileOf(services().db, user.id);
  const values: ProfileValues = {
    displayName: profile?.displayName ?? "",
    slug: profile?.slug ?? "",
    bio: profile?.bio ?? "",
    photoUrl: profile?.photoUrl ?? "",
    published: profile?.slug ? "on" : "",
  };
  return { values, publicUrl: services().config.PUBLIC_URL };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAbility(request, "writeOwnArticles");
  const form = (await readForm(request)) ?? new FormData();
  const values = Object.fromEntries([...fieldNames, "published"].map((name) => [name, String(form.get(name) ?? "")])) as ProfileValues;
  const parsed = authorProfileSchema.safeParse({ ...values, published: values.published === "on" });
  if (!parsed.success) {
    const { message, fields } = formErrors(parsed.error);
    return data<ProfileFailure>({ errors: fields, values, toast: { type: "error", title: "Error", description: message } }, { status: 400 });
  }
  let slug: string | null;
  try {
    slug = await saveAuthorProfile(services().db, user.id, parsed.data);
  } catch (error) {
    return data<ProfileFailure>({ values, toast: failureToast(error, "Failed to update your author profile. Please try again.") }, { status: 400 });
  }
  const toast: Toast = slug
    ? { type: "success", title: "Author profile updated", description: `Your articles now say “By ${parsed.data.displayName}”.` }
    : { type: "success", title: "Author profile updated", description: "Your articles say “The Educator”." };
  return redirect("/admin/profile", { headers: { "Set-Cookie": await toastHeader(toast) } });
}

/** A staff member's public author profile: the byline on their articles and their page at /author/{slug}. */
export default function AuthorProfileScreen({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  const [photoUrl, setPhotoUrl] = useState(values.photoUrl);
  const saving = useNavigation().state === "submitting";
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold">Author Profile</h1>
      <p className="mt-1 text-muted-foreground">
        Shown to readers on the articles you write and on your author page. Without a public profile, your articles say “The Educator”.
      </p>
      {loaderData.values.slug && (
        <p className="mt-2 text-sm">
          Your page:{" "}
          <a className="font-medium underline" href={`/author/${loaderData.values.slug}`}>
            {`${loaderData.publicUrl}/author/${loaderData.values.slug}`}
          </a>
        </p>
      )}
      <Form method="post" noValidate className="mt-6 grid gap-5">
        <TextField
          id="author-name"
          name="displayName"
          label="Name"
          required
          maxLength={displayNameMaxLength}
          defaultValue={values.displayName}
          error={errors.displayName}
        />
        <TextField
          id="author-slug"
          name="slug"
          label="Profile address"
          maxLength={80}
          defaultValue={values.slug}
          hint="The end of /author/…; leave blank to make it from your name."
          error={errors.slug}
        />
        <TextAreaField
          id="author-bio"
          name="bio"
          label="Short bio"
          rows={4}
          maxLength={500}
          defaultValue={values.bio}
          hint="Up to 500 characters."
          error={errors.bio}
        />
        <ImageUploadField
          id="author-photo"
          name="photoUrl"
          label="Photo"
          folder="team"
          value={photoUrl}
          onChange={setPhotoUrl}
          error={errors.photoUrl}
          uploadedToast={{ title: "Image uploaded", description: "Photo set." }}
        />
        <SwitchField
          id="author-published"
          name="published"
          label="Public author profile"
          defaultChecked={values.published === "on"}
          hint={`Your articles say “By ${values.displayName || "your name"}” and link to your page.`}
        />
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Profile"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
