import { Download, FileSpreadsheet, FileText, Presentation, type SiteIcon } from "#app/components/site/icons";
import { describeResource, formatFileSize, resourceDownloadPath, type ResourceFacts, type ResourceFormat } from "#app/lib/resource-files";
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
              <ResourceDownload resource={resource} offered />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const downloadClass = "inline-flex shrink-0 items-center gap-1 rounded-md border border-border px-3 py-2 text-sm font-medium text-accent hover:border-accent";

/**
 * A plain download link of one resource. Named with what it is ("Download Tiwerenge Pamodzi
 * (Reading · PDF · 1.2 MB)") unless it says itself (`children`): a shortcut must not share the
 * name of the list entry it repeats. `offered`: the entry in an article's Resources list, which
 * "Save for offline" offers (it reads the size from it).
 */
export function ResourceDownload({ resource, offered = false, children }: { resource: ReaderResource; offered?: boolean; children?: string }) {
  return (
    <a
      href={resourceDownloadPath(resource)}
      download
      {...(offered ? hook(hooks.resourceBytes, String(resource.sizeBytes)) : {})}
      className={downloadClass}
      aria-label={children ? undefined : `Download ${resource.title} (${describeResource(resource)})`}
    >
      <Download className="size-4" aria-hidden />
      {children ?? "Download"}
    </a>
  );
}

/**
 * Near the top of an article with resources: its first file, one tap away (a phone would otherwise
 * scroll past the whole article to reach it), and a jump to the list when there are more.
 */
export function ResourcesShortcut({ resources }: { resources: readonly ReaderResource[] }) {
  const [first] = resources;
  if (!first) return null;
  return (
    <p className="mt-4 flex flex-wrap items-center gap-3 text-sm print:hidden">
      <ResourceDownload resource={first}>{`Download ${first.format.toUpperCase()} · ${formatFileSize(first.sizeBytes)}`}</ResourceDownload>
      {resources.length > 1 && (
        <a href="#resources-heading" className="font-medium text-accent underline-offset-4 hover:underline">
          {`All ${resources.length} resources`}
        </a>
      )}
    </p>
  );
}
