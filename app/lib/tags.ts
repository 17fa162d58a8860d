import { slugify } from "./slug";

export interface TagName {
  name: string;
  slug: string;
}

export const tagLimits = { perArticle: 10, nameLength: 40 } as const;

export const tagTexts = {
  hint: "Separate tags with commas, e.g. literacy, Grade 7. New tags are created as you type them.",
  tooMany: `An article can have at most ${tagLimits.perArticle} tags.`,
  tooLong: `A tag must be at most ${tagLimits.nameLength} characters.`,
  noLetters: "Each tag needs at least one letter or number.",
} as const;

export type TagParse = { ok: true; tags: TagName[] } | { ok: false; error: string };

/**
 * The tags an editor typed, comma-separated: spaces tidied, slugs by the categories' rule, the
 * first spelling of a slug kept and later repeats dropped.
 */
export function parseTagNames(text: string): TagParse {
  const tags: TagName[] = [];
  for (const part of text.split(",")) {
    const name = part.replace(/\s+/g, " ").trim();
    if (!name) continue;
    if (name.length > tagLimits.nameLength) return { ok: false, error: tagTexts.tooLong };
    const slug = slugify(name);
    if (!slug) return { ok: false, error: tagTexts.noLetters };
    if (!tags.some((tag) => tag.slug === slug)) tags.push({ name, slug });
  }
  if (tags.length > tagLimits.perArticle) return { ok: false, error: tagTexts.tooMany };
  return { ok: true, tags };
}

/** Tags as the form's field shows them. */
export const tagFieldValue = (tags: readonly { name: string }[]) => tags.map((tag) => tag.name).join(", ");
