import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { useEffect } from "react";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import { getUser } from "./server/auth.server";
import { takeToast } from "./server/toast.server";
import { services } from "./server/services.server";
import { useNonce } from "./lib/nonce";
import { useActionToast } from "./lib/use-action-toast";
import { usePageViewBeacon } from "./lib/page-view-beacon";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [user, { toast, clear }] = await Promise.all([getUser(request), takeToast(request)]);
  return data(
    {
      user: user && { id: user.id, email: user.email, displayName: user.displayName, role: user.role },
      toast,
      publicUrl: services().config.PUBLIC_URL,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

// Runs before the first paint so the saved theme and accent apply with no flash of the wrong theme.
const themeScript = `(function(){try{var d=document.documentElement,t=localStorage.getItem("theme"),a=localStorage.getItem("accentColor");
var dark=t?t==="dark":window.matchMedia("(prefers-color-scheme: dark)").matches;d.classList.toggle("dark",dark);
d.dataset.accent=a==="default"?"default":"orange";}catch(e){}})();`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" data-accent="orange" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** A toast the server set for this page (after a redirect). */
function ToastFromServer() {
  useActionToast(useRootData());
  return null;
}

export default function App() {
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
