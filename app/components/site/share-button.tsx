import { Share2 } from "lucide-react";
import { toast } from "sonner";

const linkCopied = "Link copied!";

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

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    if (!copyWithSelection(url)) {
      toast.error("Could not copy the link", { description: url });
      return;
    }
  }
  toast.success(linkCopied);
}

const isUserCancel = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** Opens the native share sheet where there is one; otherwise, or when it fails, copies the link. */
export function ShareButton({ title, path, label = "Share" }: { title: string; path: string; label?: string }) {
  async function share() {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (isUserCancel(error)) return;
      }
    }
    await copyLink(url);
  }
  return (
    <button
      type="button"
      onClick={share}
      className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      <Share2 aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
