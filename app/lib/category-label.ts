/** Slugs whose badge links to a category page. */
export const clickableCategorySlugs = ["education-news", "health", "sports", "technology", "entrepreneurship"] as const;

/** "education-news" → "Education News". */
export function categoryLabel(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

export function isClickableCategory(slug: string): boolean {
  return (clickableCategorySlugs as readonly string[]).includes(slug);
}
