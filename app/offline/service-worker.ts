/// <reference lib="webworker" />
// The service worker (built to /sw.js by scripts/build.ts): Workbox strategies keep the articles and
// Ask Kafundisha questions a reader opens, with their pictures as shown, for reading without a
// connection, and serves the resources a reader saved with an article. Only what every reader may
// see is kept; staff screens, accounts, APIs and the event stream never go through it.
import { ExpirationPlugin } from "workbox-expiration";
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core";
import { isOfflineReadingPath, isResourceDownloadPath, maxKeptArticles, neverOffline, offlineCaches, offlinePages } from "#app/lib/offline";

declare const self: ServiceWorkerGlobalScope;
declare const precacheEntries: PrecacheEntry[]; // put in by the build

/** A response kept only when it is the public page: signed-in answers say private, no-store. */
const publicOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !/private|no-store/.test(response.headers.get("Cache-Control") ?? "") ? response : null),
};
/** Pages and pictures are fetched as anyone would get them, never with the reader's session. */
const withoutSession: WorkboxPlugin = { requestWillFetch: async ({ request }) => new Request(request, { credentials: "omit" }) };
const matchOptions = { ignoreVary: true };

addPlugins([withoutSession]);
precacheAndRoute(precacheEntries);
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// An article or a question: the network first (online, the latest), kept to read offline; the 50 read last stay.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && sameOrigin(url) && isOfflineReadingPath(url.pathname),
  new NetworkFirst({
    cacheName: offlineCaches.articles,
    networkTimeoutSeconds: 6,
    matchOptions,
    plugins: [publicOnly, new ExpirationPlugin({ maxEntries: maxKeptArticles, purgeOnQuotaError: true })],
  }),
);

// Pictures of articles, the copy the browser chose for the screen.
registerRoute(
  ({ request, url }) => request.destination === "image" && sameOrigin(url) && url.pathname.startsWith("/uploads/"),
  new CacheFirst({ cacheName: offlineCaches.images, matchOptions, plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })] }),
);

// The stylesheet and script of the build a kept article was read with (their names carry a hash).
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: offlineCaches.assets, plugins: [new ExpirationPlugin({ maxEntries: 40 })] }),
);

// A resource saved with an article (the reader script keeps it): from the device first, online too. The
// file behind a download address never changes (a new upload is a new address), so the kept copy is
// the file, it costs the reader no data again, and its headers (the file's name) come with it. One
// not saved comes from the network and is kept nowhere: only the reader's choice fills the device.
registerRoute(
  ({ url }) => sameOrigin(url) && isResourceDownloadPath(url.pathname),
  async ({ request }) => (await caches.match(request, { cacheName: offlineCaches.saved, ...matchOptions })) ?? fetch(request),
);

// Other pages come from the network as if there were no worker; offline they get the offline page.
registerRoute(new NavigationRoute(new NetworkOnly(), { denylist: [neverOffline] }));

setCatchHandler(async ({ request }) => {
  const url = new URL(request.url);
  if (neverOffline.test(url.pathname)) return Response.error();
  if (request.mode === "navigate") {
    // A saved article or question, or one kept from reading, else the offline page.
    return (await caches.match(request, matchOptions)) ?? (await matchPrecache(offlinePages.offline)) ?? Response.error();
  }
  if (request.destination === "image") return (await caches.match(request, matchOptions)) ?? Response.error();
  return Response.error();
});

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
