import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/import";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { actionAnswer, failureToast } from "#app/server/admin/admin-screens.server";
import { stampDateTime } from "#app/server/core/stamps.server";
import { services } from "#app/server/core/services.server";
import {
  discardImport,
  discardStalePreviews,
  getImport,
  ImportFileError,
  ImportStateError,
  listImports,
  previewImport,
  startImport,
  tooLargeError,
  type ImportView,
} from "#app/server/import/import.server";
import { importTexts, importCountsText, moreFailuresText } from "#app/lib/import-texts";
import { maxImportFileBytes } from "#app/lib/import-limits";
import { formatFileSize } from "#app/lib/resource-files";
import { useActionToast, useReloadWhile } from "#app/lib/use-action-toast";
import { Button } from "#app/components/ui/button";
import { TextField } from "#app/components/ui/field";
import { AdminSection } from "#app/components/admin/admin-section";
import { EmptyRow, Table, TableHead, Td } from "#app/components/ui/table";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Import & Export", matches);

const formatNames = { wordpress: "WordPress", ghost: "Ghost" } as const;

/** What the screen shows of an import: dates stamped, the rest as the library keeps it. */
function shown(view: ImportView) {
  return { ...view, created: stampDateTime(view.createdAt), finished: view.finishedAt && stampDateTime(view.finishedAt) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = services();
  await discardStalePreviews(services());
  const asked = new URL(request.url).searchParams.get("import");
  const id = z.string().uuid().safeParse(asked);
  const [current, recent] = await Promise.all([id.success ? getImport(db, id.data) : null, listImports(db, 10)]);
  // Without one asked for, a run under way is shown: the admin who started it may have left the screen.
  const selected = current ?? recent.find((view) => view.status === "running") ?? null;
  return { selected: selected && shown(selected), recent: recent.map(shown), maxFileSize: formatFileSize(maxImportFileBytes) };
}

const commandSchema = z.object({ intent: z.enum(["start", "discard"]), importId: z.string().uuid() });

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  const user = await requireAbility(request, "importContent");
  const form = await readForm(request);
  if (form?.has("intent")) {
    const parsed = commandSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return actionAnswer(false, { type: "error", title: "Error", description: "Invalid request." });
    const { intent, importId } = parsed.data;
    try {
      if (intent === "discard") await discardImport(services(), importId);
      else await startImport(services(), importId, user.id);
    } catch (error) {
      if (error instanceof ImportStateError) return actionAnswer(false, { type: "error", title: "Already started", description: error.message }, 409);
      return actionAnswer(false, failureToast(error, "Failed to start the import"), 500);
    }
    throw redirect(intent === "discard" ? "/admin/import" : `/admin/import?import=${importId}`);
  }

  const siteUrl = typeof form?.get("siteUrl") === "string" ? (form.get("siteUrl") as string).slice(0, 500) : "";
  const file = form?.get("file");
  if (!(file instanceof File) || file.size === 0 || !file.name) {
    return data({ ok: false, fileError: importTexts.chooseFile, siteUrl, toast: null }, { status: 400 });
  }
  let importId: string;
  try {
    // Refused before it is read into memory.
    if (file.size > maxImportFileBytes) throw tooLargeError(file.name, file.size);
    ({ importId } = await previewImport(services(), { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()), siteUrl, userId: user.id }));
  } catch (error) {
    // A refused file is said beside the file field, and the address typed is kept.
    if (error instanceof ImportFileError) return data({ ok: false, fileError: error.message, siteUrl, toast: null }, { status: 400 });
    return actionAnswer(false, failureToast(error, "Failed to read the file"), 500);
  }
  throw redirect(`/admin/import?import=${importId}`);
}

type Shown = Route.ComponentProps["loaderData"]["recent"][number];

function ImportPreviewPanel({ view }: { view: Shown }) {
  const busy = useNavigation().state === "submitting";
  const preview = view.preview;
  if (!preview) return null;
  const nothingToDo = Object.values(preview.create).every((count) => count === 0);
  return (
    <div className="mt-4 max-w-3xl rounded-lg border border-border p-4">
      <h3 className="font-semibold">
        Preview of {view.fileName} ({formatNames[view.format]}: {preview.siteTitle})
      </h3>
      <p className="mt-2 text-sm">
        <span className="font-medium">Will be created: </span>
        {nothingToDo ? importTexts.nothingNew : importCountsText(preview.create)}
      </p>
      {preview.skipped.length > 0 && (
        <div className="mt-3 text-sm">
          <p className="font-medium">Will be skipped:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {preview.skipped.map((group) => (
              <li key={`${group.kind}:${group.reason}`}>
                {group.count} {group.kind}
                {group.count === 1 ? "" : "s"}: {group.reason}
                {group.examples.length > 0 && (
                  <span className="text-muted-foreground"> (for example {group.examples.map((example) => `“${example}”`).join(", ")})</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.notices.map((notice) => (
        <p key={notice} role="note" className="mt-3 rounded-md border border-warning-border bg-warning-soft p-3 text-sm text-warning-soft-foreground">
          {notice}
        </p>
      ))}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {!nothingToDo && (
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <input type="hidden" name="importId" value={view.id} />
            <Button type="submit" disabled={busy}>
              Import now
            </Button>
          </Form>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="discard" />
          <input type="hidden" name="importId" value={view.id} />
          <Button type="submit" variant="outline" disabled={busy}>
            Cancel
          </Button>
        </Form>
      </div>
    </div>
  );
}

function ImportOutcome({ view }: { view: Shown }) {
  if (view.status === "running") {
    return (
      <p role="status" className="mt-4 text-sm">
        Importing {view.fileName}: {view.step ?? "starting"}
      </p>
    );
  }
  if (view.status === "failed") {
    return (
      <p role="alert" className="mt-4 max-w-3xl text-sm text-destructive">
        The import of {view.fileName} failed: {view.error ?? "unknown error"}
      </p>
    );
  }
  const result = view.result;
  if (view.status !== "done" || !result) return null;
  return (
    <div role="status" className="mt-4 max-w-3xl rounded-lg border border-border p-4 text-sm">
      <p className="font-semibold">Imported {view.fileName}</p>
      <p className="mt-2">Created: {Object.values(result.created).every((count) => count === 0) ? importTexts.nothingNew : importCountsText(result.created)}</p>
      {result.created.categories > 0 && (
        <p className="mt-1">
          {importTexts.newCategories}{" "}
          <Link to="/admin/settings" className="font-medium text-accent underline">
            Header links in Settings
          </Link>
        </p>
      )}
      {result.linked.categories + result.linked.tags + result.linked.authors > 0 && (
        <p className="mt-1 text-muted-foreground">
          Matched to ones already here: {result.linked.categories} categories, {result.linked.tags} tags, {result.linked.authors} authors.
        </p>
      )}
      {result.imagesLeftAsLinks > 0 && (
        <div className="mt-2">
          <p>
            {result.imagesLeftAsLinks === 1 ? "1 image stays" : `${result.imagesLeftAsLinks} images stay`} a link to where it was (it could not be brought
            over):
          </p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {result.imageFailures.map((failure) => (
              <li key={failure.url} className="break-all">
                {failure.url}: {failure.reason}
              </li>
            ))}
            {moreFailuresText(result.imageFailures.length, result.imagesLeftAsLinks) && (
              <li className="list-none">{moreFailuresText(result.imageFailures.length, result.imagesLeftAsLinks)}</li>
            )}
          </ul>
        </div>
      )}
      <Link to="/admin/articles" className="mt-3 inline-block font-semibold text-accent underline underline-offset-4">
        See the articles
      </Link>
    </div>
  );
}

const statusNames = { previewed: "Previewed, not imported", running: "Importing", done: "Imported", failed: "Failed" } as const;

export default function ImportScreen({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData && "toast" in actionData ? actionData : null);
  const busy = useNavigation().state === "submitting";
  const { selected, recent, maxFileSize } = loaderData;
  useReloadWhile(selected?.status === "running", 2000);
  const refused = actionData && "fileError" in actionData ? actionData : null;
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold">Import &amp; Export</h1>
        <p className="mt-1 max-w-3xl text-muted-foreground">{importTexts.intro}</p>
      </div>

      <AdminSection id="import" title="Import from WordPress or Ghost">
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{importTexts.howTo(maxFileSize)}</p>
        <Form method="post" encType="multipart/form-data" className="mt-4 max-w-xl space-y-4">
          <div>
            <label htmlFor="import-file" className="text-sm font-medium">
              Export file
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".xml,.json,application/xml,text/xml,application/json"
              required
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? "import-file-error" : undefined}
              className="mt-1 block w-full text-sm"
            />
            {refused && (
              <p id="import-file-error" role="alert" className="mt-1 text-sm text-destructive">
                {refused.fileError}
              </p>
            )}
          </div>
          <TextField
            id="import-site-url"
            name="siteUrl"
            type="url"
            label="Old site's address"
            hint={importTexts.siteUrlHint}
            defaultValue={refused?.siteUrl ?? ""}
          />
          <Button type="submit" disabled={busy}>
            Preview import
          </Button>
        </Form>
        {selected?.status === "previewed" && <ImportPreviewPanel view={selected} />}
        {selected && <ImportOutcome view={selected} />}
      </AdminSection>

      <AdminSection id="past-imports" title="Past imports">
        <Table stackBelow="2xl" className="mt-3">
          <caption className="sr-only">Past imports, newest first</caption>
          <TableHead columns={["File", "From", "When", "Status"]} />
          <tbody>
            {recent.length === 0 ? (
              <EmptyRow columns={4}>No imports yet.</EmptyRow>
            ) : (
              recent.map((view) => (
                <tr key={view.id}>
                  <Td label="File">
                    <Link to={`/admin/import?import=${view.id}`} className="underline underline-offset-4">
                      {view.fileName}
                    </Link>
                  </Td>
                  <Td label="From">{formatNames[view.format]}</Td>
                  <Td label="When" className="whitespace-nowrap">
                    <time dateTime={view.created.iso}>{view.created.text}</time>
                  </Td>
                  <Td label="Status">{statusNames[view.status]}</Td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </AdminSection>

      <AdminSection id="export" title="Export">
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{importTexts.exportHowTo}</p>
        <p className="mt-2 max-w-3xl text-sm text-muted-foreground">{importTexts.exportLeavesOut}</p>
        <a href="/admin/import/ghost-export.json" download className="mt-3 inline-block text-sm font-semibold text-accent underline underline-offset-4">
          Download the magazine as Ghost JSON
        </a>
        <p className="mt-3 max-w-3xl text-sm text-muted-foreground">
          Newsletter subscribers are exported and imported as CSV on the{" "}
          <Link to="/admin/newsletter" className="underline underline-offset-4">
            Newsletter
          </Link>{" "}
          screen.
        </p>
      </AdminSection>
    </div>
  );
}
