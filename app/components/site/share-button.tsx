import { Share2 } from "./icons";
import { hook, hooks } from "#app/lib/reader-hooks";

/** The look of Share and of the other ways to share beside it. */
export const shareItemClass =
  "inline-flex items-center gap-2 rounded-md border border-input px-3 py-1.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * Share: the reader script (app/reader-script) opens the native share sheet or copies the link
 * and says "Link copied!". The article page is not hydrated, so the button carries its data.
 */
export function ShareButton({ title, path, label = "Share" }: { title: string; path: string; label?: string }) {
  return (
    <button type="button" {...hook(hooks.shareTitle, title)} {...hook(hooks.sharePath, path)} className={shareItemClass}>
      <Share2 aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
