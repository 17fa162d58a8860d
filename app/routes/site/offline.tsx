import { WifiOff } from "#app/components/site/icons";
import { privatePageMeta } from "#app/lib/seo";
import type { Route } from "./+types/offline";
import { loadAsDocument, type ReaderPageHandle } from "#app/lib/reader-page";
import { buttonClass } from "#app/components/ui/button";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("You are offline", matches);

// Shown by the service worker for a page it does not keep when there is no connection.
export const handle: ReaderPageHandle = { readerPage: { cacheTags: () => [] } };

// A server loader, so the server renders the page itself (a route with only a clientLoader renders a fallback).
export const loader = () => null;
export const clientLoader = loadAsDocument;

export default function Offline() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <WifiOff aria-hidden="true" className="mx-auto size-10 text-muted-foreground" />
      <h1 className="mt-4 text-3xl font-bold">You are offline</h1>
      <p className="mt-3 text-muted-foreground">This page is not kept on this device. The articles you saved, and the ones you read last, still open.</p>
      <a href="/saved" className={buttonClass("primary", "md", "mt-6 text-base font-semibold")}>
        Open saved articles
      </a>
    </div>
  );
}
