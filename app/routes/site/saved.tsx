import { BookmarkCheck } from "#app/components/site/icons";
import type { Route } from "./+types/saved";
import { pageMeta, publicUrlFrom } from "#app/lib/seo";
import { maxKeptArticles } from "#app/lib/offline";
import { loadAsDocument, type ReaderPageHandle } from "#app/lib/reader-page";
import { hook, hooks } from "#app/lib/reader-hooks";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Saved articles",
    description: "The articles and questions you saved on this device, to read without a connection.",
    path: "/saved",
    publicUrl: publicUrlFrom(matches),
  }),
  { name: "robots", content: "noindex" },
];

// The same page for everyone: the list is this device's, filled in by the reader script
// (app/reader-script/saved-articles.ts). The service worker keeps it, so it opens offline too.
export const handle: ReaderPageHandle = { readerPage: { cacheTags: () => [] } };

// A server loader, so the server renders the page itself (a route with only a clientLoader renders a fallback).
export const loader = () => null;
export const clientLoader = loadAsDocument;

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
        <p {...hook(hooks.savedEmpty)}>
          Nothing kept yet. Open an article or a question and choose <strong>Save for offline</strong>.
        </p>
        <ul {...hook(hooks.savedItems)} className="divide-y divide-border" />
        {/* An item of the list, which the script fills in for each article or question. */}
        <template {...hook(hooks.savedItem)}>
          <li className="flex items-start justify-between gap-4 py-3">
            <div>
              <a className="font-semibold underline" />
              <p className="text-sm text-muted-foreground" />
            </div>
            <button type="button" className="rounded-md border border-input px-3 py-1.5 text-sm font-medium">
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
