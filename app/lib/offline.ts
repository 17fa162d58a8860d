// What the service worker (app/offline/service-worker.ts) and the reader script share about
// reading offline.
import { formatFileSize } from "./resource-files";

export const offlineCaches = {
  /** Articles and questions opened, kept for reading offline: the 50 read last. */
  articles: "articles",
  /** Articles and questions a reader chose to keep ("Save for offline"), with the resources chosen with them, until removed. */
  saved: "saved-articles",
  /** Pictures of both, at the size the page showed. */
  images: "article-images",
  assets: "assets",
} as const;

export const maxKeptArticles = 50;

/** The web app manifest (installing the magazine on a phone's home screen). */
export const webAppManifestPath = "/manifest.webmanifest";

/** Pages precached with the worker, for when the network is gone. */
export const offlinePages = { offline: "/offline", saved: "/saved" } as const;

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const articlePath = new RegExp(`^/articles/${uuid}$`, "i");
const downloadPath = new RegExp(`^/downloads/${uuid}/[^/]+$`, "i");
/** An Ask Kafundisha question's own address (app/lib/community.ts questionPath): the id, then its title's slug. */
const questionPath = new RegExp(`^/ask-kafundisha/${uuid}-[a-z0-9]+(?:-[a-z0-9]+)*$`);

/** A page kept for reading offline, once read or saved: an article, or an Ask Kafundisha question. */
export const isOfflineReadingPath = (pathname: string) => articlePath.test(pathname) || questionPath.test(pathname);

/** Never through the worker: staff screens, accounts, APIs and the event stream are always live. */
export const neverOffline = /^\/(admin|api|auth|account|sign-out|functions)(\/|$)/;

/** A resource's download address (app/lib/resource-files.ts resourceDownloadPath), or its preview's: kept when saved with its article. */
export const isResourceDownloadPath = (pathname: string) => downloadPath.test(pathname);

// What "Save for offline" may keep on a device (pages, their pictures and the resources chosen),
// the reader's choice on /saved, remembered in localStorage.
export const deviceLimitChoices = [50, 100, 250, 500] as const;
export const defaultDeviceLimit = 100;
export const deviceLimitKey = "savedLimitMb";
const megabyte = 1024 * 1024;

/** The limit in MB from what localStorage holds: one of the choices, else the default. */
export function deviceLimit(stored: string | null): number {
  const chosen = Number(stored);
  return deviceLimitChoices.some((choice) => choice === chosen) ? chosen : defaultDeviceLimit;
}

/** A saved article as its files go: every address kept for it, each with its size in bytes. */
export interface KeptFiles {
  path: string;
  images: string[];
  files?: Record<string, number>;
}

/** Bytes the saved articles take: each file once, however many articles keep it. */
export function savedBytes(saved: readonly KeptFiles[]): number {
  const sizes = new Map(saved.flatMap((article) => Object.entries(article.files ?? {})));
  return [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
}

/** Of `urls`, those no article of `kept` holds: safe to delete from the saved cache. */
export function unusedFiles(urls: readonly string[], kept: readonly KeptFiles[]): string[] {
  const used = new Set(kept.flatMap((article) => [article.path, ...article.images, ...Object.keys(article.files ?? {})]));
  return [...new Set(urls)].filter((url) => !used.has(url));
}

/** "3.4 MB of 100 MB" */
export const usageText = (bytes: number, limit: number) => `${formatFileSize(bytes)} of ${limit} MB`;

/**
 * Why a save is refused, or null when `adding` more bytes fits: what is already saved (`used`)
 * and the addition stay within the limit (in MB). Adding nothing passes no limit, even one lowered
 * below what is saved.
 */
export function limitRefusal(used: number, adding: number, limit: number): string | null {
  if (adding <= 0 || used + adding <= limit * megabyte) return null;
  return `Not saved: this needs ${formatFileSize(adding)}, and ${formatFileSize(Math.max(0, limit * megabyte - used))} of the ${limit} MB for this device is free. Choose less, or make room under Saved.`;
}
