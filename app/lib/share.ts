import { withWhatsAppRef } from "./whatsapp-message";

/** What sharing tells the reader: the spec's "Link copied!", or the link when even copying failed. */
export type ShareOutcome = { copied: true } | { copied: false; url: string } | null;

export const linkCopied = "Link copied!";

// Older browsers and non-secure pages have no Clipboard API; a selected textarea still copies there.
function copyWithSelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } finally {
    area.remove();
  }
}

/** Copies `url`, with the clipboard or by selection; says which. */
export async function copyLink(url: string): Promise<ShareOutcome> {
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    if (!copyWithSelection(url)) return { copied: false, url };
  }
  return { copied: true };
}

const isUserCancel = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * Opens the native share sheet where there is one; otherwise, or when it fails, copies the link.
 * Null when the native sheet did the work or the reader cancelled it.
 */
export async function shareLink(title: string, path: string): Promise<ShareOutcome> {
  const url = new URL(path, window.location.origin).href;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return null;
    } catch (error) {
      if (isUserCancel(error)) return null;
    }
  }
  return copyLink(url);
}

/**
 * Share links for where teachers talk: WhatsApp (`wa.me`, title and link as the message, the link
 * marked so analytics counts the visits it brings as WhatsApp's) and Facebook.
 */
export function shareTargets(title: string, url: string) {
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${withWhatsAppRef(url)}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  };
}
