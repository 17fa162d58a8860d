import { createContext, useContext } from "react";
import type { LiveTable } from "./live-tables";

/**
 * A reader page is rendered on the server only: the browser gets HTML, the stylesheet and the
 * small reader script (app/reader-script), never the React runtime. Anonymous readers get it from the
 * page cache; `cacheTags` names what the page shows, and a change to any of those drops it.
 * The server side of it all is app/server/reader-pages/; this file is what routes declare.
 */
export interface ReaderPage<Data = never> {
  /** Tables whose changes reload the page in place (spec: lists reload on any article change). */
  live?: readonly LiveTable[];
  /** Absent, or null for this response: the page is not cached. */
  cacheTags?: (data: Data) => string[] | null;
  /**
   * What the page reads of its address's query, in one canonical form ("?q=lunch&sort=oldest", ""
   * for nothing that matters). The page is rendered and cached with this query and nothing else, so
   * parameters it does not read make no new copy of it. Absent: it reads no query at all.
   */
  query?: (search: URLSearchParams) => string;
}

export interface ReaderPageHandle<Data = never> {
  readerPage: ReaderPage<Data>;
}

interface MatchLike {
  handle?: unknown;
}

/**
 * The reader page that `matches` render (the deepest route that declares one), or null for a
 * hydrated page. Asked once per request, by the server (app/server/reader-pages/paths.server.ts).
 */
export function readerPageOf(matches: readonly (MatchLike | undefined)[]): ReaderPage<unknown> | null {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as Partial<ReaderPageHandle<unknown>> | undefined;
    if (handle?.readerPage) return handle.readerPage;
  }
  return null;
}

const RenderedReaderPage = createContext<ReaderPage<unknown> | null>(null);

/** Around a reader page's render (entry.server.tsx): the page the server found for the request. */
export const ReaderPageProvider = RenderedReaderPage.Provider;

/** The reader page being rendered, or null: a hydrated page, on the server and in the browser alike. */
export function useReaderPage(): ReaderPage<unknown> | null {
  return useContext(RenderedReaderPage);
}

/** What reader pages show, as cache tags; the server maps each database change to the tags it drops. */
export const cacheTag = {
  /** Any list of articles: home, /articles, categories, feeds. */
  articleLists: "articles",
  article: (id: string) => `article:${id}`,
  /** Pages showing the newest articles of a category as "related". */
  relatedIn: (categoryId: string) => `related:${categoryId}`,
  /** Pages showing category badges, names or banners. */
  categories: "categories",
  /** The approved comments of an article. */
  commentsOn: (articleId: string) => `comments:${articleId}`,
  /** A comment shown on a page. */
  comment: (id: string) => `comment:${id}`,
  /** Pages showing commenters' names. */
  commenters: "commenters",
  /** Pages showing bylines or author profiles. */
  authors: "authors",
  team: "team",
  /** A published Ask Kafundisha question's page (the question and its answers). */
  question: (id: string) => `question:${id}`,
  /** Pages listing Ask Kafundisha questions or counting them. */
  questionLists: "questions",
  /** Pages listing the published translations of a group (an article's "Also in" and hreflang links). */
  translations: (group: string) => `translations:${group}`,
  /** Pages offering the subjects (the curriculum filters, /resources' cards). */
  subjects: "subjects",
  /** Pages showing the files attached to articles (how many, how large): /resources. */
  articleFiles: "article-files",
  /** Pages weighing the questions of an Ask Kafundisha category (a value of questionCategories): an article's "Teachers ask". */
  questionsIn: (category: string) => `questions-in:${category}`,
} as const;

/**
 * A page of article cards (home, lists, category, tag and author pages): it shows articles, their
 * categories and bylines, and reads `query` of its address (see `ReaderPage.query`). A list with the
 * curriculum filters shows the subjects too (`withSubjects`).
 */
export function articleListPage(query?: ReaderPage["query"], { withSubjects = false } = {}): ReaderPageHandle {
  const tags = [cacheTag.articleLists, cacheTag.categories, cacheTag.authors, ...(withSubjects ? [cacheTag.subjects] : [])];
  return { readerPage: { live: withSubjects ? ["articles", "subjects"] : ["articles"], cacheTags: () => tags, ...(query ? { query } : {}) } };
}

/**
 * A reader route's `clientLoader`: a hydrated page (the admin, the forms) that links to a reader
 * page loads it as a document, since its behaviour comes with the page, not with React.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}

/**
 * A reader page's loader data, hidden from React Router's serializer: it encodes every loader's
 * data for hydration on each render, but a reader page is never hydrated, so nothing reads that
 * copy. Properties it cannot enumerate cost it nothing; the page's components read them as usual.
 */
export function keptOnServer<Data extends object>(data: Data): Data {
  const hidden = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, { value, enumerable: false }]));
  return Object.defineProperties({}, hidden) as Data;
}
