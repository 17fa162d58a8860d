// An article's bylines as readers see them, and the admin's byline choices as the form sends them.
import { z } from "zod";
import { isUuid } from "./uuid";

/** A byline readers see: a name and the author page it links to. */
export interface BylineAuthor {
  name: string;
  slug: string;
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The byline as text ("By A and B"), or the magazine's name when no author has a public profile. */
export function bylineText(authors: readonly BylineAuthor[]): string {
  return authors.length > 0 ? `By ${joinNames(authors.map((author) => author.name))}` : "The Educator";
}

/** One byline of an article as the admin form sends it: an account or a guest. */
export type BylineRef = { kind: "user"; id: string } | { kind: "guest"; id: string };

export const bylineValue = (ref: BylineRef) => `${ref.kind}:${ref.id}`;

/** One byline as the edit screen lists it (`value` as the form sends it); `shown`: readers see it (an account needs a public author profile). */
export interface BylineEntry {
  value: string;
  name: string;
  kind: "user" | "guest";
  shown: boolean;
}

/** At most this many writers on one article. */
export const mostBylines = 10;

const refSchema = z
  .string()
  .refine((value) => /^(user|guest):/.test(value) && isUuid(value.slice(value.indexOf(":") + 1)), { message: "Invalid byline." })
  .transform((value): BylineRef => {
    const [kind, id] = value.split(":") as ["user" | "guest", string];
    return { kind, id: id.toLowerCase() };
  });

/** The form's `byline` fields in order: each one once, at most `mostBylines`. */
export const bylineListSchema = z
  .array(refSchema, { message: "Invalid byline." })
  .max(mostBylines, { message: `An article can have at most ${mostBylines} authors.` })
  .refine((refs) => new Set(refs.map(bylineValue)).size === refs.length, { message: "Each author can appear once in a byline." });
