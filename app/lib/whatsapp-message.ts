import { plural } from "./plural";

/**
 * WhatsApp-ready text: what "Copy for WhatsApp" puts on the clipboard, for an article (its edit
 * screen) and for the newsletter digest (the newsletter screen). Staff paste it into the teachers'
 * groups; each link carries `ref=whatsapp`, so the visits it brings count as WhatsApp in analytics.
 *
 * Limits: WhatsApp takes up to 65,536 characters in a message, but this one is read in a busy group
 * on a small phone. An article's message stays within 700 characters, a digest's within 1,000
 * (counted in UTF-16 code units, never fewer than the characters WhatsApp counts). A link is
 * never cut: the teaser goes first, then the title is shortened.
 */
export const whatsAppMessageLimit = 700;
export const whatsAppDigestLimit = 1000;

/** The marker a shared link carries; analytics reads it (app/server/analytics/page-views.server.ts). */
export const whatsAppRef = { name: "ref", value: "whatsapp" } as const;

/** The name visits from WhatsApp are counted under in Top Referrers. */
export const whatsAppReferrer = "WhatsApp";

const titleMax = 150;
const lineMax = 100;
const teaserLines = 2;
// A sentence that ends once a line holds this much ends the line too, so a line is never a stub.
const lineMinAtSentenceEnd = 40;
const digestTitleMax = 100;
const digestArticlesMax = 10;

/** `url` with `ref=whatsapp` set (an earlier `ref` is replaced; the rest of the query and the hash are kept). */
export function withWhatsAppRef(url: string): string {
  const link = new URL(url);
  link.searchParams.set(whatsAppRef.name, whatsAppRef.value);
  return link.href;
}

/** Whether the page address `path` (path, query and hash) was opened from a link shared with "Copy for WhatsApp". */
export function isWhatsAppShare(path: string): boolean {
  const query = path.split("#", 1)[0]!.split("?").slice(1).join("?");
  if (!query) return false;
  return new URLSearchParams(query).getAll(whatsAppRef.name).some((value) => value.toLowerCase() === whatsAppRef.value);
}

/**
 * One line of plain text that WhatsApp shows as typed. Its formatting marks give way: * and ~ to
 * look-alikes WhatsApp leaves alone (so "5*3" still reads as sums do), _ to a space, ` to '.
 * Whitespace and line breaks become single spaces; a leading > (quote) or - (list) is dropped.
 */
export function plainForWhatsApp(text: string): string {
  return text
    .replaceAll("*", "\u2217")
    .replaceAll("~", "\u223C")
    .replaceAll("_", " ")
    .replaceAll("`", "'")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^([>-]\s*)+/, "");
}

/** Ends a text cut short: trailing punctuation gives way to "…". */
function withEllipsis(text: string): string {
  return `${text.replace(/[\s,;:.!?\-–—]+$/, "")}…`;
}

/** `text` in at most `max` characters, cut at a word boundary with "…" (a single long word is cut where it must). */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return withEllipsis(space > max / 2 ? cut.slice(0, space) : cut);
}

const sentenceEnd = /[.!?]["'”’)\]]?$/;

/** Up to two short lines from `text`, broken between words (after a sentence where one ends); "…" when text was left out mid-sentence. */
export function teaser(text: string): string[] {
  const words = plainForWhatsApp(text)
    .split(" ")
    .filter(Boolean)
    .map((word) => shorten(word, lineMax));
  const lines: string[] = [];
  let line = "";
  let index = 0;
  for (; index < words.length && lines.length < teaserLines; index++) {
    const word = words[index]!;
    if (line && line.length + 1 + word.length > lineMax) {
      lines.push(line);
      line = "";
      if (lines.length === teaserLines) break;
    }
    line = line ? `${line} ${word}` : word;
    if (sentenceEnd.test(word) && line.length >= lineMinAtSentenceEnd) {
      lines.push(line);
      line = "";
    }
  }
  if (line) lines.push(line);
  const last = lines.at(-1);
  if (last !== undefined && index < words.length && !sentenceEnd.test(last)) {
    // Room for the "…": the last word gives way when the line is full.
    const room = last.length < lineMax ? last : last.slice(0, last.lastIndexOf(" "));
    lines[lines.length - 1] = withEllipsis(room);
  }
  return lines;
}

/** WhatsApp's bold, for a title already plain (nothing when nothing is left of it). */
const bold = (title: string) => (title ? `*${title}*` : "");

export interface WhatsAppArticle {
  title: string;
  /** The article's excerpt (or summary); none gives a message of title and link. */
  excerpt: string | null;
  /** The article's public address. */
  url: string;
}

/**
 * An article's message: its title in bold, two short lines from its excerpt, and its link with
 * `ref=whatsapp`, within `whatsAppMessageLimit`.
 */
export function whatsAppMessage({ title, excerpt, url }: WhatsAppArticle): string {
  const link = withWhatsAppRef(url);
  // The link stands apart, after an empty line.
  const compose = (heading: string, lines: string[]) => {
    const text = [bold(heading), ...lines].filter(Boolean);
    return [...text, ...(text.length > 0 ? [""] : []), link].join("\n");
  };
  let heading = shorten(plainForWhatsApp(title), titleMax);
  const lines = teaser(excerpt ?? "");
  while (lines.length > 0 && compose(heading, lines).length > whatsAppMessageLimit) lines.pop();
  // Only a link of hundreds of characters gets here: the title gives way, the link stays whole.
  const room = whatsAppMessageLimit - link.length - "**\n\n".length;
  if (heading.length > room) heading = room > 1 ? shorten(heading, room) : "";
  return compose(heading, lines);
}

export interface WhatsAppDigest {
  /** The digest's heading, e.g. "The Educator — this week". */
  title: string;
  /** Its articles in the order the digest lists them. */
  articles: ReadonlyArray<{ title: string; url: string }>;
  /** Where the articles left out can be found (the home page); its link gets `ref=whatsapp` too. */
  moreUrl: string;
}

/**
 * A digest's message: its heading in bold, how many articles it has, then each article's title and
 * link (with `ref=whatsapp`): as many as fit in `whatsAppDigestLimit`, at most 10, and a line
 * with the link to the rest.
 */
export function whatsAppDigestMessage({ title, articles, moreUrl }: WhatsAppDigest): string {
  const count = `${plural(articles.length, { one: "new article", other: "new articles" })}:`;
  const head = [bold(shorten(plainForWhatsApp(title), titleMax)), count].filter(Boolean).join("\n");
  const entries = articles.map((article) => `• ${shorten(plainForWhatsApp(article.title), digestTitleMax)}\n${withWhatsAppRef(article.url)}`);
  const more = (left: number) => (left > 0 ? [`…and ${left} more: ${withWhatsAppRef(moreUrl)}`] : []);
  const compose = (shown: number) => [head, ...entries.slice(0, shown), ...more(articles.length - shown)].join("\n\n");
  let shown = Math.min(entries.length, digestArticlesMax);
  while (shown > 0 && compose(shown).length > whatsAppDigestLimit) shown--;
  return compose(shown);
}
