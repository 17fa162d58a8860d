import type { MetaDescriptor } from "react-router";
import { categoryLabel } from "./category-label";
import { pageMeta } from "./seo";
import type { BylineAuthor } from "./bylines";
import { defaultLanguage, levelLabel, resourceTypeLabel } from "./curriculum";

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
  siteName: string;
  /** BCP 47; English when not given. */
  language?: string;
  /** Its published translations (itself excluded). */
  translations?: readonly { id: string; language: string }[];
  level?: string | null;
  resourceType?: string | null;
}

/**
 * `<link rel="alternate" hreflang>` for each version of an article, itself included, when it has
 * translations; x-default is the English version, when there is one.
 */
function languageAlternates(input: ArticleMetaInput): MetaDescriptor[] {
  const translations = input.translations ?? [];
  if (translations.length === 0) return [];
  const versions = [{ id: input.id, language: input.language ?? defaultLanguage }, ...translations];
  const english = versions.find((version) => version.language === defaultLanguage);
  const link = (hrefLang: string, id: string): MetaDescriptor => ({ tagName: "link", rel: "alternate", hrefLang, href: `${input.publicUrl}/articles/${id}` });
  return [...versions.map((version) => link(version.language, version.id)), ...(english ? [link("x-default", english.id)] : [])];
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
    name: input.siteName,
    url: input.publicUrl || undefined,
  };
  // A lesson resource is also a schema.org LearningResource, with its level and kind.
  const learning = Boolean(input.level || input.resourceType);
  return [
    ...pageMeta({
      title: input.title,
      description,
      path,
      publicUrl: input.publicUrl,
      siteName: input.siteName,
      card,
    }),
    ...languageAlternates(input),
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
        "@type": learning ? ["NewsArticle", "LearningResource"] : "NewsArticle",
        headline: input.title,
        inLanguage: input.language ?? defaultLanguage,
        ...(input.level ? { educationalLevel: levelLabel(input.level) } : {}),
        ...(input.resourceType ? { learningResourceType: resourceTypeLabel(input.resourceType) } : {}),
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
