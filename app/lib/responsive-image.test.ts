import { describe, expect, it } from "vitest";
import { imageSrcSet, imageVariantUrl } from "./responsive-image";

describe("responsive images", () => {
  it("offers the WebP copies of images we stored", () => {
    expect(imageVariantUrl("/uploads/media/articles/1700000000_ab12.png", 480)).toBe("/uploads/media/articles/1700000000_ab12.w480.webp");
    expect(imageSrcSet("/uploads/media/team/demo-a.jpg")).toBe(
      "/uploads/media/team/demo-a.w480.webp 480w, /uploads/media/team/demo-a.w960.webp 960w, /uploads/media/team/demo-a.w1440.webp 1440w",
    );
  });

  it("leaves outside images and odd paths alone", () => {
    expect(imageSrcSet("https://images.example.org/a.jpg")).toBeUndefined();
    expect(imageSrcSet("/images/fallback-article.svg")).toBeUndefined();
    expect(imageSrcSet("/uploads/media/articles/../secret.jpg")).toBeUndefined();
  });
});
