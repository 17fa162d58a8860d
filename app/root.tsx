import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { getUser, viewerHintCorrection } from "./server/auth/auth.server";
import { signOutNotice } from "./server/auth/session-endings.server";
import { takeToast } from "./server/core/toast.server";
import { services } from "./server/core/services.server";
import { refuseUnreadableAddress } from "./server/core/form.server";
import { pageRequest } from "./server/reader-pages/page-request.server";
import { siteSettings } from "./server/core/site-settings.server";
import { useNonce } from "./lib/nonce";
import { useActionToast } from "./lib/use-action-toast";
import { useRootData, type RootData } from "./lib/root-data";
import { usePageViewBeacon } from "./lib/page-view-beacon";
import { useReaderPage } from "./lib/reader-page";
import { ReaderPageLinks } from "./components/site/site-link";
import { Toasts } from "./components/site/toasts";
import { themeScript } from "./lib/theme-script";
import { readerScriptLoader } from "./lib/reader-script-loader";
import { lightThemeColors } from "./lib/theme";
import { webAppManifestPath } from "./lib/offline";
import { hook, hooks } from "./lib/reader-hooks";
import { signedOutToast } from "./lib/viewer";
import stylesheet from "./app.css?url";
// Built by Vite as one self-contained file (the worker pipeline bundles an entry into a single chunk).
import readerScript from "./reader-script/enhance.ts?worker&url";

/** Before any loader or action: an address holding a NUL byte is refused (400). */
export const middleware: Route.MiddlewareFunction[] = [refuseUnreadableAddress];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // A browser signed out for a reason is told so once (the sign-in page says it in place).
  const onSignInPage = new URL(request.url).pathname === "/auth";
  const [user, { toast, clear }, signedOut] = await Promise.all([getUser(request), takeToast(request), onSignInPage ? null : signOutNotice(request)]);
  const headers = new Headers();
  // A page rendered for this browser puts its viewer hint right too (app/lib/viewer.ts).
  const hint = signedOut ? [] : [viewerHintCorrection(request, user)];
  for (const cookie of [clear, ...(signedOut?.clearCookies ?? []), ...hint]) if (cookie) headers.append("Set-Cookie", cookie);
  return data(
    {
      user: user && { id: user.id, email: user.email, displayName: user.displayName, role: user.role },
      // The reason comes first: a toast left for the ended session ("Signed in successfully!") is stale.
      toast: signedOut ? signedOutToast(signedOut.text) : toast,
      publicUrl: services().config.PUBLIC_URL,
      dataSaver: pageRequest(context).dataSaver,
      schoolPack: pageRequest(context).schoolPack,
      site: siteSettings(),
    } satisfies RootData,
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const readerPage = useReaderPage();
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
        {...(readerPage?.live?.length ? hook(hooks.live, readerPage.live.join(" ")) : {})}
        className="min-h-screen bg-background text-foreground antialiased"
      >
        {children}
        {/* A reader page, never hydrated, shows the server's toast in its markup; a hydrated one with useActionToast. */}
        <Toasts toast={readerPage ? root?.toast : null} />
        {!readerPage && (
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
    document.documentElement.setAttribute(hooks.hydrated, "true");
  }, []);
  return (
    <>
      <Outlet />
      <ToastFromServer />
    </>
  );
}

export default function App() {
  // A reader page is never hydrated: nothing here would run in the browser.
  if (useReaderPage()) {
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
