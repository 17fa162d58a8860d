import { Download, FileSpreadsheet, FileText, Presentation, type SiteIcon } from "#app/components/site/icons";
import { describeResource, resourceDownloadPath, type ResourceFacts, type ResourceFormat } from "#app/lib/resource-files";

export interface ReaderResource extends ResourceFacts {
  id: string;
  title: string;
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

/**
 * An article's downloadable files: title, "Lesson plan · PDF · 1.2 MB · 12 pages", a type icon
 * and a plain download link (no script, nothing fetched until a tap). Nothing when there are none.
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
          const Icon = iconFor[resource.format];
          const facts = describeResource(resource);
          return (
            <li key={resource.id} className="flex items-center gap-3 py-3">
              <Icon className="size-8 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{resource.title}</span>
                <span className="block text-sm text-muted-foreground">{facts}</span>
              </span>
              <a
                href={resourceDownloadPath(resource)}
                download
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
