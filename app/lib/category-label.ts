/**
 * Slugs shown as a badge only (the spec's Ask Kafundisha column and Teacher Swaps notices): every
 * other category, the five of the spec and any an editor or an import adds, has its page.
 */
const styledOnlyCategorySlugs = ["ask-kafundisha", "teacher-swaps"];

/** "education-news" → "Education News". */
export function categoryLabel(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

export function isClickableCategory(slug: string): boolean {
  return !styledOnlyCategorySlugs.includes(slug);
}
