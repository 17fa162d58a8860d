import { data } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import type { Route } from "./+types/not-found";
import type { ReaderPageHandle } from "#app/lib/reader-page";

export function loader(_: Route.LoaderArgs) {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Page not found", matches);

// Any address ends here: rendered without React in the browser, never cached.
export const handle: ReaderPageHandle = { readerPage: {} };

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-6xl font-black">404</h1>
      <p className="mt-4 text-xl">Oops! Page not found</p>
      <a href="/" className="mt-6 inline-block font-medium text-accent underline">
        Return to Home
      </a>
    </div>
  );
}
