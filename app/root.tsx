import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { useEffect } from "react";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import { getUser } from "./server/auth/auth.server";
import { takeToast } from "./server/core/toast.server";
import { services } from "./server/core/services.server";
import { refuseUnreadableAddress } from "./server/core/form.server";
import { wantsDataSaver } from "./server/reader/data-saver.server";
import { useNonce } from "./lib/nonce";
import { useActionToast } from "./lib/use-action-toast";
import { usePageViewBeacon } from "./lib/page-view-beacon";
import { readerPageOf } from "./lib/reader-page";
import { ReaderPageLinks } from "./components/site/site-link";
import { themeScript } from "./lib/theme-script";
import { readerScriptLoader } from "./lib/reader-script-loader";
import { lightThemeColors } from "./lib/theme";
import { webAppManifestPath } from "./lib/offline";
import type { Toast } from "./lib/toast";
import stylesheet from "./app.css?url";
// Built by Vite as one self-contained file (the worker pipeline bundles an entry into a single chunk).
import readerScript from "./reader/enhance.ts?worker&url";

/** Before any loader or action: an address holding a NUL byte is refused (400). */
export const middleware: Route.MiddlewareFunction[] = [refuseUnreadableAddress];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [user, { toast, clear }] = await Promise.all([getUser(request), takeToast(request)]);
  return data(
    {
      user: user && { id: user.id, email: user.email, displayName: user.displayName, role: user.role },
      toast,
      publicUrl: services().config.PUBLIC_URL,
      dataSaver: wantsDataSaver(request.headers),
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Where reader pages show toasts (the reader script adds its own); the server's toast is rendered in it. */
function ReaderToasts({ toast }: { toast: Toast | null | undefined }) {
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      data-reader-toasts
      className="fixed top-4 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toast && (
        <div data-toast={toast.type} className="reader-toast">
          <p className="font-semibold">{toast.title}</p>
          {toast.description && <p className="text-sm">{toast.description}</p>}
        </div>
      )}
    </section>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const readerPage = readerPageOf(useMatches());
  const root = useRootData();
  return (
    <html lang="en" data-accent="orange" data-reader-page={readerPage ? "" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={lightThemeColors.accent} />
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        <Meta />
        <Links />
        {/* Reader pages: linked by the reader script once painted (the browser then fetches it and its icon). */}
        {!readerPage && <link rel="manifest" href={webAppManifestPath} />}
        {/* The page reads without it: loaded once the page has painted. */}
        {readerPage && <script data-src={readerScript} dangerouslySetInnerHTML={{ __html: readerScriptLoader }} />}
      </head>
      <body
        data-live={readerPage?.live?.join(" ") || undefined}
        className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100"
      >
        {children}
        {readerPage ? (
          <ReaderToasts toast={root?.toast} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** A toast the server set for this page (after a redirect). */
function ToastFromServer() {
  useActionToast(useRootData());
  return null;
}

/** Hydrated pages: the React app with its page-view beacon and toasts. */
function HydratedShell() {
  usePageViewBeacon();
  // Lets end-to-end tests wait until buttons have their behaviour, not just their markup.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <Outlet />
      <ToastFromServer />
      {/* Plain toasts: sonner's rich colours fall short of AA contrast in the light theme. */}
      <Toaster closeButton position="top-right" />
    </>
  );
}

export default function App() {
  // A reader page is never hydrated: nothing here would run in the browser.
  if (readerPageOf(useMatches())) {
    return (
      <ReaderPageLinks>
        <Outlet />
      </ReaderPageLinks>
    );
  }
  return <HydratedShell />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  const detail = isRouteErrorResponse(error) ? String(error.data?.error ?? error.data ?? "") : "An unexpected error occurred. Please try again.";
  return (
    <main className="mx-auto max-w-xl p-8">
      <title>{`${title} | The Educator`}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2">{detail}</p>
      <a className="mt-4 inline-block underline" href="/">
        Return to Home
      </a>
    </main>
  );
}
