import { useId, useState } from "react";
import { data, useFetcher, useRevalidator } from "react-router";
import { RefreshCw, Search } from "lucide-react";
import type { Route } from "./+types/media";
import type { Toast } from "../../lib/toast";
import { useActionToast } from "../../lib/use-action-toast";
import { useLiveRevalidation } from "../../lib/use-live-revalidation";
import { requireAdmin } from "../../server/auth.server";
import { deleteFileSchema, deleteStorageFile, listMediaReferences, listStorageFiles, MediaDeleteError, mergeMediaItems, type MediaKind } from "../../server/media.server";
import { services } from "../../server/services.server";
import { Button } from "../../components/ui/button";
import { controlClass } from "../../components/ui/field";
import { MediaCard, mediaDeleteFetcherKey, type MediaActionData } from "../../components/admin/media-card";

export const meta: Route.MetaFunction = () => [{ title: "Media Library | The Educator - Admin" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader() {
  const { db, storage, log } = services();
  // Storage and the database fail independently; whatever loaded is still shown.
  const [files, references] = await Promise.all([
    listStorageFiles(storage).catch((error: unknown) => {
      log.error({ err: error }, "Failed to load storage files");
      return null;
    }),
    listMediaReferences(db).catch((error: unknown) => {
      log.error({ err: error }, "Failed to load media references");
      return null;
    }),
  ]);
  const storageToast: Toast | undefined = files ? undefined : { type: "error", title: "Storage error", description: "Failed to load storage files" };
  const referencesToast: Toast | undefined = references ? undefined : { type: "error", title: "Error", description: "Failed to load media references" };
  return { items: mergeMediaItems(files ?? [], references ?? []), storageToast, referencesToast };
}

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a delete re-checks so this action stays safe on its own.
  await requireAdmin(request);
  const form = await request.formData();
  const parsed = deleteFileSchema.safeParse({ bucket: form.get("bucket"), path: form.get("path") });
  if (form.get("intent") !== "delete" || !parsed.success) {
    return data<MediaActionData>({ toast: { type: "error", title: "Delete failed", description: "Invalid request." } }, { status: 400 });
  }
  const { storage, log } = services();
  try {
    await deleteStorageFile(storage, parsed.data.bucket, parsed.data.path);
  } catch (error) {
    if (error instanceof MediaDeleteError) return data<MediaActionData>({ toast: { type: "error", title: "Delete failed", description: error.message } }, { status: 400 });
    log.error({ err: error }, "Storage delete failed");
    const message = error instanceof Error ? error.message : "Could not delete the file.";
    return data<MediaActionData>({ toast: { type: "error", title: "Delete failed", description: message } }, { status: 500 });
  }
  return data<MediaActionData>({ toast: { type: "success", title: "Deleted", description: "File removed from storage" } });
}

type Filter = "all" | MediaKind;

const filters: Array<{ value: Filter; label: string }> = [
  { value: "all", label: "All" },
  { value: "storage", label: "Storage" },
  { value: "article-featured", label: "Article Featured" },
  { value: "article-content", label: "Article Content" },
  { value: "team", label: "Team Photos" },
];

type Item = Route.ComponentProps["loaderData"]["items"][number];

function matchesFilter(item: Item, filter: Filter) {
  if (filter === "all") return true;
  if (filter === "storage") return item.file !== null;
  return item.kind === filter || item.references.some((reference) => reference.kind === filter);
}

function matchesSearch(item: Item, query: string) {
  if (!query) return true;
  const texts = [item.url, item.label, ...item.references.map((reference) => reference.label)];
  return texts.some((text) => text.toLowerCase().includes(query));
}

export default function MediaLibraryScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["articles", "team_members"]);
  useActionToast({ toast: loaderData.storageToast });
  useActionToast({ toast: loaderData.referencesToast });
  useActionToast(useFetcher<MediaActionData>({ key: mediaDeleteFetcherKey }).data);
  const revalidator = useRevalidator();
  const [query, setQuery] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const searchId = useId();
  const { items } = loaderData;
  const needle = query.trim().toLowerCase();
  const shown = items.filter((item) => matchesFilter(item, filter) && matchesSearch(item, needle));
  const refreshing = revalidator.state === "loading";

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Media Library</h1>
        <Button variant="outline" onClick={() => void revalidator.revalidate()} disabled={refreshing}>
          <RefreshCw className={`size-4 ${refreshing ? "animate-spin" : ""}`} aria-hidden />
          Refresh
        </Button>
      </div>

      <div className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-end">
        <div className="lg:w-96">
          <label htmlFor={searchId} className="text-sm font-medium">
            Search media
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" aria-hidden />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search by URL or label"
              className={`${controlClass} pl-9`}
            />
          </div>
        </div>
        <div role="group" aria-label="Filter media" className="flex flex-wrap gap-2">
          {filters.map((option) => (
            <Button key={option.value} size="sm" variant={filter === option.value ? "primary" : "outline"} aria-pressed={filter === option.value} onClick={() => setFilter(option.value)}>
              {option.label}
            </Button>
          ))}
        </div>
      </div>

      {loaderData.storageToast && (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {loaderData.storageToast.title}: {loaderData.storageToast.description}
        </p>
      )}
      {loaderData.referencesToast && (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {loaderData.referencesToast.description}
        </p>
      )}

      <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        {shown.length === items.length ? `${items.length} items` : `${shown.length} of ${items.length} items`}
      </p>

      {shown.length === 0 ? (
        <p className="mt-8 text-center text-slate-600 dark:text-slate-300">{items.length === 0 ? "No media yet." : "No media matches your search."}</p>
      ) : (
        <ul aria-label="Media items" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {shown.map((item) => (
            <MediaCard key={item.url} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
