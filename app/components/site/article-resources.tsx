import { Download, FileSpreadsheet, FileText, Presentation, type SiteIcon } from "#app/components/site/icons";
import { describeResource, resourceDownloadPath, type ResourceFacts, type ResourceFormat } from "#app/lib/resource-files";
import { hook, hooks } from "#app/lib/reader-hooks";
import { imageBytesAttribute, resourcePreviewPath, resourcePreviewSize } from "#app/lib/resource-previews";
import { cn } from "#app/lib/cn";

export interface ReaderResource extends ResourceFacts {
  id: string;
  title: string;
  /** Set when the resource has a picture of its first page (a PDF's). */
  previewKey?: string | null;
  /** The picture's size, told by data saver before a tap. */
  previewBytes?: number | null;
}

const iconFor: Record<ResourceFormat, SiteIcon> = {
  pdf: FileText,
  docx: FileText,
  odt: FileText,
  pptx: Presentation,
  odp: Presentation,
  xlsx: FileSpreadsheet,
  ods: FileSpreadsheet,
};

/** What a resource's picture needs. */
export type ResourcePicture = Pick<ReaderResource, "id" | "format" | "previewKey" | "previewBytes">;

/**
 * A resource's picture: its first page where it has a preview, else its type's icon. A plain
 * lazy image, so data saver turns it into a tap-to-show link like every other image.
 */
export function ResourceThumbnail({ resource, className }: { resource: ResourcePicture; className?: string }) {
  if (resource.previewKey) {
    return (
      <img
        src={resourcePreviewPath(resource.id)}
        alt=""
        width={resourcePreviewSize.width}
        height={resourcePreviewSize.height}
        loading="lazy"
        decoding="async"
        className={cn("h-auto w-16 shrink-0 rounded-sm border border-border bg-white", className)}
        {...(resource.previewBytes ? { [imageBytesAttribute]: resource.previewBytes } : {})}
      />
    );
  }
  const Icon = iconFor[resource.format];
  return <Icon className={cn("size-8 shrink-0 text-muted-foreground", className)} aria-hidden />;
}

/**
 * An article's downloadable files: title, "Lesson plan · PDF · 1.2 MB · 12 pages", a preview of
 * the first page or a type icon, and a plain download link (no script, no file fetched until a
 * tap). Nothing when there are none.
 */
export function ArticleResources({ resources }: { resources: readonly ReaderResource[] }) {
  if (resources.length === 0) return null;
  return (
    <section aria-labelledby="resources-heading" className="mt-10 rounded-xl border border-border p-4">
      <h2 id="resources-heading" className="text-lg font-bold">
        Resources
      </h2>
      <ul className="mt-2 divide-y divide-border">
        {resources.map((resource) => {
          const facts = describeResource(resource);
          return (
            <li key={resource.id} className="flex items-center gap-3 py-3">
              <ResourceThumbnail resource={resource} />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{resource.title}</span>
                <span className="block text-sm text-muted-foreground">{facts}</span>
              </span>
              <a
                href={resourceDownloadPath(resource)}
                download
                {...hook(hooks.resourceBytes, String(resource.sizeBytes))}
                className="inline-flex items-center gap-1 rounded-md border border-border px-3 py-2 text-sm font-medium text-accent"
                aria-label={`Download ${resource.title} (${facts})`}
              >
                <Download className="size-4" aria-hidden />
                Download
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
