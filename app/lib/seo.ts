import type { MetaDescriptor } from "react-router";

export const siteName = "The Educator";
export const siteDescription = "An online education magazine for teachers and educators worldwide, with a Zambian focus.";

/** The root loader's public address, from the `matches` a meta function receives. */
export function publicUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/articles". */
  path: string;
  publicUrl: string;
  noindex?: boolean;
}

/** Title, description, canonical URL (from PUBLIC_URL) and basic OpenGraph for any public page. */
export function pageMeta({ title, description, path, publicUrl, noindex }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  const url = `${publicUrl}${path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
