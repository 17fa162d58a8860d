import { escapeXml as escapeHtml } from "#app/server/seo/xml.server";
import { smallestSource, tagAttributes } from "#app/server/reader-pages/data-saver.server";
import { siteSettings } from "#app/server/core/site-settings.server";

// A rendered reader page made fit for a pack read without a server: what needs one goes (scripts,
// forms, buttons, sign-in and personal links, preloads and feeds), images keep their smallest copy,
// and a line under the top says when the pack was made, with the page's live address. Links are
// rewritten by the caller (`rewriteLinks`), which knows what the pack holds.

/** Links to pages a pack has no use for (a reader's own, needing a server even online, or the packs themselves): left out of a pack altogether. */
const personalLinks = /^\/(auth|account|saved|newsletter|sign-out|admin|data-saver|school-packs)(\/|$|\?|#)/;
const keptLinkRels = new Set(["stylesheet", "icon"]);

/** The page without what needs a server, with one source per image. */
export function withoutServerParts(html: string): string {
  return (
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
      .replace(/<noscript\b[^>]*>[\s\S]*?<\/noscript>/gi, "")
      .replace(/<form\b[^>]*>[\s\S]*?<\/form>/gi, "")
      .replace(/<button\b[^>]*>[\s\S]*?<\/button>/gi, "")
      .replace(/<link\b[^>]*>/gi, (tag) => (keptLinkRels.has(tagAttributes(tag).get("rel") ?? "") ? tag : ""))
      .replace(/<a\b([^>]*)>[\s\S]*?<\/a>/gi, (anchor, attributes: string) => (personalLinks.test(tagAttributes(attributes).get("href") ?? "") ? "" : anchor))
      // One file per image: its smallest copy, no srcset for the browser to reach past the pack.
      .replace(/<img\b[^>]*>/gi, (tag) =>
        tag
          .replace(/\s(srcset|sizes)="[^"]*"/gi, "")
          .replace(/\ssrc="[^"]*"/i, ` src="${smallestSource(tagAttributes(tag))}"`)
          .replace(/\sfetchpriority="[^"]*"/i, ""),
      )
  );
}

/** The pack's own way round: the site's menu opens with a script on a phone, and a pack has none. */
const packNavigation = [
  ["/", "Home"],
  ["/articles", "Articles"],
  ["/resources", "Lesson Resources"],
  ["/ask-kafundisha", "Ask Kafundisha"],
  ["/about", "About"],
] as const;

const noteLink = 'style="color:inherit;text-decoration:underline"';

/** The lines every page of the pack shows first: when it was made, the page on the live site, and the pack's main pages. */
export function madeOnNote(madeOn: string, liveUrl: string): string {
  return (
    `<div data-school-pack-note="" style="margin:0;padding:6px 12px;font:14px/1.4 system-ui,sans-serif;background:#fff7e6;color:#3d2b00;border-bottom:1px solid #e8d3a8;text-align:center">` +
    `<p style="margin:0">School pack made on ${escapeHtml(madeOn)}. <a href="${escapeHtml(liveUrl)}" ${noteLink}>Read this page online</a> for the latest version.</p>` +
    `<nav aria-label="School pack" style="margin-top:4px;display:flex;flex-wrap:wrap;justify-content:center;gap:4px 16px">` +
    packNavigation
      .filter(([href]) => href !== "/ask-kafundisha" || siteSettings().askKafundisha) // closed in Settings: not in the pack
      .map(([href, text]) => `<a href="${href}" ${noteLink}>${text}</a>`)
      .join("") +
    `</nav></div>`
  );
}

/** The page with the made-on line right after <body>. */
export function withMadeOnNote(html: string, note: string): string {
  return html.replace(/<body\b[^>]*>/i, (body) => body + note);
}
