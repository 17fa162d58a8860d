import TurndownService from "turndown";
import { highlightedCodeBlock, strikethrough, taskListItems } from "turndown-plugin-gfm";

/**
 * Imported HTML (a WordPress post, a Ghost post) to the Markdown articles are written in. The
 * Markdown renderer shows raw HTML as text, so nothing HTML is kept: what has no Markdown form
 * (an embed, a form) becomes a link or its text, scripts and styles are dropped.
 */

// Block-level tags: a WordPress paragraph is a run of text between blank lines that does not start with one.
const blockTag =
  /^<\/?(?:address|article|aside|blockquote|caption|col|colgroup|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|iframe|legend|li|main|map|math|menu|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul|video|audio|object|embed|style|script|select|option|dl)\b/i;

/**
 * WordPress's "autop": in classic content a blank line separates paragraphs and a single line
 * break is a <br>. Content made with the block editor (it has `<!-- wp:` comments) is already
 * HTML and is left alone, as WordPress does; so is everything inside <pre>.
 */
export function wordpressAutop(html: string): string {
  if (!html.trim()) return "";
  const kept: string[] = [];
  const protectedHtml = html.replace(/<pre[\s>][\s\S]*?<\/pre>/gi, (block) => `\uE000${kept.push(block) - 1}\uE001`);
  const chunks = protectedHtml.replace(/\r\n?/g, "\n").split(/\n\s*\n/);
  const out = chunks.map((chunk) => {
    const text = chunk.trim();
    if (!text) return "";
    if (blockTag.test(text) || /^\uE000\d+\uE001$/.test(text)) return text;
    return `<p>${text.replace(/\n/g, "<br>\n")}</p>`;
  });
  return out.join("\n").replace(/\uE000(\d+)\uE001/g, (_, index: string) => kept[Number(index)]!);
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s\\]]+))`, "i")
    .exec(attributes)
    ?.slice(1)
    .find((value) => value !== undefined);

/**
 * WordPress shortcodes that have a meaning without WordPress: [caption] becomes a figure with its
 * caption, [embed] its address. [gallery] and the player shortcodes need WordPress itself and are
 * dropped (their media stays in the library of the old site); any other shortcode is left as text.
 */
export function wordpressShortcodes(html: string): string {
  return html
    .replace(/\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/gi, (_, attributes: string, inner: string) => {
      const image = /^\s*(?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?/i.exec(inner);
      const caption = (image ? inner.slice(image[0].length) : inner).trim() || attribute(attributes, "caption") || "";
      return `<figure>${image ? image[0] : ""}<figcaption>${caption}</figcaption></figure>`;
    })
    .replace(/\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/gi, (_, url: string) => `<p><a href="${url.trim()}">${url.trim()}</a></p>`)
    .replace(/\[(gallery|playlist|audio|video)\b[^\]]*\](?:[\s\S]*?\[\/\1\])?/gi, "");
}

/** HTML comments (WordPress's `<!-- wp:paragraph -->` block marks, `<!--more-->`), which carry no content. */
export const withoutComments = (html: string) => html.replace(/<!--[\s\S]*?-->/g, "");

function cellText(service: TurndownService, cell: HTMLElement) {
  return service.turndown(cell.innerHTML).replace(/\n+/g, " ").replace(/\|/g, "\\|").trim();
}

function createConverter() {
  const service = new TurndownService({
    headingStyle: "atx",
    hr: "---",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    emDelimiter: "*",
    strongDelimiter: "**",
    linkStyle: "inlined",
  });
  service.use([highlightedCodeBlock, strikethrough, taskListItems]);
  service.remove(["script", "style", "noscript", "template", "form", "button", "select", "input", "textarea", "head", "canvas"]);
  // A table is always a Markdown table: its first row is the heading (gfm's plugin keeps tables
  // without a heading row as HTML, which readers would see as text).
  service.addRule("table", {
    filter: "table",
    replacement(_content, node) {
      const rows = Array.from((node as HTMLTableElement).querySelectorAll("tr")).filter((row) => row.closest("table") === node);
      const cells = rows.map((row) => Array.from(row.children).filter((cell) => /^(TD|TH)$/.test(cell.nodeName)) as HTMLElement[]);
      const width = Math.max(0, ...cells.map((row) => row.length));
      if (width === 0) return "";
      const line = (row: string[]) => `| ${Array.from({ length: width }, (_, index) => row[index] ?? "").join(" | ")} |`;
      const [head, ...body] = cells.map((row) => row.map((cell) => cellText(service, cell)));
      return `\n\n${[line(head!), line(Array.from({ length: width }, () => "---")), ...body.map(line)].join("\n")}\n\n`;
    },
  });
  // Embedded players and frames have no Markdown form: a link to what they show.
  service.addRule("embed", {
    filter: ["iframe", "video", "audio", "object", "embed"],
    replacement(_content, node) {
      const element = node as HTMLElement;
      const source = element.getAttribute("src") ?? element.getAttribute("data") ?? element.querySelector("source")?.getAttribute("src");
      if (!source || !/^https?:\/\//i.test(source)) return "";
      return `\n\n[${element.getAttribute("title") || source}](${source})\n\n`;
    },
  });
  // WordPress's classic editor writes <pre> without <code>: still a code block, its lines kept.
  service.addRule("preformatted", {
    filter: (node) => node.nodeName === "PRE" && node.firstElementChild?.nodeName !== "CODE",
    replacement: (_content, node) => `\n\n\`\`\`\n${(node.textContent ?? "").replace(/\n$/, "")}\n\`\`\`\n\n`,
  });
  // A figure's caption is the line under its image.
  service.addRule("figcaption", {
    filter: "figcaption",
    replacement: (content) => (content.trim() ? `\n\n*${content.trim()}*\n\n` : ""),
  });
  // WordPress links an inserted image to its full-size file: the full-size file is the image (it gets responsive copies here).
  service.addRule("linkedImage", {
    filter: (node) =>
      node.nodeName === "A" &&
      node.children.length === 1 &&
      node.firstElementChild?.nodeName === "IMG" &&
      !node.textContent?.trim() &&
      /\.(jpe?g|png|gif|webp)(\?.*)?$/i.test(node.getAttribute("href") ?? ""),
    replacement(_content, node) {
      const image = (node as HTMLElement).firstElementChild!;
      const alt = (image.getAttribute("alt") ?? "").replace(/[[\]\n]/g, " ").trim();
      return `![${alt}](${(node as HTMLElement).getAttribute("href")!.trim().replace(/ /g, "%20").replace(/\)/g, "%29")})`;
    },
  });
  // Images without an address (lazy-loading placeholders keep it in data-src) or with a data: URL are dropped.
  service.addRule("image", {
    filter: "img",
    replacement(_content, node) {
      const element = node as HTMLElement;
      const source = (element.getAttribute("src") || element.getAttribute("data-src") || "").trim();
      if (!source || /^data:/i.test(source)) return "";
      const alt = (element.getAttribute("alt") ?? "").replace(/[[\]\n]/g, " ").trim();
      const title = element.getAttribute("title");
      return `![${alt}](${source.replace(/ /g, "%20").replace(/\)/g, "%29")}${title ? ` "${title.replace(/"/g, '\\"')}"` : ""})`;
    },
  });
  return service;
}

let converter: TurndownService | null = null;

/** HTML to Markdown: headings, emphasis, links, images, lists, quotes, code, tables; the rest as text. */
export function htmlToMarkdown(html: string): string {
  converter ??= createConverter();
  const lines = converter.turndown(withoutComments(html)).split("\n");
  // A hard break ("  " at a line's end) before a blank line or the end breaks nothing: dropped, as are blank lines of spaces.
  const tidy = lines.map((line, index) => {
    const next = lines[index + 1];
    if (!line.trim() || /^>\s*$/.test(line)) return line.trim();
    return next === undefined || !next.trim() || /^>\s*$/.test(next) ? line.replace(/\s+$/, "") : line;
  });
  return tidy
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A WordPress post's content (classic or block editor) as Markdown. */
export function wordpressToMarkdown(content: string): string {
  const blocks = /<!--\s*wp:/.test(content);
  // A CDATA section inside HTML is text to a browser-like parser's eyes only once escaped.
  const html = wordpressShortcodes(withoutComments(content)).replace(/<!\[CDATA\[/g, "&lt;![CDATA[");
  return htmlToMarkdown(blocks ? html : wordpressAutop(html));
}

/** Plain text of a piece of HTML (a comment, an excerpt): its paragraphs kept as blank lines. */
export function htmlToText(html: string): string {
  return htmlToMarkdown(html.includes("<") ? html : wordpressAutop(html))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|\*|`)/g, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, "$1")
    .trim();
}
