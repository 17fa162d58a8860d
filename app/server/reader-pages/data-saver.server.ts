import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "#database/paths";
import { services } from "#app/server/core/services.server";
import { hooks } from "#app/lib/reader-hooks";
import { imageBytesAttribute } from "#app/lib/resource-previews";

/** The reader's choice, remembered for a year; without it, the browser's `Save-Data: on` decides. */
export const dataSaverCookieName = "educator_data_saver";
const cookiePattern = new RegExp(`(?:^|;\\s*)${dataSaverCookieName}=(on|off)`);

export function wantsDataSaver(headers: { get(name: string): string | null }): boolean {
  const chosen = cookiePattern.exec(headers.get("cookie") ?? "")?.[1];
  if (chosen) return chosen === "on";
  return headers.get("save-data")?.trim().toLowerCase() === "on";
}

export function dataSaverCookie(on: boolean): string {
  return `${dataSaverCookieName}=${on ? "on" : "off"}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`;
}

// Stored files never change under their name: each size is read once.
const knownSizes = new Map<string, number | null>();
const publicDir = path.join(projectRoot, "build/client");

/** The file behind one of our own addresses (uploads, or the site's images), never outside its folder. */
function fileOf(url: string): string | null {
  const relative = decodeURIComponent(url.split("?", 1)[0]!);
  const uploads = services().storage.root;
  const [base, rest] =
    relative.startsWith("/uploads/") && uploads
      ? [uploads, relative.slice("/uploads/".length)]
      : relative.startsWith("/images/")
        ? [publicDir, relative.slice(1)]
        : [null, ""];
  if (!base) return null;
  const file = path.resolve(base, rest);
  return path.relative(base, file).startsWith("..") ? null : file;
}

/** Kilobytes of one of our own files; null when unknown. */
function kilobytesOf(url: string): number | null {
  if (!knownSizes.has(url)) {
    if (knownSizes.size > 10_000) knownSizes.clear();
    const file = fileOf(url);
    let size: number | null = null;
    try {
      if (file) size = fs.statSync(file).size;
    } catch {
      size = null; // not there: the link still shows the image (or says it is missing)
    }
    knownSizes.set(url, size);
  }
  const size = knownSizes.get(url);
  return size == null ? null : Math.max(1, Math.round(size / 1024));
}

const attributePattern = /([\w:-]+)="([^"]*)"/g;

/** The attributes of a rendered tag (or of its attribute text), by lower-case name. */
export function tagAttributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(attributePattern)].map(([, name, value]) => [name!.toLowerCase(), value!]));
}

/** The smallest candidate of an image's srcset, else its src. */
export function smallestSource(attributes: Map<string, string>): string {
  const candidates = (attributes.get("srcset") ?? "")
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/))
    .filter(([url, width]) => url && width?.endsWith("w"))
    .map(([url, width]) => ({ url: url!, width: Number.parseInt(width!, 10) }))
    .sort((a, b) => a.width - b.width);
  return candidates[0]?.url ?? attributes.get("src") ?? "";
}

/**
 * Data saver: every image of a rendered page becomes a link that says how big the image is; the
 * reader script shows the image in place when it is tapped (its smallest copy), and without
 * JavaScript the link opens it. Image preloads go. Nothing is fetched until the reader asks.
 */
export function imagesOnRequest(html: string): string {
  return html.replace(/<link rel="preload" as="image"[^>]*>/g, "").replace(/<img\b([^>]*?)\/?>/g, (_tag, attributeText: string) => {
    const attributes = tagAttributes(attributeText);
    const source = smallestSource(attributes);
    const statedBytes = Number(attributes.get(imageBytesAttribute));
    const kilobytes = statedBytes > 0 ? Math.max(1, Math.round(statedBytes / 1024)) : kilobytesOf(source);
    const alt = attributes.get("alt") ?? "";
    const label = `Show image${alt ? `: ${alt}` : ""}${kilobytes ? ` (${kilobytes} KB)` : ""}`;
    const width = attributes.get("width");
    const height = attributes.get("height");
    const ratio = width && height ? ` style="aspect-ratio:${width}/${height}"` : "";
    const image = `<img src="${source}" alt="${alt}"${width ? ` width="${width}"` : ""}${height ? ` height="${height}"` : ""} class="${attributes.get("class") ?? ""}" decoding="async"/>`;
    return `<a href="${source}" ${hooks.saverImage} class="data-saver-image ${attributes.get("class") ?? ""}"${ratio}><span>${label}</span><template>${image}</template></a>`;
  });
}
