import { getPage } from "./http";

/** The public pages the issues' targets name; "article" and "question" stand for one published article and Ask Kafundisha question. */
export const defaultPages = ["/", "/articles", "/category/health", "/about", "article", "/ask-kafundisha", "question", "/resources"];

/** BENCH_PAGES (comma-separated paths, "article" for an article, "question" for a question) or `fallback`. */
export function pagesFromEnv(fallback = defaultPages): string[] {
  const listed = process.env.BENCH_PAGES?.split(",")
    .map((page) => page.trim())
    .filter(Boolean);
  return listed && listed.length > 0 ? listed : fallback;
}

export const isArticleToken = (page: string) => page === "article" || page === "/articles/{id}";

export const isQuestionToken = (page: string) => page === "question" || page === "/ask-kafundisha/{id}";

/** The first link on `from` whose path matches `pattern`, as an anonymous reader sees the page. */
async function firstLink(base: string, from: string, pattern: RegExp, what: string): Promise<string> {
  const html = await getPage(`${base}${from}`);
  for (const match of html.matchAll(/<a\b[^>]*\bhref\s*=\s*["']([^"']+)["']/gi)) {
    const url = new URL(match[1]!.replaceAll("&amp;", "&"), `${base}/`);
    if (url.origin === base && pattern.test(url.pathname)) return url.pathname;
  }
  throw new Error(`${from} links to no ${what}`);
}

/** The first link to an article (/articles/{id}) on the home page. */
export const findArticlePath = (base: string) => firstLink(base, "/", /^\/articles\/[^/]+$/, "article (/articles/{id})");

/** The pages to measure with the article and question tokens replaced by real paths. */
export async function resolvePages(base: string, pages: string[]): Promise<{ pages: string[]; articlePath?: string; questionPath?: string }> {
  const articlePath = pages.some(isArticleToken) ? await findArticlePath(base) : undefined;
  const questionPath = pages.some(isQuestionToken)
    ? await firstLink(base, "/ask-kafundisha", /^\/ask-kafundisha\/[^/]+$/, "question (/ask-kafundisha/{id})")
    : undefined;
  return {
    pages: pages.map((page) => (isArticleToken(page) ? articlePath! : isQuestionToken(page) ? questionPath! : page)),
    articlePath,
    questionPath,
  };
}
