import { BookmarkPlus, Link2, MessageCircle, Printer, ThumbsUp } from "./icons";
import { shareTargets } from "#app/lib/share";
import { ShareButton, shareItemClass as itemClass } from "./share-button";
import { hook, hooks } from "#app/lib/reader-hooks";
import { useSchoolPack } from "#app/lib/root-data";

/**
 * Share, WhatsApp, Facebook, Copy link, Print and Save for offline. The two networks are plain links
 * (they work without JavaScript); the reader script does the rest, and shows Print and Save (hidden
 * until they can work).
 * `url` is the canonical address.
 */
export function ShareBar({ title, path, url }: { title: string; path: string; url: string }) {
  const targets = shareTargets(title, url);
  // A school pack is read without a connection: nothing to share, save or print from.
  if (useSchoolPack()) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" data-share-bar>
      <ShareButton title={title} path={path} />
      <a href={targets.whatsapp} target="_blank" rel="noopener noreferrer" className={itemClass}>
        <MessageCircle aria-hidden="true" className="size-4" />
        WhatsApp
      </a>
      <a href={targets.facebook} target="_blank" rel="noopener noreferrer" className={itemClass}>
        <ThumbsUp aria-hidden="true" className="size-4" />
        Facebook
      </a>
      <button type="button" {...hook(hooks.copyLink, path)} className={itemClass}>
        <Link2 aria-hidden="true" className="size-4" />
        Copy link
      </button>
      <button type="button" {...hook(hooks.print)} hidden className={itemClass}>
        <Printer aria-hidden="true" className="size-4" />
        Print
      </button>
      <button type="button" {...hook(hooks.saveOffline, title)} aria-pressed="false" hidden className={itemClass}>
        <BookmarkPlus aria-hidden="true" className="size-4" />
        <span {...hook(hooks.saveLabel)}>Save for offline</span>
      </button>
    </div>
  );
}
