import { maxImageBytes } from "#app/lib/image-upload-messages";
import { outboundFetch, OutboundFetchError } from "#app/server/core/outbound-fetch.server";
import type { Services } from "#app/server/core/services.server";
import { deleteStorageFile } from "#app/server/media/media.server";
import { mediaBucket, storeImageBytes, UploadError } from "#app/server/media/uploads.server";

/**
 * Images named by imported articles (featured images, images in their content), downloaded into
 * the media library through the upload path (same checks, same WebP copies) when reachable, a few
 * at a time, each within a time and size limit and the whole import within a budget. One that
 * cannot be had stays a link to where it was.
 */

export const imageLimits = {
  concurrency: 4,
  timeoutMs: 20_000,
  maxBytes: maxImageBytes,
  /** More images than this in one import: the rest stay links. */
  perImport: 2_000,
  /** Time for all of an import's downloads; past it, the rest stay links. */
  budgetMs: 15 * 60_000,
} as const;

export interface ImageDownloads {
  /** Source address → stored address, for the images downloaded now. */
  stored: Map<string, string>;
  /** Source address → why it stays a link. */
  failed: Map<string, string>;
}

/** Addresses of the images in Markdown (`![alt](address "title")`), as written. */
export function markdownImageUrls(markdown: string): string[] {
  return [...markdown.matchAll(/!\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => decodeImageUrl(match[1]!));
}

const decodeImageUrl = (url: string) => url.replace(/%20/g, " ").replace(/%29/g, ")");

/** The Markdown with each image whose address is in `replace` pointing at its new address. */
export function replaceMarkdownImages(markdown: string, replace: (url: string) => string | undefined): string {
  return markdown.replace(/(!\[[^\]]*\]\()([^)\s]+)((?:\s+"[^"]*")?\))/g, (whole, start: string, url: string, end: string) => {
    const replaced = replace(decodeImageUrl(url));
    return replaced ? `${start}${replaced}${end}` : whole;
  });
}

/** The address an image is fetched from: absolute web addresses as they are, site-relative ones against the old site. */
export function absoluteImageUrl(url: string, siteUrl: string | null): string | null {
  try {
    if (/^https?:\/\//i.test(url)) return new URL(url).href;
    if (url.startsWith("//")) return new URL(`https:${url}`).href;
    if (siteUrl && url.startsWith("/")) return new URL(url, siteUrl).href;
  } catch {
    return null;
  }
  return null;
}

function failureOf(error: unknown): string {
  if (error instanceof OutboundFetchError) return error.message;
  if (error instanceof UploadError) return error.failure.description;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Downloads and stores each address (none twice), reporting after each. Never throws for an
 * image: a failure is recorded and the import goes on.
 */
export async function downloadImages(
  services: Pick<Services, "config" | "storage" | "log">,
  urls: readonly string[],
  options: { siteUrl: string | null; onProgress?: (done: number, total: number) => void },
): Promise<ImageDownloads> {
  const stored = new Map<string, string>();
  const failed = new Map<string, string>();
  const queue = [...new Set(urls)];
  const total = queue.length;
  const deadline = Date.now() + imageLimits.budgetMs;
  let done = 0;
  let started = 0;
  async function worker() {
    for (;;) {
      const url = queue.shift();
      if (url === undefined) return;
      started++;
      const address = absoluteImageUrl(url, options.siteUrl);
      try {
        if (!address) throw new Error("not a web address");
        if (started > imageLimits.perImport) throw new Error(`more than ${imageLimits.perImport} images in one import`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("the time for downloading images ran out");
        const response = await outboundFetch(address, {
          timeoutMs: Math.min(imageLimits.timeoutMs, left),
          maxBytes: imageLimits.maxBytes,
          allowPrivate: services.config.OUTBOUND_ALLOW_PRIVATE,
          maxRedirects: 3,
        });
        if (response.status < 200 || response.status > 299) throw new Error(`the site answered ${response.status}`);
        stored.set(url, await storeImageBytes(services.storage, "articles", response.body));
      } catch (error) {
        failed.set(url, failureOf(error));
        services.log.info({ url: url.slice(0, 300), reason: failureOf(error) }, "imported image left as a link");
      }
      done++;
      options.onProgress?.(done, total);
    }
  }
  await Promise.all(Array.from({ length: Math.min(imageLimits.concurrency, total) }, worker));
  return { stored, failed };
}

/** Removes images stored for an import that then failed: nothing of it is left behind. */
export async function removeStoredImages(services: Pick<Services, "storage" | "log">, urls: Iterable<string>) {
  const prefix = services.storage.publicUrl(mediaBucket, "");
  for (const url of urls) {
    if (!url.startsWith(prefix)) continue;
    await deleteStorageFile(services.storage, mediaBucket, url.slice(prefix.length)).catch((error: unknown) =>
      services.log.warn({ err: error, url }, "could not remove an image of a failed import"),
    );
  }
}
