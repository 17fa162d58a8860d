import type { MetaDescriptor } from "react-router";
import { categoryLabel } from "./category-label";
import { pageMeta, siteName } from "./seo";

export interface ArticleMetaInput {
  id: string;
  title: string;
  excerpt: string | null;
  categorySlug: string;
  /** The featured image (or the fallback), relative to the site or absolute. */
  image: string;
  publishedAt: Date | string | null;
  updatedAt: Date | string | null;
  publicUrl: string;
}

const isoDate = (value: Date | string | null) => (value ? new Date(value).toISOString() : undefined);

/** Absolute URL: crawlers and social networks cannot resolve a path against our page. */
function absoluteUrl(url: string, publicUrl: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** Title, description, canonical URL, OpenGraph article tags, Twitter card and JSON-LD NewsArticle. */
export function articleMeta(input: ArticleMetaInput): MetaDescriptor[] {
  const description = input.excerpt?.trim() || input.title;
  const path = `/articles/${input.id}`;
  const url = `${input.publicUrl}${path}`;
  const image = absoluteUrl(input.image, input.publicUrl);
  const published = isoDate(input.publishedAt);
  const modified = isoDate(input.updatedAt) ?? published;
  const publisher = {
    "@type": "Organization",
    name: siteName,
    url: input.publicUrl || undefined,
  };
  return [
    ...pageMeta({
      title: input.title,
      description,
      path,
      publicUrl: input.publicUrl,
    }),
    { property: "og:type", content: "article" },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: input.title },
    ...(published ? [{ property: "article:published_time", content: published }] : []),
    ...(modified ? [{ property: "article:modified_time", content: modified }] : []),
    { property: "article:section", content: categoryLabel(input.categorySlug) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        headline: input.title,
        description,
        image: [image],
        datePublished: published,
        dateModified: modified,
        articleSection: categoryLabel(input.categorySlug),
        author: {
          "@type": "Organization",
          name: siteName,
          url: input.publicUrl || undefined,
        },
        publisher,
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        url,
      },
    },
  ];
}
