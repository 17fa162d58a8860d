import { getPage } from "./http";

/** The public pages the targets name; "article" stands for one published article. */
export const defaultPages = ["/", "/articles", "/category/health", "/about", "article"];

/** BENCH_PAGES (comma-separated paths, "article" for an article) or `fallback`. */
export function pagesFromEnv(fallback = defaultPages): string[] {
  const listed = process.env.BENCH_PAGES?.split(",")
    .map((page) => page.trim())
    .filter(Boolean);
  return listed && listed.length > 0 ? listed : fallback;
}

export const isArticleToken = (page: string) => page === "article" || page === "/articles/{id}";

/** The first link to an article (/articles/{id}) on the home page, as an anonymous reader sees it. */
export async function findArticlePath(base: string): Promise<string> {
  const html = await getPage(`${base}/`);
  for (const match of html.matchAll(/<a\b[^>]*\bhref\s*=\s*["']([^"']+)["']/gi)) {
    const url = new URL(match[1]!.replaceAll("&amp;", "&"), `${base}/`);
    if (url.origin === base && /^\/articles\/[^/]+$/.test(url.pathname)) return url.pathname;
  }
  throw new Error("the home page links to no article (/articles/{id})");
}

/** The pages to measure with the article token replaced by a real article path. */
export async function resolvePages(base: string, pages: string[]): Promise<{ pages: string[]; articlePath?: string }> {
  const articlePath = pages.some(isArticleToken) ? await findArticlePath(base) : undefined;
  return { pages: pages.map((page) => (isArticleToken(page) ? articlePath! : page)), articlePath };
}
