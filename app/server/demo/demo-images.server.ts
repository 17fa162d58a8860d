import fs from "node:fs/promises";
import path from "node:path";
import type { CachedThing } from "#app/server/db/build-cache.server";
import { cachedBuild } from "#app/server/db/build-cache.server";
import { storeImageWithVariants } from "#app/server/media/images.server";
import type { Storage } from "#app/server/core/storage.server";
import { slugify } from "#app/lib/slug";
import { renderCoverImage } from "#app/server/media/cover-image.server";
import { demoArticles, demoTeam } from "#database/seed/demo-content";

// The demo magazine's pictures (article covers, team portraits) and their WebP copies: seconds of image
// work, always the same bytes, so `npm run build` renders them once into a cache the seed copies from.

const bucket = "media";

/** What the pictures are made from; a change to any of these renders them again. */
export const demoImagesCache: CachedThing = {
  name: "demo-images",
  inputs: [
    "app/server/demo/demo-images.server.ts",
    "app/server/media/cover-image.server.ts",
    "database/seed/demo-content.ts",
    "app/server/media/images.server.ts",
    "app/lib/responsive-image.ts",
    "node_modules/sharp/package.json",
  ],
};

const articleKey = (article: { key: string }) => `articles/demo-${article.key}.jpg`;
const teamKey = (member: { name: string }) => `team/demo-${slugify(member.name)}.jpg`;

/** Every file of the pictures, by storage key in the media bucket. */
export async function renderDemoImages(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const recorder = {
    async put(_bucket: string, key: string, data: Buffer) {
      files.set(key, data);
      return key;
    },
  };
  await Promise.all([
    ...demoArticles.map(async (article) => storeImageWithVariants(recorder, bucket, articleKey(article), await renderCoverImage(article.image))),
    ...demoTeam.map(async (member, index) => {
      const initials = member.name
        .split(/\s+/)
        .map((part) => part[0])
        .join("");
      const jpeg = await renderCoverImage({ hue: (index * 67 + 20) % 360, label: initials, width: 480, height: 480 });
      return storeImageWithVariants(recorder, bucket, teamKey(member), jpeg);
    }),
  ]);
  return files;
}

/** Writes the pictures into `folder` (the build cache). */
export async function writeDemoImages(folder: string) {
  for (const [key, data] of await renderDemoImages()) {
    await fs.mkdir(path.dirname(path.join(folder, key)), { recursive: true });
    await fs.writeFile(path.join(folder, key), data);
  }
}

async function readCachedDemoImages(folder: string): Promise<Map<string, Buffer>> {
  const keys = (await fs.readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  return new Map(await Promise.all(keys.map(async (key) => [key, await fs.readFile(path.join(folder, key))] as const)));
}

/** Stores the pictures (from the build cache, or rendered now); returns the URLs of the covers by article key and of the portraits in team order. */
export async function storeDemoImages(storage: Storage): Promise<{ covers: Map<string, string>; portraits: string[] }> {
  const cached = cachedBuild(demoImagesCache);
  const files = cached ? await readCachedDemoImages(cached) : await renderDemoImages();
  await Promise.all([...files].map(([key, data]) => storage.put(bucket, key, data)));
  return {
    covers: new Map(demoArticles.map((article) => [article.key, storage.publicUrl(bucket, articleKey(article))])),
    portraits: demoTeam.map((member) => storage.publicUrl(bucket, teamKey(member))),
  };
}
