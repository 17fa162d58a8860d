import { ImageUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { showToast } from "#app/lib/toast";
import { Button } from "#app/components/ui/button";
import { TextField } from "#app/components/ui/field";
import { maxImageBytes, uploadFailures, type UploadFailure, type UploadFolder } from "#app/lib/image-upload-messages";

interface ImageUploadFieldProps {
  id: string;
  name: string;
  label: string;
  folder: UploadFolder;
  value: string;
  onChange(url: string): void;
  error?: string;
  /** Toast shown once the image is stored, e.g. "Image uploaded" / "Featured image set." */
  uploadedToast: { title: string; description: string };
}

function failureOf(answer: unknown): UploadFailure {
  const error = (answer as { error?: unknown } | null)?.error as Partial<UploadFailure> | undefined;
  return typeof error?.title === "string" && typeof error.description === "string"
    ? { title: error.title, description: error.description }
    : uploadFailures.failed;
}

/** Sends one image to POST /admin/uploads and returns its URL, or the failure to show. */
export async function uploadImage(file: File, folder: UploadFolder): Promise<{ url: string } | { failure: UploadFailure }> {
  // Spare the upload when the size alone decides; the server checks again.
  if (file.size > maxImageBytes) return { failure: uploadFailures.tooLarge };
  const body = new FormData();
  body.set("file", file);
  body.set("folder", folder);
  try {
    const response = await fetch("/admin/uploads", { method: "POST", body, headers: { Accept: "application/json" } });
    const answer: unknown = await response.json().catch(() => null);
    const url = (answer as { url?: unknown } | null)?.url;
    return response.ok && typeof url === "string" ? { url } : { failure: failureOf(answer) };
  } catch {
    return { failure: uploadFailures.failed };
  }
}

/** An image URL field with an upload button and a preview; a failed upload leaves the field as it was. */
export function ImageUploadField({ id, name, label, folder, value, onChange, error, uploadedToast }: ImageUploadFieldProps) {
  const [uploading, setUploading] = useState(false);

  async function handleFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setUploading(true);
    const result = await uploadImage(file, folder);
    setUploading(false);
    // Choosing the same file again must start a new upload.
    input.value = "";
    if ("url" in result) {
      onChange(result.url);
      showToast({ type: "success", title: uploadedToast.title, description: uploadedToast.description });
    } else {
      showToast({ type: "error", title: result.failure.title, description: result.failure.description });
    }
  }

  return (
    <div className="space-y-3">
      <TextField
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        placeholder="https://… or upload an image"
        hint="JPG, PNG, WEBP or GIF, up to 8MB."
      />
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={`inline-flex cursor-pointer items-center gap-2 rounded-md border border-input px-4 py-2 text-sm font-medium hover:bg-muted focus-within:ring-2 focus-within:ring-accent ${uploading ? "pointer-events-none opacity-60" : ""}`}
        >
          <ImageUp className="size-4" aria-hidden />
          {uploading ? "Uploading..." : "Upload image"}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="sr-only"
            disabled={uploading}
            onChange={(event) => void handleFile(event.currentTarget)}
          />
        </label>
        {value && (
          <Button variant="outline" onClick={() => onChange("")}>
            <Trash2 className="size-4" aria-hidden />
            Remove image
          </Button>
        )}
      </div>
      {value && <img src={value} alt={`${label} preview`} className="max-h-56 rounded-lg border border-border object-contain" />}
    </div>
  );
}
