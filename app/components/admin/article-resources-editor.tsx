import { Form, useNavigation } from "react-router";
import { ArrowDown, ArrowUp, X } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { SelectField, TextField } from "#app/components/ui/field";
import { resourceTypes } from "#app/lib/curriculum";
import { confirmSubmit } from "#app/lib/use-action-toast";
import { describeResource, resourceContentTypes, resourceDownloadPath, type ResourceFacts, type ResourceFormat } from "#app/lib/resource-files";
import type { UploadFailure } from "#app/lib/image-upload-messages";

export const resourceIntents = { add: "resource-add", rename: "resource-rename", move: "resource-move", remove: "resource-remove" } as const;

export interface EditorResource extends ResourceFacts {
  id: string;
  title: string;
  downloads: number;
}

/** What the edit screen's action answers when an upload is refused: the reason, and what was typed. */
export interface ResourceUploadFailure {
  resourceFailure: UploadFailure;
  resourceValues: { title: string; resourceType: string };
}

const accept = [...Object.keys(resourceContentTypes).map((format) => `.${format}`), ...Object.values(resourceContentTypes)].join(",");

function TypeOptions() {
  return (
    <>
      <option value="">No type</option>
      {resourceTypes.map((type) => (
        <option key={type.value} value={type.value}>
          {type.label}
        </option>
      ))}
    </>
  );
}

function Step({
  intent,
  id,
  label,
  extra,
  children,
  confirm,
}: {
  intent: string;
  id: string;
  label: string;
  extra?: Record<string, string>;
  children: React.ReactNode;
  confirm?: string;
}) {
  return (
    <Form method="post" className="inline" onSubmit={confirm ? confirmSubmit(confirm) : undefined}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="resourceId" value={id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="ghost" size="icon" aria-label={label} title={label}>
        {children}
      </Button>
    </Form>
  );
}

/**
 * The files attached to the article (lesson plans, worksheets…): upload one with a title and
 * type, rename, reorder or remove them. Each change is saved at once; the article's draft is
 * not touched. Plain forms: it works before the page hydrates.
 */
export function ArticleResourcesEditor({ resources, failure }: { resources: EditorResource[]; failure?: ResourceUploadFailure }) {
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="resources-heading" className="mt-10 rounded-xl border border-border p-5">
      <h2 id="resources-heading" className="text-lg font-bold">
        Resources
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Files teachers can download with this article: PDF, DOCX, PPTX, XLSX, ODT, ODP or ODS, up to 25 MB each. Readers see them once the article is published.
      </p>
      {resources.length === 0 ? (
        <p className="mt-3 text-sm">No resources yet.</p>
      ) : (
        <ol aria-label="Resources in order" className="mt-3 divide-y divide-border rounded-lg border border-border">
          {resources.map((resource, index) => (
            <li key={resource.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                <a href={resourceDownloadPath({ ...resource, format: resource.format as ResourceFormat })} className="font-medium underline">
                  {resource.title}
                </a>
                <span className="block text-muted-foreground">
                  {describeResource(resource)} · {resource.downloads} {resource.downloads === 1 ? "download" : "downloads"}
                </span>
              </span>
              <span className="flex items-center gap-1">
                {index > 0 && (
                  <Step intent={resourceIntents.move} id={resource.id} extra={{ direction: "up" }} label={`Move ${resource.title} up`}>
                    <ArrowUp className="size-4" aria-hidden />
                  </Step>
                )}
                {index < resources.length - 1 && (
                  <Step intent={resourceIntents.move} id={resource.id} extra={{ direction: "down" }} label={`Move ${resource.title} down`}>
                    <ArrowDown className="size-4" aria-hidden />
                  </Step>
                )}
                <Step
                  intent={resourceIntents.remove}
                  id={resource.id}
                  label={`Remove ${resource.title}`}
                  confirm={`Remove “${resource.title}”? Its file is deleted.`}
                >
                  <X className="size-4 text-destructive" aria-hidden />
                </Step>
              </span>
              <details className="w-full">
                <summary className="cursor-pointer text-xs text-muted-foreground">Rename</summary>
                <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
                  <input type="hidden" name="intent" value={resourceIntents.rename} />
                  <input type="hidden" name="resourceId" value={resource.id} />
                  <div className="min-w-64">
                    <TextField id={`resource-title-${resource.id}`} name="title" label="Resource name" defaultValue={resource.title} required maxLength={200} />
                  </div>
                  <div className="min-w-48">
                    <SelectField id={`resource-type-${resource.id}`} name="resourceType" label="Kind of resource" defaultValue={resource.resourceType ?? ""}>
                      <TypeOptions />
                    </SelectField>
                  </div>
                  <Button type="submit" variant="outline" disabled={busy}>
                    Save
                  </Button>
                </Form>
              </details>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value={resourceIntents.add} />
        <div className="min-w-64">
          <TextField id="resource-title" name="title" label="Resource name" defaultValue={failure?.resourceValues.title} required maxLength={200} />
        </div>
        <div className="min-w-48">
          <SelectField id="resource-type" name="resourceType" label="Kind of resource" defaultValue={failure?.resourceValues.resourceType ?? ""}>
            <TypeOptions />
          </SelectField>
        </div>
        <div className="min-w-64">
          <TextField
            id="resource-file"
            name="file"
            type="file"
            label="File"
            accept={accept}
            required
            error={failure ? `${failure.resourceFailure.title}: ${failure.resourceFailure.description}` : undefined}
          />
        </div>
        <Button type="submit" disabled={busy}>
          Upload resource
        </Button>
      </Form>
    </section>
  );
}
