/** Lower-case, runs of anything but a-z and 0-9 become one hyphen, no hyphen at either end. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
