import { useFetcher } from "react-router";
import type { Route } from "./+types/guest-authors";
import { readForm } from "#app/server/core/form.server";
import { guestAuthorSchema } from "#app/lib/admin-schemas";
import { deleteIntent, type InlineEditorData } from "#app/lib/inline-editor";
import { useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { requireAbility } from "#app/server/auth/access.server";
import { deleteGuestAuthor, listGuestAuthors, saveGuestAuthor } from "#app/server/users/authors.server";
import { inlineEditorAction } from "#app/server/admin/inline-editor.server";
import { services } from "#app/server/core/services.server";
import { Td } from "#app/components/ui/table";
import { useInlineEditor } from "#app/components/admin/inline-editor";
import { ListHeading, ListTable, RowActions } from "#app/components/admin/list-screen";
import { GuestAuthorForm, type GuestAuthorFields } from "#app/components/admin/guest-author-form";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Guest Bylines", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAbility(request, "editAllArticles");
  return { guests: await listGuestAuthors(services().db) };
}

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "editAllArticles");
  const { db } = services();
  return inlineEditorAction((await readForm(request)) ?? new FormData(), {
    fields: ["name", "bio", "photoUrl"],
    schema: guestAuthorSchema,
    save: (input, id) => saveGuestAuthor(db, input, id),
    remove: (id) => deleteGuestAuthor(db, id),
    texts: {
      created: "Guest byline created.",
      updated: "Guest byline updated.",
      deleted: "Guest byline deleted.",
      saveFailed: "Failed to save guest byline",
      deleteFailed: "Failed to delete guest byline",
    },
  });
}

// Shared by every row's delete button: the screen shows its toast.
const deleteFetcherKey = "guest-author-delete";

/** Bylines for outside writers without an account: a name, a short bio and a photo, with a page at /author/{slug}. */
export default function GuestAuthorsScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["guest_authors"]);
  useActionToast(useFetcher<InlineEditorData>({ key: deleteFetcherKey }).data);
  const editor = useInlineEditor<{ id: string } & GuestAuthorFields>();
  const { guests } = loaderData;
  return (
    <div>
      <ListHeading title="Guest Bylines" count={guests.length} add={{ label: "New Guest Byline", onClick: editor.create }} />
      <p className="mt-1 text-muted-foreground">Bylines for writers without an account. Add them to an article on its edit screen.</p>

      {editor.open && <GuestAuthorForm key={editor.key} editing={editor.row} onClose={editor.close} />}

      <div className="mt-6">
        <ListTable
          caption="Guest bylines"
          stackBelow="lg"
          columns={["Name", "Bio", "Articles", "Actions"]}
          rows={guests}
          empty="No guest bylines yet. Create one above."
        >
          {(guest) => (
            <>
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
                <RowActions
                  name={guest.name}
                  edit={() => editor.edit(guest)}
                  remove={{ id: guest.id, intent: deleteIntent, confirm: "Delete this guest byline? This cannot be undone.", fetcherKey: deleteFetcherKey }}
                />
              </Td>
            </>
          )}
        </ListTable>
      </div>
    </div>
  );
}
