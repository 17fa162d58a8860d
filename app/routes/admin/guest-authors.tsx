import { useCallback, useState } from "react";
import { data, useFetcher } from "react-router";
import { Pencil, Plus } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/guest-authors";
import { readForm } from "#app/server/core/form.server";
import { formText } from "#app/lib/inbox-schema";
import { formErrors, guestAuthorSchema } from "#app/lib/admin-schemas";
import { useActionToast } from "#app/lib/use-action-toast";
import { RowDeleteButton } from "#app/components/admin/row-delete-button";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { requireAbility } from "#app/server/auth/access.server";
import { deleteGuestAuthor, listGuestAuthors, saveGuestAuthor } from "#app/server/users/authors.server";
import { failureToast } from "#app/server/admin/admin-screens.server";
import { services } from "#app/server/core/services.server";
import { Button } from "#app/components/ui/button";
import { EmptyRow, Table, TableHead, Td } from "#app/components/ui/table";
import { GuestAuthorForm, type GuestAuthorActionData, type GuestAuthorFields } from "#app/components/admin/guest-author-form";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Guest Bylines", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAbility(request, "editAllArticles");
  return { guests: await listGuestAuthors(services().db) };
}

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "editAllArticles");
  const form = (await readForm(request)) ?? new FormData();
  const { db } = services();
  const intent = form.get("intent");
  const id = z
    .uuid()
    .optional()
    .safeParse(form.get("id") || undefined);
  if (!id.success || (intent !== "save" && intent !== "delete") || (intent === "delete" && !id.data)) {
    return data<GuestAuthorActionData>({ ok: false, toast: { type: "error", title: "Error", description: "Invalid request." } }, { status: 400 });
  }

  if (intent === "delete") {
    try {
      await deleteGuestAuthor(db, id.data!);
    } catch (error) {
      return data<GuestAuthorActionData>({ ok: false, toast: failureToast(error, "Failed to delete guest byline") }, { status: 400 });
    }
    return data<GuestAuthorActionData>({ ok: true, toast: { type: "success", title: "Deleted", description: "Guest byline deleted." } });
  }

  const values = { name: formText(form, "name"), bio: formText(form, "bio"), photoUrl: formText(form, "photoUrl") };
  const parsed = guestAuthorSchema.safeParse(values);
  if (!parsed.success) {
    const { message, fields } = formErrors(parsed.error);
    return data<GuestAuthorActionData>({ ok: false, errors: fields, values, toast: { type: "error", title: "Error", description: message } }, { status: 400 });
  }
  try {
    await saveGuestAuthor(db, parsed.data, id.data);
  } catch (error) {
    return data<GuestAuthorActionData>({ ok: false, values, toast: failureToast(error, "Failed to save guest byline") }, { status: 400 });
  }
  return data<GuestAuthorActionData>({
    ok: true,
    toast: id.data
      ? { type: "success", title: "Updated", description: "Guest byline updated." }
      : { type: "success", title: "Created", description: "Guest byline created." },
  });
}

type FormState = { mode: "closed" } | { mode: "create" } | { mode: "edit"; guest: { id: string } & GuestAuthorFields };

// Shared by every row's delete button: the screen shows its toast.
const deleteFetcherKey = "guest-author-delete";

/** Bylines for outside writers without an account: a name, a short bio and a photo, with a page at /author/{slug}. */
export default function GuestAuthorsScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["guest_authors"]);
  useActionToast(useFetcher<GuestAuthorActionData>({ key: deleteFetcherKey }).data);
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const close = useCallback(() => setForm({ mode: "closed" }), []);
  const { guests } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          Guest Bylines <span className="text-base font-normal text-muted-foreground">{`(${guests.length})`}</span>
        </h1>
        <Button onClick={() => setForm({ mode: "create" })}>
          <Plus className="size-4" aria-hidden />
          New Guest Byline
        </Button>
      </div>
      <p className="mt-1 text-muted-foreground">Bylines for writers without an account. Add them to an article on its edit screen.</p>

      {form.mode !== "closed" && (
        <GuestAuthorForm key={form.mode === "edit" ? form.guest.id : "new"} editing={form.mode === "edit" ? form.guest : null} onClose={close} />
      )}

      <div className="mt-6">
        <Table stackBelow="lg">
          <caption className="sr-only">Guest bylines</caption>
          <TableHead columns={["Name", "Bio", "Articles", "Actions"]} />
          <tbody>
            {guests.length === 0 ? (
              <EmptyRow columns={4}>No guest bylines yet. Create one above.</EmptyRow>
            ) : (
              guests.map((guest) => (
                <tr key={guest.id}>
                  <Td label="Name" className="font-medium">
                    <a href={`/author/${guest.slug}`} target="_blank" rel="noreferrer" className="underline">
                      {guest.name}
                    </a>
                  </Td>
                  <Td label="Bio" wide className="max-w-md min-w-40 text-muted-foreground">
                    {guest.bio}
                  </Td>
                  <Td label="Articles" className="tabular-nums">
                    {guest.articles}
                  </Td>
                  <Td label="Actions">
                    <div className="flex items-center gap-1">
                      <Button variant="ghost" size="icon" aria-label={`Edit ${guest.name}`} title="Edit" onClick={() => setForm({ mode: "edit", guest })}>
                        <Pencil className="size-4" aria-hidden />
                      </Button>
                      <RowDeleteButton
                        id={guest.id}
                        name={guest.name}
                        intent="delete"
                        confirm="Delete this guest byline? This cannot be undone."
                        fetcherKey={deleteFetcherKey}
                      />
                    </div>
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
    </div>
  );
}
