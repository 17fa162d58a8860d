import { XMLParser, XMLValidator } from "fast-xml-parser";
import { decodeEntities } from "#app/lib/html-entities";

export interface FeedItem {
  title: string;
  url: string;
  excerpt: string;
  publishedAt: Date | null;
}

export interface ParsedFeed {
  /** The feed's own title (the news source's name). */
  source: string;
  items: FeedItem[];
}

export class FeedParseError extends Error {}

// Titles and excerpts are cut to 300 characters: more of an item's text is never shown.
const maxItemTextChars = 20_000;
const skippedWithContent = new Set(["script", "style", "noscript", "iframe"]);
const blockTags = new Set(["p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote"]);

/**
 * Feed text as plain text: markup, scripts and styles removed, entities decoded, spaces collapsed.
 * One pass from left to right (feeds come from outside: no input makes it slower than linear).
 */
export function stripHtml(html: string): string {
  const text = html.slice(0, maxItemTextChars).split("<![CDATA[").join("").split("]]>").join("");
  const lower = text.toLowerCase();
  let plain = "";
  let at = 0;
  let closingBracketsLeft = true;
  while (at < text.length) {
    const open = text.indexOf("<", at);
    if (open === -1) {
      plain += text.slice(at);
      break;
    }
    plain += text.slice(at, open);
    if (text.startsWith("<!--", open)) {
      const end = text.indexOf("-->", open + 4);
      plain += " ";
      at = end === -1 ? text.length : end + 3;
      continue;
    }
    const close = closingBracketsLeft ? text.indexOf(">", open + 1) : -1;
    if (close === -1) {
      // A stray "<" (broken markup, or text): a space, never the start of a tag.
      closingBracketsLeft = false;
      plain += " ";
      at = open + 1;
      continue;
    }
    const name = /^\/?([a-z][a-z0-9]*)/.exec(lower.slice(open + 1, Math.min(close, open + 16)))?.[1] ?? "";
    if (skippedWithContent.has(name) && lower[open + 1] !== "/") {
      const end = lower.indexOf(`</${name}`, close + 1);
      const endClose = end === -1 ? -1 : text.indexOf(">", end);
      plain += " ";
      at = endClose === -1 ? text.length : endClose + 1;
      continue;
    }
    if (blockTags.has(name)) plain += " ";
    at = close + 1;
  }
  return decodeEntities(plain).replace(/[<>]/g, " ").replace(/\s+/g, " ").trim();
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

const trackingParameter = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid)$/i;

/** An absolute http(s) link with tracking parameters and the fragment removed, or null. */
export function normalizeLink(link: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  for (const key of [...url.searchParams.keys()]) if (trackingParameter.test(key)) url.searchParams.delete(key);
  return url.toString();
}

function parseDate(value: unknown): Date | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The text of an element that may carry attributes (`{ "#text": ..., "@_type": ... }`). */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (value && typeof value === "object" && "#text" in value) return textOf((value as { "#text": unknown })["#text"]);
  return "";
}

const list = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === "item" || name === "entry" || name === "link",
});

type Node = Record<string, unknown>;

function atomLink(entry: Node): string {
  const links = list(entry.link) as (Node | string)[];
  const href = (link: Node | string) => (typeof link === "string" ? link : typeof link["@_href"] === "string" ? (link["@_href"] as string) : "");
  const alternate = links.find((link) => typeof link === "string" || !link["@_rel"] || link["@_rel"] === "alternate");
  return alternate ? href(alternate) : links[0] ? href(links[0]) : "";
}

function rssLink(item: Node): string {
  const link = textOf(list(item.link)[0]);
  if (link) return link;
  const guid = item.guid;
  const permalink = typeof guid === "object" && guid !== null ? (guid as Node)["@_isPermaLink"] !== "false" : true;
  return permalink ? textOf(guid) : "";
}

/** Reads an RSS 2.0, RSS 1.0 (RDF) or Atom document. Throws FeedParseError on anything else. */
export function parseFeed(xml: string, feedUrl: string): ParsedFeed {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FeedParseError(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    throw new FeedParseError(`could not be read as XML (${(error as Error).message})`);
  }
  const hostname = new URL(feedUrl).hostname.replace(/^www\./, "");

  const rss = document.rss as Node | undefined;
  const rdf = document["rdf:RDF"] as Node | undefined;
  const atom = document.feed as Node | undefined;
  let source: string;
  let raw: { title: string; link: string; summary: string; date: unknown }[];
  if (rss || rdf) {
    const channel = ((rss ? rss.channel : rdf!.channel) ?? {}) as Node;
    source = stripHtml(textOf(channel.title));
    const items = (list(rss ? channel.item : rdf!.item) as Node[]).filter((item) => item && typeof item === "object");
    raw = items.map((item) => ({
      title: textOf(item.title),
      link: rssLink(item),
      summary: textOf(item.description) || textOf(item["content:encoded"]),
      date: textOf(item.pubDate) || textOf(item["dc:date"]),
    }));
  } else if (atom) {
    source = stripHtml(textOf(atom.title));
    raw = (list(atom.entry) as Node[])
      .filter((entry) => entry && typeof entry === "object")
      .map((entry) => ({
        title: textOf(entry.title),
        link: atomLink(entry),
        summary: textOf(entry.summary) || textOf(entry.content),
        date: textOf(entry.published) || textOf(entry.updated),
      }));
  } else {
    throw new FeedParseError("is neither an RSS nor an Atom feed");
  }

  const items: FeedItem[] = [];
  for (const entry of raw) {
    const title = shorten(stripHtml(entry.title), 300);
    const url = normalizeLink(entry.link, feedUrl);
    if (!title || !url) continue;
    items.push({ title, url, excerpt: shorten(stripHtml(entry.summary), 300), publishedAt: parseDate(entry.date) });
  }
  return { source: shorten(source, 120) || hostname, items };
}
