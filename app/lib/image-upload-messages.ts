/** What an upload says when it is refused or fails, shared by the upload endpoint and the forms that call it. */
export interface UploadFailure {
  title: string;
  description: string;
}

export const uploadFailures = {
  unsupported: { title: "Unsupported file", description: "Please upload JPG, PNG, WEBP, or GIF images." },
  tooLarge: { title: "File too large", description: "Maximum size is 8MB." },
  failed: { title: "Upload failed", description: "Could not upload image. Please try again." },
} as const satisfies Record<string, UploadFailure>;

export const maxImageBytes = 8 * 1024 * 1024;

export const uploadFolders = ["articles", "team"] as const;
export type UploadFolder = (typeof uploadFolders)[number];

/** What POST /admin/uploads answers. */
export type UploadAnswer = { url: string } | { error: UploadFailure };
