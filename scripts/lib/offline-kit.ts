// What a phone needs to install the magazine and read it offline, made after the client build:
// icons from the favicon, the web app manifest, and the service worker with its precache list.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import sharp from "sharp";
import { offlinePages, webAppManifestPath } from "#app/lib/offline";
import { lightThemeColors } from "#app/lib/theme";

const themeColors = { theme: lightThemeColors.accent, background: lightThemeColors.background };

export const webAppManifest = {
  name: "The Educator",
  short_name: "Educator",
  description: "The online magazine for teachers in Zambia and worldwide.",
  start_url: "/",
  scope: "/",
  display: "standalone",
  theme_color: themeColors.theme,
  background_color: themeColors.background,
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

async function makeIcons(clientDir: string, favicon: Buffer) {
  const folder = path.join(clientDir, "icons");
  fs.mkdirSync(folder, { recursive: true });
  const drawn = (size: number) =>
    sharp(favicon, { density: 300 }).resize(size, size, { fit: "contain", background: themeColors.background }).flatten({ background: themeColors.background });
  await drawn(192).png().toFile(path.join(folder, "icon-192.png"));
  await drawn(512).png().toFile(path.join(folder, "icon-512.png"));
  // Maskable: the mark inside the safe circle (80%), on a full background the launcher may crop.
  const inner = await drawn(360).png().toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: themeColors.background } })
    .composite([{ input: inner, gravity: "center" }])
    .png()
    .toFile(path.join(folder, "icon-maskable-512.png"));
}

const fileRevision = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex").slice(0, 16);

/** Everything a page kept offline needs that is the same for every page: stylesheet, reader script, icons, and two pages. */
function precacheEntries(clientDir: string) {
  const assets = fs.readdirSync(path.join(clientDir, "assets"));
  const pageAssets = assets.filter((name) => /^(app-.*\.css|enhance-.*\.js)$/.test(name)).map((name) => `assets/${name}`);
  // The stylesheet and the script carry their hash in their names: unrevisioned, the worker takes
  // them from the browser's cache (the page just loaded them) instead of downloading them again.
  const hashedEntries = pageAssets.map((file) => ({ url: `/${file}`, revision: null }));
  const files = ["/favicon.svg", webAppManifestPath, "/icons/icon-192.png", "/icons/icon-512.png"];
  const entries = [...hashedEntries, ...files.map((url) => ({ url, revision: fileRevision(path.join(clientDir, url)) }))];
  // The two pages change when the stylesheet, the reader script or the app do: the build's names say so.
  const buildRevision = crypto.createHash("sha256").update(assets.sort().join("\n")).digest("hex").slice(0, 16);
  return [...entries, ...Object.values(offlinePages).map((url) => ({ url, revision: buildRevision }))];
}

export async function makeOfflineKit(projectRoot: string) {
  const clientDir = path.join(projectRoot, "build/client");
  await makeIcons(clientDir, fs.readFileSync(path.join(projectRoot, "public/favicon.svg")));
  fs.writeFileSync(path.join(clientDir, webAppManifestPath), `${JSON.stringify(webAppManifest, null, 2)}\n`);
  await build({
    entryPoints: [path.join(projectRoot, "app/offline/service-worker.ts")],
    outfile: path.join(clientDir, "sw.js"),
    bundle: true,
    format: "iife",
    target: "es2020",
    minify: true,
    define: { precacheEntries: JSON.stringify(precacheEntries(clientDir)), "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
}
