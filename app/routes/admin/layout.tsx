import { isRouteErrorResponse, Link, Outlet, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "../../server/auth.server";
import { accessDeniedText } from "../../lib/access";
import { AdminShell, sidebarCookieName } from "../../components/admin/sidebar";

/** The one admin guard: runs before every loader and action under /admin. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    await requireAdmin(request);
  },
];

export const meta: Route.MetaFunction = () => [{ title: "The Educator - Admin" }, { name: "robots", content: "noindex, nofollow" }];

export function loader({ request }: Route.LoaderArgs) {
  const cookie = request.headers.get("Cookie") ?? "";
  return { sidebarOpen: !cookie.split(/;\s*/).includes(`${sidebarCookieName}=collapsed`) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AdminShell initiallyOpen={loaderData.sidebarOpen} productName="The Educator">
      {navigation.state === "loading" && navigation.location.pathname.startsWith("/admin") ? (
        <p role="status" className="text-slate-600 dark:text-slate-300">
          Loading...
        </p>
      ) : (
        <Outlet />
      )}
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const denied = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>The Educator - Admin</title>
      <h1 className="text-2xl font-bold">{denied ? accessDeniedText : "Something went wrong"}</h1>
      {!denied && <p className="mt-2">Please try again.</p>}
      <Link to="/" className="mt-6 inline-block font-medium text-accent underline">
        Return to Home
      </Link>
    </div>
  );
}
