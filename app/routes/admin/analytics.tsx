import { RefreshCw } from "lucide-react";
import { data, Link, useRevalidator, useRouteError } from "react-router";
import type { Route } from "./+types/analytics";
import { loadAnalytics } from "#app/server/analytics/analytics.server";
import { analyticsRanges, type AnalyticsRange, type DailyFigure } from "#app/lib/analytics";
import { services } from "#app/server/core/services.server";
import { Table, Td, Th } from "#app/components/ui/table";
import { buttonClass } from "#app/components/ui/button";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { useActionToast } from "#app/lib/use-action-toast";
import type { Toast } from "#app/lib/toast";
import { plural } from "#app/lib/plural";

export const meta: Route.MetaFunction = () => [{ title: "Analytics | The Educator - Admin" }];

function parseRange(value: string | null): AnalyticsRange {
  const number = Number(value);
  return (analyticsRanges as readonly number[]).includes(number) ? (number as AnalyticsRange) : 30;
}

const loadFailed = "Failed to load analytics";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, config, log } = services();
  const range = parseRange(new URL(request.url).searchParams.get("range"));
  const answer = await loadAnalytics(db, { range, timeZone: config.SITE_TIMEZONE }).then(
    (report) => ({ range, report, toast: null }),
    (error: unknown) => {
      log.error({ err: error }, loadFailed);
      return { range, report: null, toast: { type: "error", title: "Error", description: loadFailed } satisfies Toast };
    },
  );
  return data(answer, { headers: { "Cache-Control": "private, no-store" } });
}

const number = (value: number) => value.toLocaleString("en-US");
const views = (count: number) => plural(count, { one: "view", other: "views" });

/** Pages of the site known by a name; an article's page is known by its title. */
const pageNames: Partial<Record<string, string>> = {
  "/": "Home",
  "/articles": "Articles",
  "/about": "About",
  "/contact": "Contact",
  "/ask-kafundisha": "Ask Kafundisha",
  "/saved": "Saved articles",
};

/** What a person calls the page at `path`: its article's title, a known page's name, or nothing (the path says it all). */
const pageName = (page: { path: string; title: string | null }) => page.title ?? pageNames[page.path] ?? null;

/** The page's name above its path in small print; the path alone when the page has no name. */
function PageLabel({ page }: { page: { path: string; title: string | null } }) {
  const name = pageName(page);
  if (!name) return page.path;
  return (
    <>
      <span className="block">{name}</span>
      <span className="block text-xs text-muted-foreground">{page.path}</span>
    </>
  );
}

function dayLabel(day: string) {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

function SummaryCard({ title, value, detail }: { title: string; value: React.ReactNode; detail?: string }) {
  return (
    <section className="rounded-xl border border-border p-5">
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      <p className={`mt-2 font-bold [overflow-wrap:anywhere] ${detail ? "text-lg" : "text-2xl"}`}>{value}</p>
      {detail && <p className="mt-1 text-sm text-muted-foreground">{detail}</p>}
    </section>
  );
}

/** A bar per day; the figures are also in a table for screen readers. */
function DailyBars({ title, daily, pick }: { title: string; daily: DailyFigure[]; pick: (figure: DailyFigure) => number }) {
  const max = Math.max(1, ...daily.map(pick));
  return (
    <section className="rounded-xl border border-border p-5" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      <div className="mt-4 flex h-40 items-end gap-0.5" aria-hidden>
        {daily.map((figure) => (
          <div key={figure.day} className="group relative flex-1" style={{ height: "100%" }} title={`${dayLabel(figure.day)}: ${number(pick(figure))}`}>
            <div
              className="absolute bottom-0 w-full rounded-t bg-accent"
              style={{ height: `${(pick(figure) / max) * 100}%`, minHeight: pick(figure) > 0 ? 2 : 0 }}
            />
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden>
        <span>{dayLabel(daily[0]!.day)}</span>
        <span>{dayLabel(daily.at(-1)!.day)}</span>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {daily.map((figure) => (
            <tr key={figure.day}>
              <th scope="row">{dayLabel(figure.day)}</th>
              <td>{pick(figure)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function TopList({
  title,
  heading,
  rows,
  empty,
  note,
}: {
  title: string;
  heading: string;
  rows: Array<{ key: string; label: React.ReactNode; views: number }>;
  empty: string;
  /** A figure in small print under the title. */
  note?: React.ReactNode;
}) {
  return (
    <section>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {note && <p className="mb-2 text-sm text-muted-foreground">{note}</p>}
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>{heading}</Th>
              <Th className="text-right">Views</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <Td className="[overflow-wrap:anywhere]">{row.label}</Td>
                <Td className="text-right tabular-nums">{number(row.views)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  // Page views arrive all the time: reload at most every 5 seconds while the screen is open.
  useLiveRevalidation(["page_views", "articles"], 5000);
  useActionToast(loaderData);
  const revalidator = useRevalidator();
  const { range: selected, report } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Analytics</h1>
        <div className="flex items-center gap-2">
          <nav aria-label="Range" className="flex rounded-md border border-input">
            {analyticsRanges.map((range) => (
              <Link
                key={range}
                to={`?range=${range}`}
                aria-current={selected === range ? "page" : undefined}
                className={`px-3 py-2 text-sm ${selected === range ? "bg-accent font-semibold text-accent-foreground" : "hover:bg-muted"}`}
              >
                Last {range} days
              </Link>
            ))}
          </nav>
          <button type="button" className={buttonClass("outline")} onClick={() => void revalidator.revalidate()} disabled={revalidator.state === "loading"}>
            <RefreshCw className={`size-4 ${revalidator.state === "loading" ? "animate-spin" : ""}`} aria-hidden />
            Refresh
          </button>
        </div>
      </div>
      {report ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <SummaryCard title="Page Views" value={number(report.pageViews)} />
            <SummaryCard title="Unique Visitors" value={number(report.uniqueVisitors)} />
            <SummaryCard title="Article Views Total" value={number(report.articleViewsTotal)} />
            <SummaryCard
              title="Top Page"
              value={report.topPage ? (pageName(report.topPage) ?? report.topPage.path) : "—"}
              detail={report.topPage ? [pageName(report.topPage) && report.topPage.path, views(report.topPage.views)].filter(Boolean).join(" · ") : undefined}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <DailyBars title="Views per day" daily={report.daily} pick={(figure) => figure.views} />
            <DailyBars title="Unique visitors per day" daily={report.daily} pick={(figure) => figure.visitors} />
          </div>
          <div className="grid gap-6 lg:grid-cols-3">
            <TopList
              title="Top Pages"
              heading="Page"
              empty="No page views in this range."
              rows={report.topPages.map((row) => ({ key: row.path, label: <PageLabel page={row} />, views: row.views }))}
            />
            <TopList
              title="Top Referrers"
              heading="Referrer"
              empty="No page views in this range."
              rows={report.topReferrers.map((row) => ({ key: row.referrer ?? "", label: row.referrer ?? "Direct / none", views: row.views }))}
              note={
                <>
                  Visits from WhatsApp shares: <span className="font-semibold text-foreground tabular-nums">{number(report.whatsAppViews)}</span>
                </>
              }
            />
            <TopList
              title="Top Articles"
              heading="Article"
              empty="No articles yet."
              rows={report.topArticles.map((row) => ({
                key: row.id,
                label: (
                  <Link to={`/admin/articles/${row.id}`} className="underline">
                    {row.title}
                  </Link>
                ),
                views: row.views,
              }))}
            />
          </div>
        </>
      ) : (
        <p role="alert" className="rounded-xl border border-destructive-border p-5 text-destructive">
          {loadFailed}
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  return (
    <div role="alert">
      <h1 className="text-2xl font-bold">Analytics</h1>
      <p className="mt-2">{loadFailed}</p>
    </div>
  );
}
