// What the media library lists: made by the server, shown by the admin screen.

/** Where a media item was found; the library's filters are these kinds. */
export type MediaKind = "storage" | "article-featured" | "article-content" | "team";

/** An article or team member that shows the image. */
export interface MediaReference {
  kind: Exclude<MediaKind, "storage">;
  id: string;
  label: string;
}

export interface MediaItem {
  url: string;
  /** File name, article title or member name: whatever found the image first. */
  label: string;
  kind: MediaKind;
  /** Set when the image is a file in our storage (only those can be deleted). */
  file: { bucket: string; path: string; size: number; lastModified: Date } | null;
  references: MediaReference[];
}
