import { BookmarkCheck } from "#app/components/site/icons";
import type { Route } from "./+types/saved";
import { pageMeta, siteFrom } from "#app/lib/seo";
import { defaultDeviceLimit, deviceLimitChoices, maxKeptArticles } from "#app/lib/offline";
import { loadAsDocument, type ReaderPageHandle } from "#app/lib/reader-page";
import { hook, hooks } from "#app/lib/reader-hooks";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Saved articles",
    description: "The articles and questions you saved on this device, to read without a connection.",
    path: "/saved",
    ...siteFrom(matches),
  }),
  { name: "robots", content: "noindex" },
];

// The same page for everyone: the list is this device's, filled in by the reader script
// (app/reader-script/saved-articles.ts). The service worker keeps it, so it opens offline too.
export const handle: ReaderPageHandle = { readerPage: { cacheTags: () => [] } };

// A server loader, so the server renders the page itself (a route with only a clientLoader renders a fallback).
export const loader = () => null;
export const clientLoader = loadAsDocument;

const removeButtonClass = "rounded-md border border-input px-3 py-1.5 text-sm font-medium";

export default function SavedArticles() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <BookmarkCheck aria-hidden="true" className="size-7 text-accent" />
        Saved articles
      </h1>
      <p className="mt-2 text-muted-foreground">
        Articles and Ask Kafundisha questions you save are kept on this device to read without a connection. The last {maxKeptArticles} you opened are kept too.
      </p>
      <section {...hook(hooks.savedList)} aria-label="Saved articles" className="mt-8">
        {/* What saved pages and resources take on this device, and how much they may: the script shows it. */}
        <div {...hook(hooks.savedUsage)} hidden className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3 text-sm">
          <p aria-live="polite" />
          <label className="flex items-center gap-2">
            Limit on this device
            <select defaultValue={defaultDeviceLimit} className="rounded-md border border-input bg-background px-2 py-1">
              {deviceLimitChoices.map((megabytes) => (
                <option key={megabytes} value={megabytes}>
                  {megabytes} MB
                </option>
              ))}
            </select>
          </label>
        </div>
        <p {...hook(hooks.savedEmpty)}>
          Nothing kept yet. Open an article or a question and choose <strong>Save for offline</strong>.
        </p>
        <ul {...hook(hooks.savedItems)} className="divide-y divide-border" />
        {/* An item of the list, which the script fills in for each article or question, with the resources saved with it. */}
        <template {...hook(hooks.savedItem)}>
          <li className="flex items-start justify-between gap-4 py-3">
            <div className="min-w-0 flex-1">
              <a className="font-semibold underline" />
              <p className="text-sm text-muted-foreground" />
              <ul className="mt-2 space-y-2" />
            </div>
            <button type="button" className={removeButtonClass}>
              Remove
            </button>
          </li>
        </template>
        {/* A resource saved with an article: its download (from this device once saved), what it is and its size. */}
        <template {...hook(hooks.savedResource)}>
          <li className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <a download className="font-medium underline" />
            <p className="flex-1 text-muted-foreground" />
            <button type="button" className={removeButtonClass}>
              Remove
            </button>
          </li>
        </template>
      </section>
      <a href="/articles" className="mt-8 inline-block font-medium text-accent underline">
        Browse articles
      </a>
    </div>
  );
}
