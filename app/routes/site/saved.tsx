import { BookmarkCheck } from "#app/components/site/icons";
import type { Route } from "./+types/saved";
import { pageMeta, publicUrlFrom } from "#app/lib/seo";
import { maxKeptArticles } from "#app/lib/offline";
import { loadAsDocument, type ReaderPageHandle } from "#app/lib/reader-page";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Saved articles",
    description: "The articles you saved on this device, to read without a connection.",
    path: "/saved",
    publicUrl: publicUrlFrom(matches),
  }),
  { name: "robots", content: "noindex" },
];

// The same page for everyone: the list is this device's, filled in by the reader script
// (app/reader/saved-articles.ts). The service worker keeps it, so it opens offline too.
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
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Articles you save are kept on this device to read without a connection. The last {maxKeptArticles} articles you opened are kept too.
      </p>
      <section data-saved-list aria-label="Saved articles" className="mt-8">
        <p data-saved-empty>
          Nothing kept yet. Open an article and choose <strong>Save for offline</strong>.
        </p>
        <ul data-saved-items className="divide-y divide-slate-200 dark:divide-slate-800" />
      </section>
      <a href="/articles" className="mt-8 inline-block font-medium text-accent underline">
        Browse articles
      </a>
    </div>
  );
}
