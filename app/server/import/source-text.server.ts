import crypto from "node:crypto";
import { slugify } from "#app/lib/slug";
import { decodeEntities } from "#app/lib/html-entities";

/** One line of plain text: tags dropped, references decoded, spaces tidied, at most `max` characters. */
export function plainLine(text: string, max: number): string {
  const line = decodeEntities(text.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/**
 * A slug valid here (`a-z0-9` words joined by hyphens) from a source's slug, which may be
 * percent-encoded Unicode: accents are dropped ("café" → "cafe"); "" when nothing is left.
 */
export function sourceSlug(slug: string): string {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // Not percent-encoded after all: used as it is.
  }
  const slugged = slugify(decoded.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""));
  return slugged.slice(0, 80).replace(/-+$/, "");
}

/** A date from a source field: an ISO string, "YYYY-MM-DD hh:mm:ss" (UTC), a number of milliseconds; null when empty or invalid. */
export function sourceDate(value: unknown): Date | null {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 && saneYear(new Date(value)) ? new Date(value) : null;
  if (typeof value !== "string" || !value.trim() || value.startsWith("0000-00-00")) return null;
  const text = value.trim();
  const date = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? new Date(`${text.replace(" ", "T")}Z`) : new Date(text);
  return Number.isNaN(date.getTime()) || !saneYear(date) ? null : date;
}

// Years a database timestamp holds and a person means (a file may say 0001 or 275000).
const saneYear = (date: Date) => date.getUTCFullYear() >= 1000 && date.getUTCFullYear() <= 9999;

/** The first candidate that makes a valid slug; else one made from the item's id ("tag-1a2b3c4d"), so names in other scripts stay apart. */
export function itemSlug(kind: string, sourceId: string, ...candidates: string[]): string {
  for (const candidate of candidates) {
    const slug = sourceSlug(candidate);
    if (slug) return slug;
  }
  return `${kind}-${crypto.createHash("sha256").update(sourceId).digest("hex").slice(0, 8)}`;
}
