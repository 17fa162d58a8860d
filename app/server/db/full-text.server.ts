import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { searchWords } from "#app/lib/article-list-params";
import type { KeysetOrder } from "./keyset.server";

/**
 * The words of a search as a full-text query: each word, or the start of one ("frac" finds
 * "fractions"), all of them required. Only letters and digits reach the query syntax.
 */
export function fullTextQuery(q: string): string | null {
  const words = searchWords(q).slice(0, 12);
  return words.length > 0 ? words.map((word) => `${word.slice(0, 64)}:*`).join(" & ") : null;
}

// Marks around the matched words in a snippet, and a stand-in for "<" (ts_headline drops text that
// looks like a tag): taken out of the text first, so the HTML made of it is safe.
const markStart = "\u0001";
const markEnd = "\u0002";
export const lessThan = "\uE000";

/** A search snippet as HTML: the plain text escaped, its spaces collapsed, the matched words in <mark>. */
export function snippetHtml(headline: string): string {
  const escaped = headline
    .replace(/\s+/g, " ")
    .trim()
    .replaceAll(lessThan, "<")
    .replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return escaped.replaceAll(markStart, "<mark>").replaceAll(markEnd, "</mark>");
}

/** Plain text for a snippet: the marks' characters taken out, then "<" as its stand-in. */
export const snippetSource = (text: PgColumn | SQL) => sql`replace(regexp_replace(${text}, ${"[\\x01\\x02\\uE000]"}, ' ', 'g'), '<', ${lessThan})`;

/**
 * Ranked full-text search over `vector` (its weights rank: a title match first), ties broken by
 * `then`, with a snippet of `text` (plain text, as `snippetSource` makes it) around the matched words.
 */
export function relevanceSearch(query: string, target: { name: string; vector: PgColumn; text: SQL; then: [PgColumn, PgColumn] }) {
  const tsQuery = sql`to_tsquery('simple', ${query})`;
  return {
    matches: sql`${target.vector} @@ ${tsQuery}`,
    order: {
      name: target.name,
      columns: [{ sql: sql`ts_rank(${target.vector}, ${tsQuery})`, type: "real" }, ...target.then],
      direction: "desc",
    } satisfies KeysetOrder,
    snippet: sql<string>`ts_headline('simple', ${target.text}, ${tsQuery}, ${`StartSel=${markStart}, StopSel=${markEnd}, MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=1`})`,
  };
}
