import { resourceTypeLabel } from "./curriculum";
import type { UploadFailure } from "./image-upload-messages";

// Files attached to articles (lesson plans, worksheets…): which formats, how large, and how a line
// describes one ("Lesson plan · PDF · 1.2 MB · 12 pages"). Shared by the admin editor and the reader's list.

export const resourceFormats = ["pdf", "docx", "pptx", "xlsx", "odt", "odp", "ods"] as const;
export type ResourceFormat = (typeof resourceFormats)[number];

export const resourceContentTypes: Record<ResourceFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  odt: "application/vnd.oasis.opendocument.text",
  odp: "application/vnd.oasis.opendocument.presentation",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
};

export const maxResourceBytes = 25 * 1024 * 1024;

/** A PDF with more pages than this is refused (its page tree is walked to count them). */
export const maxPdfPages = 10_000;

/** The storage bucket of resource files: never served at /uploads, only by the download route. */
export const resourceBucket = "resources";

/** What a resource upload says when it is refused, in the image upload's words. */
export const resourceUploadFailures = {
  unsupported: { title: "Unsupported file", description: "Please upload PDF, DOCX, PPTX, XLSX, ODT, ODP or ODS files (no macros)." },
  tooLarge: { title: "File too large", description: "Maximum size is 25MB." },
  brokenPageTree: {
    title: "Unreadable PDF",
    description: `This PDF's list of pages is broken (a page listed twice, or nested too deep) or too long (more than ${maxPdfPages.toLocaleString("en")} pages). Please save or print it again as a new PDF.`,
  },
  tooComplex: {
    title: "File too complex",
    description: "This file could not be checked within the time and memory an upload may take. Please save it again, or split it, and upload that.",
  },
  failed: { title: "Upload failed", description: "Could not upload file. Please try again." },
  noTitle: { title: "Title needed", description: "Please give the resource a title." },
} as const satisfies Record<string, UploadFailure>;

/** "1.2 MB", "340 KB", "900 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface ResourceFacts {
  resourceType: string | null;
  format: ResourceFormat;
  sizeBytes: number;
  pageCount: number | null;
}

/** "Lesson plan · PDF · 1.2 MB · 12 pages" (the type and pages only when known). */
export function describeResource({ resourceType, format, sizeBytes, pageCount }: ResourceFacts): string {
  return [
    resourceType ? resourceTypeLabel(resourceType) : null,
    format.toUpperCase(),
    formatFileSize(sizeBytes),
    pageCount ? `${pageCount} ${pageCount === 1 ? "page" : "pages"}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The name a download is saved under: the title made safe for a file name, with the format's extension. */
export function resourceFileName(title: string, format: ResourceFormat): string {
  const base =
    title
      .normalize("NFKC")
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 120) || "resource";
  return `${base}.${format}`;
}

/** The address a resource is downloaded from. */
export function resourceDownloadPath(resource: { id: string; title: string; format: ResourceFormat }): string {
  const slug =
    resourceFileName(resource.title, resource.format)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}.]+/gu, "-")
      .replace(/^-+|-+$/g, "") || `resource.${resource.format}`;
  return `/downloads/${resource.id}/${encodeURIComponent(slug)}`;
}
