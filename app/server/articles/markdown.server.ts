import { Marked, type Tokens } from "marked";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

// A site-relative path is read as a browser reads it, against an address of our own: one that leaves it is no path of ours.
const ownOrigin = "https://site.invalid";

/**
 * Only web links, site-relative paths and mail links; never javascript:, data: or other schemes. A
 * path comes out as the browser would read it (a backslash is a slash there, tabs and line breaks
 * vanish): `/\evil.example` or `/<tab>/evil.example` would leave the site, and are no link.
 */
function safeUrl(href: string): string | null {
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed) || /^#/.test(trimmed)) return trimmed;
  if (!trimmed.startsWith("/")) return null;
  let resolved: URL;
  try {
    resolved = new URL(trimmed, ownOrigin);
  } catch {
    return null;
  }
  return resolved.origin === ownOrigin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : null;
}

// Raw HTML in content is shown as text, links and images are checked: nothing from content can run.
const markdown = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const url = safeUrl(href);
      const inner = this.parser.parseInline(tokens);
      if (!url) return inner;
      const external = /^https?:/i.test(url);
      return `<a href="${escapeHtml(url)}"${title ? ` title="${escapeHtml(title)}"` : ""}${external ? ' rel="noopener noreferrer nofollow" target="_blank"' : ""}>${inner}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const url = safeUrl(href);
      if (!url) return escapeHtml(text);
      return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}" loading="lazy"${title ? ` title="${escapeHtml(title)}"` : ""}>`;
    },
  },
});

/** Markdown (a superset of the spec's ##, ###, **bold** and line breaks) to safe HTML. */
export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}
