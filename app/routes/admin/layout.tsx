import { isRouteErrorResponse, Link, Outlet, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdminScreen } from "#app/server/auth/access.server";
import { requireUser } from "#app/server/auth/auth.server";
import { accessDeniedText } from "#app/lib/access";
import { AdminShell, sidebarCookieName } from "#app/components/admin/sidebar";
import { attentionCountsFor, type AttentionCounts } from "#app/server/admin/attention.server";
import { services } from "#app/server/core/services.server";
import { useLiveChanges } from "#app/lib/use-live-revalidation";
import type { loader as attentionLoader } from "./attention";
import { adminMeta } from "#app/lib/seo";

/** The one admin guard: runs before every loader and action under /admin. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    await requireAdminScreen(request);
  },
];

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(undefined, matches);

export async function loader({ request }: Route.LoaderArgs) {
  const cookie = request.headers.get("Cookie") ?? "";
  const { role } = await requireUser(request);
  return {
    role,
    sidebarOpen: !cookie.split(/;\s*/).includes(`${sidebarCookieName}=collapsed`),
    attention: { counts: await attentionCountsFor(services().db, role), countedAt: Date.now() },
  };
}

/** The sidebar's counts: from the page's load, then fetched again whenever comments, Contact messages, Ask Kafundisha posts (reports and held edits too) or articles (the review queue) change. */
function useAttentionCounts(loaded: { counts: AttentionCounts; countedAt: number }) {
  const fetcher = useFetcher<typeof attentionLoader>();
  useLiveChanges(["comments", "contact_messages", "community_questions", "community_answers", "community_reports", "community_held_edits", "articles"], () =>
    fetcher.load("/admin/attention"),
  );
  const fetched = fetcher.data;
  return fetched && fetched.countedAt > loaded.countedAt ? fetched.counts : loaded.counts;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const counts = useAttentionCounts(loaderData.attention);
  return (
    <AdminShell
      role={loaderData.role}
      initiallyOpen={loaderData.sidebarOpen}
      productName="The Educator"
      badges={{
        "/admin/comments": counts.pendingComments,
        "/admin/inbox": counts.unreadInbox,
        "/admin/review": counts.pendingReview,
        "/admin/community": counts.pendingCommunity,
      }}
    >
      {navigation.state === "loading" && navigation.location.pathname.startsWith("/admin") ? (
        <p role="status" className="text-muted-foreground">
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
