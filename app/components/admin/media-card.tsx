import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { showToast } from "#app/lib/toast";
import { Copy, ExternalLink, ImageOff, Pencil, Trash2 } from "lucide-react";
import type { MediaItem, MediaKind } from "#app/lib/media-types";
import type { Toast } from "#app/lib/toast";
import { imageSrcSet } from "#app/lib/responsive-image";
import { confirmSubmit } from "#app/lib/use-action-toast";
import { useRootData } from "#app/lib/root-data";
import { Button, buttonClass } from "#app/components/ui/button";

export interface MediaActionData {
  toast: Toast;
}

// Shared by every card: the screen shows the toast, since a deleted card is gone when the answer lands.
export const mediaDeleteFetcherKey = "media-delete";

const kindLabels: Record<MediaKind, string> = {
  storage: "Storage",
  "article-featured": "Article Featured",
  "article-content": "Article Content",
  team: "Team Photo",
};

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The image, or a placeholder when it cannot be loaded. */
function MediaThumbnail({ url }: { url: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <div className="flex aspect-video flex-col items-center justify-center gap-1 bg-muted text-sm text-muted-foreground">
        <ImageOff className="size-8" aria-hidden />
        Image unavailable
      </div>
    );
  }
  return (
    <img
      src={url}
      srcSet={imageSrcSet(url)}
      sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
      alt=""
      loading="lazy"
      className="aspect-video w-full bg-muted object-cover"
      onError={() => setBroken(true)}
      // An image that failed before hydration fired its error event before React listened.
      ref={(image) => {
        if (image?.complete && image.naturalWidth === 0) setBroken(true);
      }}
    />
  );
}

/** Where the library links to: an absolute address for our own /uploads paths. */
function absoluteUrl(url: string, publicUrl: string | undefined) {
  return url.startsWith("/") && publicUrl ? new URL(url, publicUrl).href : url;
}

async function copyUrl(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    showToast({ type: "success", title: "Copied", description: url });
  } catch {
    showToast({ type: "error", title: "Copy failed", description: "Unable to copy URL" });
  }
}

function DeleteFile({ bucket, path }: { bucket: string; path: string }) {
  const fetcher = useFetcher<MediaActionData>({ key: mediaDeleteFetcherKey });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("path") === path;
  return (
    <fetcher.Form method="post" onSubmit={confirmSubmit(`Delete file ${bucket}/${path}? This cannot be undone.`)}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="bucket" value={bucket} />
      <input type="hidden" name="path" value={path} />
      <Button type="submit" variant="ghost" size="sm" aria-label={`Delete ${bucket}/${path}`} disabled={busy} className="text-destructive">
        <Trash2 className="size-4" aria-hidden />
        {busy ? "Deleting..." : "Delete"}
      </Button>
    </fetcher.Form>
  );
}

export function MediaCard({ item }: { item: MediaItem }) {
  const root = useRootData();
  const href = absoluteUrl(item.url, root?.publicUrl);
  const kinds = [...new Set([...(item.file ? (["storage"] as const) : []), ...item.references.map((reference) => reference.kind)])];
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border">
      <MediaThumbnail url={item.url} />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h2 className="truncate text-sm font-semibold" title={item.label}>
          {item.label}
        </h2>
        <ul aria-label="Found in" className="flex flex-wrap gap-1">
          {kinds.map((kind) => (
            <li key={kind} className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
              {kindLabels[kind]}
            </li>
          ))}
        </ul>
        <p className="truncate text-xs text-muted-foreground" title={href}>
          {item.file ? `${item.file.bucket}/${item.file.path} · ${formatSize(item.file.size)}` : href}
        </p>
        {item.references.length > 0 && (
          <ul className="space-y-1 text-sm">
            {item.references.map((reference) => (
              <li key={`${reference.kind}-${reference.id}`}>
                <Link
                  to={reference.kind === "team" ? `/admin/team/${reference.id}` : `/admin/articles/${reference.id}`}
                  className="inline-flex max-w-full items-center gap-1 text-accent underline"
                >
                  <Pencil className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate">
                    {reference.kind === "team" ? "Team member" : "Article"}: {reference.label}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-1 pt-1">
          <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass("ghost", "sm")} aria-label={`Open ${item.label} in a new tab`}>
            <ExternalLink className="size-4" aria-hidden />
            Open
          </a>
          <Button variant="ghost" size="sm" aria-label={`Copy URL of ${item.label}`} onClick={() => void copyUrl(href)}>
            <Copy className="size-4" aria-hidden />
            Copy URL
          </Button>
          {item.file && <DeleteFile bucket={item.file.bucket} path={item.file.path} />}
        </div>
      </div>
    </li>
  );
}
