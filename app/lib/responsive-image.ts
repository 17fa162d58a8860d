/** Widths of the WebP copies made of every uploaded article and team image. */
export const imageVariantWidths = [480, 960, 1440] as const;

const variantPattern = /^\/uploads\/media\/(articles|team)\/[A-Za-z0-9._-]+\.(jpe?g|png|webp|gif)$/;

/** The URL of the WebP copy of `url` at `width`. */
export function imageVariantUrl(url: string, width: number): string {
  return url.replace(/\.[a-z]+$/, `.w${width}.webp`);
}

/**
 * `srcset` for an image we stored ourselves (those always have WebP copies); undefined for
 * outside URLs, which are shown as they are.
 */
export function imageSrcSet(url: string): string | undefined {
  if (!variantPattern.test(url)) return undefined;
  return imageVariantWidths.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(", ");
}
