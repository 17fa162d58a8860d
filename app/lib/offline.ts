// What the service worker (app/offline/service-worker.ts) and the reader script share about
// reading offline.

export const offlineCaches = {
  /** Articles and questions opened, kept for reading offline: the 50 read last. */
  articles: "articles",
  /** Articles and questions a reader chose to keep ("Save for offline"), until removed. */
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
/** An Ask Kafundisha question's own address (app/lib/community.ts questionPath): the id, then its title's slug. */
const questionPath = new RegExp(`^/ask-kafundisha/${uuid}-[a-z0-9]+(?:-[a-z0-9]+)*$`);

/** A page kept for reading offline, once read or saved: an article, or an Ask Kafundisha question. */
export const isOfflineReadingPath = (pathname: string) => articlePath.test(pathname) || questionPath.test(pathname);

/** Never through the worker: staff screens, accounts, APIs and the event stream are always live. */
export const neverOffline = /^\/(admin|api|auth|account|sign-out|functions)(\/|$)/;
