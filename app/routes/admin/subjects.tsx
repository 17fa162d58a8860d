import { useCallback, useState } from "react";
import { data, useFetcher } from "react-router";
import { ArrowDown, ArrowUp, Pencil, Plus } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/subjects";
import { readForm } from "#app/server/core/form.server";
import { formText } from "#app/lib/inbox-schema";
import { formErrors, subjectFormSchema } from "#app/lib/admin-schemas";
import { useActionToast } from "#app/lib/use-action-toast";
import { RowDeleteButton } from "#app/components/admin/row-delete-button";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { requireAbility } from "#app/server/auth/access.server";
import { deleteSubject, listSubjects, saveSubject } from "#app/server/subjects/subjects.server";
import { failureToast } from "#app/server/admin/admin-screens.server";
import { services } from "#app/server/core/services.server";
import { Button } from "#app/components/ui/button";
import { EmptyRow, Table, TableHead, Td } from "#app/components/ui/table";
import { SubjectForm, type SubjectActionData, type SubjectFields } from "#app/components/admin/subject-form";
import { adminMeta } from "#app/lib/seo";
import { plural } from "#app/lib/plural";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Subjects", matches);

export async function loader() {
  return { subjects: await listSubjects(services().db) };
}

const invalidRequest = () => data<SubjectActionData>({ ok: false, toast: { type: "error", title: "Error", description: "Invalid request." } }, { status: 400 });

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "manageCategories");
  const form = (await readForm(request)) ?? new FormData();
  const { db } = services();
  const intent = form.get("intent");
  const id = z
    .uuid()
    .optional()
    .safeParse(form.get("id") || undefined);
  if (!id.success || (intent !== "save" && intent !== "delete" && intent !== "move") || (intent !== "save" && !id.data)) return invalidRequest();

  if (intent === "delete") {
    try {
      await deleteSubject(db, id.data!);
    } catch (error) {
      return data<SubjectActionData>({ ok: false, toast: failureToast(error, "Failed to delete subject") }, { status: 400 });
    }
    return data<SubjectActionData>({ ok: true, toast: { type: "success", title: "Deleted", description: "Subject deleted successfully." } });
  }

  const values = { name: formText(form, "name"), slug: formText(form, "slug"), position: formText(form, "position") };
  const parsed = subjectFormSchema.safeParse(values);
  if (!parsed.success) {
    const { message, fields } = formErrors(parsed.error);
    return data<SubjectActionData>({ ok: false, errors: fields, values, toast: { type: "error", title: "Error", description: message } }, { status: 400 });
  }
  try {
    await saveSubject(db, parsed.data, id.data);
  } catch (error) {
    return data<SubjectActionData>({ ok: false, values, toast: failureToast(error, "Failed to save subject") }, { status: 400 });
  }
  return data<SubjectActionData>({
    ok: true,
    toast:
      intent === "move"
        ? { type: "success", title: "Moved", description: `${parsed.data.name} moved.` }
        : id.data
          ? { type: "success", title: "Updated", description: "Subject updated successfully." }
          : { type: "success", title: "Created", description: "Subject created successfully." },
  });
}

type FormState = { mode: "closed" } | { mode: "create" } | { mode: "edit"; subject: { id: string } & SubjectFields };

// Shared by every row's buttons: the screen shows their toasts.
const rowFetcherKey = "subject-row";

export default function SubjectsScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["subjects"]);
  useActionToast(useFetcher<SubjectActionData>({ key: rowFetcherKey }).data);
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const close = useCallback(() => setForm({ mode: "closed" }), []);
  const { subjects } = loaderData;
  const nextPosition = Math.max(0, ...subjects.map((subject) => subject.position)) + 1;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          Subjects <span className="text-base font-normal text-muted-foreground">{`(${subjects.length})`}</span>
        </h1>
        <Button onClick={() => setForm({ mode: "create" })}>
          <Plus className="size-4" aria-hidden />
          New Subject
        </Button>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">The subjects writers file articles under, in the order they are offered.</p>

      {form.mode !== "closed" && (
        <SubjectForm
          key={form.mode === "edit" ? form.subject.id : "new"}
          editing={form.mode === "edit" ? form.subject : null}
          nextPosition={nextPosition}
          onClose={close}
        />
      )}

      <div className="mt-6">
        <Table stackBelow="lg">
          <caption className="sr-only">Subjects</caption>
          <TableHead columns={["Position", "Name", "Slug", "Articles", "Actions"]} />
          <tbody>
            {subjects.length === 0 ? (
              <EmptyRow columns={5}>No subjects yet. Create one above.</EmptyRow>
            ) : (
              subjects.map((subject, index) => (
                <tr key={subject.id}>
                  <Td label="Position">{subject.position}</Td>
                  <Td label="Name" className="font-medium">
                    {subject.name}
                  </Td>
                  <Td label="Slug">
                    <code>{subject.slug}</code>
                  </Td>
                  <Td label="Articles">{plural(subject.articles ?? 0, { one: "article", other: "articles" })}</Td>
                  <Td label="Actions">
                    <div className="flex items-center gap-1">
                      <MoveButton subject={subject} to={subjects[index - 1]} direction="up" />
                      <MoveButton subject={subject} to={subjects[index + 1]} direction="down" />
                      <Button variant="ghost" size="icon" aria-label={`Edit ${subject.name}`} title="Edit" onClick={() => setForm({ mode: "edit", subject })}>
                        <Pencil className="size-4" aria-hidden />
                      </Button>
                      <RowDeleteButton
                        id={subject.id}
                        name={subject.name}
                        intent="delete"
                        confirm="Delete this subject? This cannot be undone."
                        fetcherKey={rowFetcherKey}
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

/** Moves a subject before (or after) its neighbour: it takes a position just past the neighbour's. */
function MoveButton({ subject, to, direction }: { subject: { id: string } & SubjectFields; to: SubjectFields | undefined; direction: "up" | "down" }) {
  const fetcher = useFetcher<SubjectActionData>({ key: rowFetcherKey });
  if (!to) return <span className="inline-block size-9" aria-hidden />;
  const position = direction === "up" ? Math.max(0, to.position - 1) : to.position + 1;
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="move" />
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
