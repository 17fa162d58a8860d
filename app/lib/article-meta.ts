import type { MetaDescriptor } from "react-router";
import { categoryLabel } from "./category-label";
import { pageMeta, siteName } from "./seo";
import type { BylineAuthor } from "./bylines";

export interface ArticleMetaInput {
  id: string;
  title: string;
  excerpt: string | null;
  categorySlug: string;
  publishedAt: Date | string | null;
  updatedAt: Date | string | null;
  /** The bylines readers see; none: the magazine is the author. */
  authors: readonly BylineAuthor[];
  publicUrl: string;
}

const isoDate = (value: Date | string | null) => (value ? new Date(value).toISOString() : undefined);

/** Title, description, canonical URL, OpenGraph article tags, Twitter card and JSON-LD NewsArticle. */
export function articleMeta(input: ArticleMetaInput): MetaDescriptor[] {
  const description = input.excerpt?.trim() || input.title;
  const path = `/articles/${input.id}`;
  const url = `${input.publicUrl}${path}`;
  const published = isoDate(input.publishedAt);
  const modified = isoDate(input.updatedAt) ?? published;
  // The article's own card (made from its featured image, or from its title): a new address when it changes.
  const card = { path: `${path}/og.jpg${modified ? `?v=${Date.parse(modified)}` : ""}`, alt: input.title };
  const image = `${input.publicUrl}${card.path}`;
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
      card,
    }),
    { property: "og:type", content: "article" },
    ...(published ? [{ property: "article:published_time", content: published }] : []),
    ...(modified ? [{ property: "article:modified_time", content: modified }] : []),
    { property: "article:section", content: categoryLabel(input.categorySlug) },
    ...input.authors.map((author) => ({ property: "article:author", content: `${input.publicUrl}/author/${author.slug}` })),
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: description },
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
        author:
          input.authors.length > 0
            ? input.authors.map((author) => ({ "@type": "Person", name: author.name, url: `${input.publicUrl}/author/${author.slug}` }))
            : publisher,
        publisher,
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        url,
      },
    },
  ];
}
