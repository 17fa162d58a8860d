import type { MetaDescriptor } from "react-router";

import { defaultSiteSettings } from "./site-settings";
import type { RootData } from "./root-data";

export const siteDescription = "An online education magazine for teachers and educators worldwide, with a Zambian focus.";

type MetaMatches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;
const rootDataFrom = (matches: MetaMatches) => matches.find((match) => match?.id === "root")?.data as Partial<RootData> | undefined;

/** The root loader's public address, from the `matches` a meta function receives. */
export function publicUrlFrom(matches: MetaMatches): string {
  return rootDataFrom(matches)?.publicUrl ?? "";
}

/** The public address and the magazine's name (as set in Settings), for pageMeta. */
export function siteFrom(matches: MetaMatches): { publicUrl: string; siteName: string } {
  const root = rootDataFrom(matches);
  return { publicUrl: root?.publicUrl ?? "", siteName: root?.site?.name ?? defaultSiteSettings.name };
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/articles". */
  path: string;
  publicUrl: string;
  /** The magazine's name as an admin set it (siteFrom). */
  siteName: string;
  noindex?: boolean;
  /** The preview card (a 1200 × 630 JPEG, routes/api/og-image.ts): the page's own, else the magazine's. */
  card?: { path: string; alt: string };
}

/** The magazine's preview card, for pages without one of their own. */
const siteCard = (siteName: string) => ({ path: "/og.jpg", alt: `${siteName}: ${siteDescription}` });

/** OpenGraph and Twitter tags of a preview card (an absolute address, its size, type and text). */
export function cardMeta(card: { path: string; alt: string }, publicUrl: string): MetaDescriptor[] {
  const url = `${publicUrl}${card.path}`;
  return [
    { property: "og:image", content: url },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: card.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: url },
    { name: "twitter:image:alt", content: card.alt },
  ];
}

/** `<link rel="prev">` / `<link rel="next">` for a list shown a page at a time. */
export function pageLinkMeta(links: { prev: string | null; next: string | null } | undefined): MetaDescriptor[] {
  return [
    ...(links?.prev ? [{ tagName: "link", rel: "prev", href: links.prev } as const] : []),
    ...(links?.next ? [{ tagName: "link", rel: "next", href: links.next } as const] : []),
  ];
}

/** Title, description, canonical URL (from PUBLIC_URL) and basic OpenGraph for any public page. */
export function pageMeta({ title, description, path, publicUrl, siteName, noindex, card = siteCard(siteName) }: PageMetaInput): MetaDescriptor[] {
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
    ...cardMeta(card, publicUrl),
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** A page of one reader's own (an account, a form's step): its title, kept out of search engines. */
export function privatePageMeta(title: string, matches: MetaMatches): MetaDescriptor[] {
  return [{ title: `${title} | ${siteFrom(matches).siteName}` }, { name: "robots", content: "noindex" }];
}

/** An admin screen's title, kept out of search engines. */
export function adminMeta(screen: string | undefined, matches: MetaMatches = []): MetaDescriptor[] {
  const { siteName } = siteFrom(matches);
  return [{ title: screen ? `${screen} | ${siteName} - Admin` : `${siteName} - Admin` }, { name: "robots", content: "noindex, nofollow" }];
}
