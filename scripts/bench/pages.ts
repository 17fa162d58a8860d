import { getPage } from "./http";

/** The public pages the issues' targets name; "article" and "question" stand for one published article and Ask Kafundisha question. */
export const defaultPages = ["/", "/articles", "/category/health", "/about", "article", "/ask-kafundisha", "question", "/resources", "lesson"];

/** BENCH_PAGES (comma-separated paths, "article", "question" and "lesson" standing for one of each: resolvePages) or `fallback`. */
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

/** The first article on /resources that offers files to download: an article page with its Resources list. */
async function findLessonPath(base: string): Promise<string> {
  const html = await getPage(`${base}/resources`);
  for (const match of html.matchAll(/<a\b[^>]*\bhref\s*=\s*["'](\/articles\/[^"'/?#]+)["']/gi)) {
    if ((await getPage(`${base}${match[1]}`)).includes('id="resources-heading"')) return match[1]!;
  }
  throw new Error("/resources links to no article with files to download");
}

/** The tokens a page list may hold, each with the label its figures are printed under. */
const tokens = [
  { is: isArticleToken, label: "/articles/{id}", find: findArticlePath },
  {
    is: isQuestionToken,
    label: "/ask-kafundisha/{id}",
    find: (base: string) => firstLink(base, "/ask-kafundisha", /^\/ask-kafundisha\/[^/]+$/, "question (/ask-kafundisha/{id})"),
  },
  { is: (page: string) => page === "lesson", label: "/articles/{id} with resources", find: findLessonPath },
];

/**
 * The pages to measure with the tokens replaced by real paths ("article": one published article,
 * "question": one question, "lesson": an article with files to download), each with its label.
 */
export async function resolvePages(
  base: string,
  pages: string[],
): Promise<{ pages: string[]; articlePath?: string; questionPath?: string; label(page: string): string }> {
  const labels = new Map<string, string>();
  const resolved: string[] = [];
  for (const page of pages) {
    const token = tokens.find((candidate) => candidate.is(page));
    const path = token ? await token.find(base) : page;
    if (token) labels.set(path, token.label);
    resolved.push(path);
  }
  const pathOf = (is: (page: string) => boolean) => resolved[pages.findIndex(is)];
  return {
    pages: resolved,
    articlePath: pathOf(isArticleToken),
    questionPath: pathOf(isQuestionToken),
    label: (page) => labels.get(page) ?? page,
  };
}
