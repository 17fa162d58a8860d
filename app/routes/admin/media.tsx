import { useId } from "react";
import { data, Form, Link, useFetcher, useRevalidator } from "react-router";
import { RefreshCw, Search } from "lucide-react";
import type { Route } from "./+types/media";
import { readForm } from "#app/server/core/form.server";
import type { Toast } from "#app/lib/toast";
import { useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { accessDenied, requireAbility } from "#app/server/auth/access.server";
import { can } from "#app/lib/access";
import {
  deleteFileSchema,
  deleteStorageFile,
  listMediaPage,
  listMediaReferences,
  MediaDeleteError,
  mediaFilterSchema,
  referencesByUrl,
  isUploadOf,
  uploadsOf,
  type MediaFilter,
} from "#app/server/media/media.server";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { services } from "#app/server/core/services.server";
import { Pagination } from "#app/components/site/pagination";
import { Button } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";
import { MediaCard, mediaDeleteFetcherKey, type MediaActionData } from "#app/components/admin/media-card";
import { adminMeta } from "#app/lib/seo";
import { plural } from "#app/lib/plural";
import { listAllResources } from "#app/server/resources/resources.server";
import { stampDateTime } from "#app/server/core/stamps.server";
import { describeResource, resourceDownloadPath } from "#app/lib/resource-files";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Media Library", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, storage, log } = services();
  const url = new URL(request.url);
  const filter = mediaFilterSchema.parse({ q: url.searchParams.get("q"), kind: url.searchParams.get("kind") ?? "all" });
  const page = pageRequest(url.searchParams);
  const viewer = await requireAbility(request, "writeOwnArticles");
  if (filter.kind === "resources") {
    // Files attached to articles, newest first: contributors and authors see the ones they uploaded.
    const all = await listAllResources(db, { uploadedBy: can(viewer.role, "manageMedia") ? null : viewer.id });
    const needle = filter.q.toLowerCase();
    const resources = all
      .filter((resource) => !needle || `${resource.title} ${resource.articleTitle}`.toLowerCase().includes(needle))
      .map(({ createdAt, ...resource }) => ({ ...resource, uploaded: stampDateTime(createdAt) }));
    return { items: [], resources, filter, pages: pageLinks(url, { prev: null, next: null }), storageToast: undefined, referencesToast: undefined };
  }
  // Contributors and authors see the images they uploaded; editors and admins the whole library.
  const owned = can(viewer.role, "manageMedia") ? null : await uploadsOf(db, viewer.id);
  // Storage and the database fail independently; whatever loaded is still shown.
  const references = await listMediaReferences(db).catch((error: unknown) => {
    log.error({ err: error }, "Failed to load media references");
    return null;
  });
  const byUrl = referencesByUrl(references ?? []);
  const items = await listMediaPage(storage, byUrl, filter, page, undefined, owned).catch((error: unknown) => {
    log.error({ err: error }, "Failed to load storage files");
    return null;
  });
  const shown = items ?? (await listMediaPage(null, byUrl, filter, page, undefined, owned));
  const storageToast: Toast | undefined = items ? undefined : { type: "error", title: "Storage error", description: "Failed to load storage files" };
  const referencesToast: Toast | undefined = references ? undefined : { type: "error", title: "Error", description: "Failed to load media references" };
  return { items: shown.rows, resources: null, filter, pages: pageLinks(url, shown), storageToast, referencesToast };
}

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a delete re-checks so this action stays safe on its own.
  const viewer = await requireAbility(request, "writeOwnArticles");
  const form = (await readForm(request)) ?? new FormData();
  const parsed = deleteFileSchema.safeParse({ bucket: form.get("bucket"), path: form.get("path") });
  if (form.get("intent") !== "delete" || !parsed.success) {
    return data<MediaActionData>({ toast: { type: "error", title: "Delete failed", description: "Invalid request." } }, { status: 400 });
  }
  const { db, storage, log } = services();
  if (!can(viewer.role, "manageMedia") && !(await isUploadOf(db, storage.publicUrl(parsed.data.bucket, parsed.data.path), viewer.id))) throw accessDenied();
  try {
    await deleteStorageFile(storage, parsed.data.bucket, parsed.data.path);
  } catch (error) {
    if (error instanceof MediaDeleteError)
      return data<MediaActionData>({ toast: { type: "error", title: "Delete failed", description: error.message } }, { status: 400 });
    log.error({ err: error }, "Storage delete failed");
    const message = error instanceof Error ? error.message : "Could not delete the file.";
    return data<MediaActionData>({ toast: { type: "error", title: "Delete failed", description: message } }, { status: 500 });
  }
  return data<MediaActionData>({ toast: { type: "success", title: "Deleted", description: "File removed from storage" } });
}

const filters: Array<{ value: MediaFilter["kind"]; label: string }> = [
  { value: "all", label: "All" },
  { value: "storage", label: "Storage" },
  { value: "article-featured", label: "Article Featured" },
  { value: "article-content", label: "Article Content" },
  { value: "team", label: "Team Photos" },
  { value: "resources", label: "Resources" },
];

export default function MediaLibraryScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["articles", "team_members"]);
  useActionToast({ toast: loaderData.storageToast });
  useActionToast({ toast: loaderData.referencesToast });
  useActionToast(useFetcher<MediaActionData>({ key: mediaDeleteFetcherKey }).data);
  const revalidator = useRevalidator();
  const searchId = useId();
  const { items, filter, pages } = loaderData;
  const filtered = filter.kind !== "all" || filter.q !== "";
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

      {/* A GET form: the search and the filter are the server's, in the URL, so they hold across pages. */}
      <Form method="get" role="search" className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-end">
        <div className="lg:w-96">
          <label htmlFor={searchId} className="text-sm font-medium">
            Search media
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <input
              id={searchId}
              key={filter.q}
              type="search"
              name="q"
              defaultValue={filter.q}
              placeholder="Search by URL or label"
              className={`${controlClass} pl-9`}
            />
          </div>
        </div>
        {/* The form's first button, so Enter in the search box searches within the filter shown as pressed. */}
        <Button type="submit" name="kind" value={filter.kind} variant="outline">
          Search
        </Button>
        <div role="group" aria-label="Filter media" className="flex flex-wrap gap-2">
          {filters.map((option) => (
            <Button
              key={option.value}
              type="submit"
              name="kind"
              value={option.value}
              size="sm"
              variant={filter.kind === option.value ? "primary" : "outline"}
              aria-pressed={filter.kind === option.value}
            >
              {option.label}
            </Button>
          ))}
        </div>
      </Form>

      {loaderData.storageToast && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {loaderData.storageToast.title}: {loaderData.storageToast.description}
        </p>
      )}
      {loaderData.referencesToast && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {loaderData.referencesToast.description}
        </p>
      )}

      {loaderData.resources ? (
        <ResourceList resources={loaderData.resources} filtered={filter.q !== ""} />
      ) : (
        <>
          <p role="status" className="mt-4 text-sm text-muted-foreground">
            {`${plural(items.length, { one: "item", other: "items" })} on this page`}
          </p>

          {items.length === 0 ? (
            <p className="mt-8 text-center text-muted-foreground">{filtered ? "No media matches your search." : "No media yet."}</p>
          ) : (
            <ul aria-label="Media items" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
              {items.map((item) => (
                <MediaCard key={item.url} item={item} />
              ))}
            </ul>
          )}
          <Pagination links={pages} label="Media pages" />
        </>
      )}
    </div>
  );
}

/** The "Resources" filter: every file attached to an article, with the article it belongs to. */
function ResourceList({ resources, filtered }: { resources: NonNullable<Route.ComponentProps["loaderData"]["resources"]>; filtered: boolean }) {
  return (
    <>
      <p role="status" className="mt-4 text-sm text-muted-foreground">
        {plural(resources.length, { one: "resource", other: "resources" })}
      </p>
      {resources.length === 0 ? (
        <p className="mt-8 text-center text-muted-foreground">{filtered ? "No resource matches your search." : "No resources yet."}</p>
      ) : (
        <ul aria-label="Resources" className="mt-4 divide-y divide-border rounded-lg border border-border">
          {resources.map((resource) => (
            <li key={resource.id} className="px-3 py-2 text-sm">
              <a href={resourceDownloadPath(resource)} className="font-medium underline">
                {resource.title}
              </a>
              <span className="block text-muted-foreground">
                {describeResource(resource)} · {plural(resource.downloads, { one: "download", other: "downloads" })}
              </span>
              <span className="block text-muted-foreground">
                In{" "}
                <Link to={`/admin/articles/${resource.articleId}`} className="underline">
                  {resource.articleTitle}
                </Link>
                {resource.uploader ? ` · uploaded by ${resource.uploader}` : ""} · <time dateTime={resource.uploaded.iso}>{resource.uploaded.text}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
