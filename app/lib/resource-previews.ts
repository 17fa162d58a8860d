// The picture of a PDF resource's first page: one size for every preview (so a page can say how
// large it is before it loads), served by the app with the same rule as the file's download.

/** Pixels of a stored preview: the page fitted to the width, shown from its top. */
export const resourcePreviewSize = { width: 240, height: 320 } as const;

/** The address a resource's preview is served from (app/routes/site/resource-preview.ts). */
export function resourcePreviewPath(resourceId: string): string {
  return `/downloads/${resourceId}/preview.webp`;
}

/** On a preview's <img>: its size in bytes, which data saver's "Show image" link tells (data-saver.server.ts). */
export const imageBytesAttribute = "data-image-bytes";
