import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { articles } from "#database/schema";

const published = eq(articles.status, "published");

// While a school pack of chosen articles is made: the condition that chooses them. One store for
// the process: the built app (whose loaders render the pack's pages) has its own copy of this module.
const slot = Symbol.for("the-educator.chosen-articles");
const chosenArticles = ((globalThis as { [slot]?: AsyncLocalStorage<SQL> })[slot] ??= new AsyncLocalStorage<SQL>());

/**
 * The one rule for public readers: only published articles exist; and while a school pack of
 * chosen grades, subjects or languages is made (withChosenArticles), only the chosen ones, so every
 * list, count, related card and sitemap entry of the pack agrees without each being told.
 * Resolved each time a query is built, never when this module loads.
 */
export const publishedOnly: SQL = sql`${{
  getSQL: () => {
    const chosen = chosenArticles.getStore();
    return chosen ? and(published, chosen)! : published;
  },
}}`;

/** Runs `work` (and everything it calls) with only the articles `chosen` matches counting as published. */
export function withChosenArticles<T>(chosen: SQL, work: () => Promise<T>): Promise<T> {
  return chosenArticles.run(chosen, work);
}

/** Whether articles are being chosen now: a statement prepared here would keep the choice for every later reader. */
export const choosingArticles = () => chosenArticles.getStore() !== undefined;
