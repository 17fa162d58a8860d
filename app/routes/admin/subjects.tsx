import { useFetcher } from "react-router";
import { ArrowDown, ArrowUp } from "lucide-react";
import type { Route } from "./+types/subjects";
import { readForm } from "#app/server/core/form.server";
import { subjectFormSchema } from "#app/lib/admin-schemas";
import { deleteIntent, type InlineEditorData } from "#app/lib/inline-editor";
import { useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { requireAbility } from "#app/server/auth/access.server";
import { deleteSubject, listSubjects, saveSubject } from "#app/server/subjects/subjects.server";
import { inlineEditorAction } from "#app/server/admin/inline-editor.server";
import { services } from "#app/server/core/services.server";
import { Button } from "#app/components/ui/button";
import { Td } from "#app/components/ui/table";
import { useInlineEditor } from "#app/components/admin/inline-editor";
import { ListHeading, ListTable, RowActions } from "#app/components/admin/list-screen";
import { SubjectForm, type SubjectFields } from "#app/components/admin/subject-form";
import { adminMeta } from "#app/lib/seo";
import { plural } from "#app/lib/plural";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Subjects", matches);

export async function loader() {
  return { subjects: await listSubjects(services().db) };
}

/** A row's move button posts this with the subject's fields and its new position. */
const moveIntent = "move";

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "manageCategories");
  const { db } = services();
  return inlineEditorAction((await readForm(request)) ?? new FormData(), {
    fields: ["name", "slug", "position"],
    schema: subjectFormSchema,
    save: (input, id) => saveSubject(db, input, id),
    remove: (id) => deleteSubject(db, id),
    otherSaves: { [moveIntent]: (subject) => ({ type: "success", title: "Moved", description: `${subject.name} moved.` }) },
    texts: {
      created: "Subject created successfully.",
      updated: "Subject updated successfully.",
      deleted: "Subject deleted successfully.",
      saveFailed: "Failed to save subject",
      deleteFailed: "Failed to delete subject",
    },
  });
}

// Shared by every row's buttons: the screen shows their toasts.
const rowFetcherKey = "subject-row";

export default function SubjectsScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["subjects"]);
  useActionToast(useFetcher<InlineEditorData>({ key: rowFetcherKey }).data);
  const editor = useInlineEditor<{ id: string } & SubjectFields>();
  const { subjects } = loaderData;
  const nextPosition = Math.max(0, ...subjects.map((subject) => subject.position)) + 1;
  return (
    <div>
      <ListHeading title="Subjects" count={subjects.length} add={{ label: "New Subject", onClick: editor.create }} />
      <p className="mt-2 text-sm text-muted-foreground">The subjects writers file articles under, in the order they are offered.</p>

      {editor.open && <SubjectForm key={editor.key} editing={editor.row} nextPosition={nextPosition} onClose={editor.close} />}

      <div className="mt-6">
        <ListTable
          caption="Subjects"
          stackBelow="lg"
          columns={["Position", "Name", "Slug", "Articles", "Actions"]}
          rows={subjects}
          empty="No subjects yet. Create one above."
        >
          {(subject, index) => (
            <>
              <Td label="Position">{subject.position}</Td>
              <Td label="Name" className="font-medium">
                {subject.name}
              </Td>
              <Td label="Slug">
                <code>{subject.slug}</code>
              </Td>
              <Td label="Articles">{plural(subject.articles ?? 0, { one: "article", other: "articles" })}</Td>
              <Td label="Actions">
                <RowActions
                  name={subject.name}
                  edit={() => editor.edit(subject)}
                  remove={{ id: subject.id, intent: deleteIntent, confirm: "Delete this subject? This cannot be undone.", fetcherKey: rowFetcherKey }}
                >
                  <MoveButton subject={subject} to={subjects[index - 1]} direction="up" />
                  <MoveButton subject={subject} to={subjects[index + 1]} direction="down" />
                </RowActions>
              </Td>
            </>
          )}
        </ListTable>
      </div>
    </div>
  );
}

/** Moves a subject before (or after) its neighbour: it takes a position just past the neighbour's. */
function MoveButton({ subject, to, direction }: { subject: { id: string } & SubjectFields; to: SubjectFields | undefined; direction: "up" | "down" }) {
  const fetcher = useFetcher<InlineEditorData>({ key: rowFetcherKey });
  if (!to) return <span className="inline-block size-9" aria-hidden />;
  const position = direction === "up" ? Math.max(0, to.position - 1) : to.position + 1;
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={moveIntent} />
      <input type="hidden" name="id" value={subject.id} />
      <input type="hidden" name="name" value={subject.name} />
      <input type="hidden" name="slug" value={subject.slug} />
      <input type="hidden" name="position" value={position} />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        aria-label={`Move ${subject.name} ${direction}`}
        title={`Move ${direction}`}
        disabled={fetcher.state !== "idle"}
      >
        <Icon className="size-4" aria-hidden />
      </Button>
    </fetcher.Form>
  );
}
