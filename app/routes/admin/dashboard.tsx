import { count, eq, sql } from "drizzle-orm";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { articles, profiles } from "../../../database/schema";
import { services } from "../../server/services.server";
import { useRootData } from "../../root";
import { SignOutButton } from "../../components/site/sign-out-button";
import { useLiveRevalidation } from "../../lib/use-live-revalidation";

export async function loader() {
  const { db } = services();
  const [[users], [totals]] = await Promise.all([
    db.select({ n: count() }).from(profiles),
    db
      .select({
        total: count(),
        published: sql<number>`count(*) filter (where ${eq(articles.status, "published")})`.mapWith(Number),
        views: sql<number>`coalesce(sum(${articles.views}), 0)`.mapWith(Number),
      })
      .from(articles),
  ]);
  return { users: users!.n, totalArticles: totals!.total, publishedArticles: totals!.published, totalViews: totals!.views };
}

function Card({ title, value, detail }: { title: string; value: React.ReactNode; detail?: string }) {
  return (
    <section className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
      <h2 className="text-sm font-medium text-slate-600 dark:text-slate-300">{title}</h2>
      <p className="mt-2 text-3xl font-bold">{value}</p>
      {detail && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{detail}</p>}
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["articles", "profiles"]);
  const root = useRootData();
  const name = root?.user?.displayName ?? root?.user?.email ?? "";
  return (
    <div>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">Welcome back, {name}.</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card title="Registered users" value={loaderData.users} />
        <Card title="Published articles" value={loaderData.publishedArticles} detail={`${loaderData.totalArticles} total`} />
        <Card title="Total views" value={loaderData.totalViews.toLocaleString("en-US")} />
        <section className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          <h2 className="text-sm font-medium text-slate-600 dark:text-slate-300">Settings</h2>
          <Link to="/admin/settings" className="mt-3 inline-block font-medium text-accent underline">
            Open settings
          </Link>
        </section>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700">
          Back to Home
        </Link>
        <SignOutButton className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700" />
      </div>
    </div>
  );
}
