import { RefreshCw } from "lucide-react";
import { data, Link, useRevalidator, useRouteError } from "react-router";
import type { Route } from "./+types/analytics";
import { loadAnalytics } from "#app/server/analytics/analytics.server";
import type { CommunityActivity } from "#app/server/analytics/community-activity.server";
import type { ResourceDownloads } from "#app/server/analytics/resource-downloads.server";
import { analyticsRanges, type AnalyticsRange } from "#app/lib/analytics";
import { services } from "#app/server/core/services.server";
import { Table, Td, Th } from "#app/components/ui/table";
import { buttonClass } from "#app/components/ui/button";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { useActionToast } from "#app/lib/use-action-toast";
import type { Toast } from "#app/lib/toast";
import { plural } from "#app/lib/plural";
import { AnalyticsDailyBars, dayLabel } from "#app/components/admin/analytics-daily-bars";

export const meta: Route.MetaFunction = () => [{ title: "Analytics | The Educator - Admin" }];

/** The screen's period from `?days=` (older links: `?range=`): 7, 14 or 30 days, else 30. */
function parseDays(params: URLSearchParams): AnalyticsRange {
  const number = Number(params.get("days") ?? params.get("range"));
  return (analyticsRanges as readonly number[]).includes(number) ? (number as AnalyticsRange) : 30;
}

/** The words every figure of the period carries: "last 30 days". */
const periodText = (days: AnalyticsRange) => `last ${days} days`;
const allTime = "all time";

const loadFailed = "Failed to load analytics";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, config, log } = services();
  const range = parseDays(new URL(request.url).searchParams);
  const timeZone = config.SITE_TIMEZONE;
  const answer = await loadAnalytics(db, { range, timeZone }).then(
    (report) => ({ range, timeZone, report, toast: null }),
    (error: unknown) => {
      log.error({ err: error }, loadFailed);
      return { range, timeZone, report: null, toast: { type: "error", title: "Error", description: loadFailed } satisfies Toast };
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

/** A title with the period it counts, in lighter words beside it: "Page Views · last 30 days". */
function Titled({ title, period }: { title: string; period: string }) {
  return (
    <>
      {title} <span className="font-normal text-muted-foreground">· {period}</span>
    </>
  );
}

function SummaryCard({ title, period, value, detail, wordy }: { title: string; period: string; value: string; detail?: string; wordy?: boolean }) {
  return (
    <section className="rounded-xl border border-border p-5">
      <h2 className="text-sm font-medium">
        <Titled title={title} period={period} />
      </h2>
      <p className={`mt-2 font-bold [overflow-wrap:anywhere] ${wordy ? "text-lg" : "text-2xl tabular-nums"}`}>{value}</p>
      {detail && <p className="mt-1 text-sm text-muted-foreground">{detail}</p>}
    </section>
  );
}

/** A part of the screen under its title and period. */
function Part({ title, period, children }: { title: string; period: string; children: React.ReactNode }) {
  return (
    <section>
      <h2 className="mb-2 font-semibold">
        <Titled title={title} period={period} />
      </h2>
      {children}
    </section>
  );
}

function TopList({
  title,
  period,
  heading,
  rows,
  empty,
  note,
}: {
  title: string;
  period: string;
  heading: string;
  rows: Array<{ key: string; label: React.ReactNode; views: number }>;
  empty: string;
  /** A figure in small print under the title. */
  note?: React.ReactNode;
}) {
  return (
    <Part title={title} period={period}>
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
    </Part>
  );
}

/** The page of a percentage: "60%", or nothing of nothing. */
const share = (part: number, whole: number) => (whole === 0 ? null : `${Math.round((part / whole) * 100)}%`);

export default function Analytics({ loaderData }: Route.ComponentProps) {
  // Page views arrive all the time: reload at most every 5 seconds while the screen is open.
  useLiveRevalidation(["page_views", "articles", "article_resources", "community_questions", "community_answers"], 5000);
  useActionToast(loaderData);
  const revalidator = useRevalidator();
  const { range: selected, timeZone, report } = loaderData;
  const period = periodText(selected);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Analytics</h1>
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label="Period" className="flex rounded-md border border-input">
            {analyticsRanges.map((range) => (
              <Link
                key={range}
                to={`?days=${range}`}
                aria-current={selected === range ? "page" : undefined}
                className={`px-3 py-2 text-sm ${selected === range ? "bg-accent font-semibold text-accent-foreground" : "hover:bg-muted"}`}
              >
                {`Last ${range} days`}
              </Link>
            ))}
          </nav>
          {/* Without JavaScript the form reloads the screen for the same period; with it, only the figures reload. */}
          <form
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              void revalidator.revalidate();
            }}
          >
            <input type="hidden" name="days" value={selected} />
            <button type="submit" className={buttonClass("outline")} disabled={revalidator.state === "loading"}>
              <RefreshCw className={`size-4 ${revalidator.state === "loading" ? "animate-spin" : ""}`} aria-hidden />
              Refresh
            </button>
          </form>
        </div>
      </div>
      {report ? (
        <>
          <p className="text-sm text-muted-foreground">
            {`Figures for the ${period}: ${dayLabel(report.from)} to ${dayLabel(report.to)} (today included, days in ${timeZone}), unless marked “${allTime}”.`}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <SummaryCard title="Page Views" period={period} value={number(report.pageViews)} />
            <SummaryCard
              title="Unique Visitors"
              period={period}
              value={number(report.uniqueVisitors)}
              detail="Counted as visitor-days: one a day per visitor."
            />
            <SummaryCard
              title="Article Views Total"
              period={period}
              value={number(report.articleViewsTotal)}
              detail={`Views of article pages. ${number(report.articleViewsAllTime)} ${allTime}, by the articles' own counters.`}
            />
            <SummaryCard
              title="Top Page"
              period={period}
              wordy
              value={report.topPage ? (pageName(report.topPage) ?? report.topPage.path) : "—"}
              detail={report.topPage ? [pageName(report.topPage) && report.topPage.path, views(report.topPage.views)].filter(Boolean).join(" · ") : undefined}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <AnalyticsDailyBars title="Views per day" period={period} unit="views" daily={report.daily} pick={(figure) => figure.views} />
            <AnalyticsDailyBars title="Unique visitors per day" period={period} unit="visitors" daily={report.daily} pick={(figure) => figure.visitors} />
          </div>
          <div className="grid gap-6 lg:grid-cols-3">
            <TopList
              title="Top Pages"
              period={period}
              heading="Page"
              empty={`No page views in the ${period}.`}
              rows={report.topPages.map((row) => ({ key: row.path, label: <PageLabel page={row} />, views: row.views }))}
            />
            <TopList
              title="Top Referrers"
              period={period}
              heading="Referrer"
              empty={`No page views in the ${period}.`}
              rows={report.topReferrers.map((row) => ({ key: row.referrer ?? "", label: row.referrer ?? "Direct / none", views: row.views }))}
              note={
                <>
                  Visits from WhatsApp shares: <span className="font-semibold text-foreground tabular-nums">{number(report.whatsAppViews)}</span>
                </>
              }
            />
            <TopList
              title="Top Articles"
              period={period}
              heading="Article"
              empty={`No article views in the ${period}.`}
              rows={report.topArticles.map((row) => ({
                key: row.id,
                label:
                  row.title === null ? (
                    <>
                      <span className="block">Deleted article</span>
                      <span className="block text-xs text-muted-foreground">{`/articles/${row.id}`}</span>
                    </>
                  ) : (
                    <Link to={`/admin/articles/${row.id}`} className="underline">
                      {row.title}
                    </Link>
                  ),
                views: row.views,
              }))}
            />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <CommunityFigures period={period} community={report.community} />
            <DownloadList period={period} downloads={report.downloads} />
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

/** Ask Kafundisha in the period: questions asked, answers posted, and how many questions were answered within a day. */
function CommunityFigures({ period, community }: { period: string; community: CommunityActivity }) {
  const figures = [
    { name: "Questions asked", value: number(community.questionsAsked) },
    { name: "Answers posted", value: number(community.answersPosted) },
    {
      name: "Answered within a day",
      value: `${number(community.answeredWithinADay)} of ${number(community.questionsAsked)}`,
      detail: share(community.answeredWithinADay, community.questionsAsked),
    },
  ];
  return (
    <Part title="Ask Kafundisha" period={period}>
      <p className="mb-2 text-sm text-muted-foreground">
        Published questions and answers, by the day they were written; a question counts as answered within a day when an answer went public within 24 hours of
        its asking.
      </p>
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.name} className="rounded-xl border border-border p-4">
            <dt className="text-sm text-muted-foreground">{figure.name}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums">
              {figure.value}
              {figure.detail && <span className="block text-sm font-normal text-muted-foreground">{figure.detail}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </Part>
  );
}

/** The most downloaded lesson resources of the period, with their articles. */
function DownloadList({ period, downloads }: { period: string; downloads: ResourceDownloads }) {
  return (
    <Part title="Top Downloads" period={period}>
      <p className="mb-2 text-sm text-muted-foreground">
        Resource downloads, {period}: <span className="font-semibold text-foreground tabular-nums">{number(downloads.total)}</span>. Each reader counts once a
        day per resource (days in UTC).
      </p>
      {downloads.top.length === 0 ? (
        <p className="text-sm text-muted-foreground">No resource downloaded in this period.</p>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Resource</Th>
              <Th>Article</Th>
              <Th className="text-right">Downloads</Th>
            </tr>
          </thead>
          <tbody>
            {downloads.top.map((row) => (
              <tr key={row.id}>
                <Td className="[overflow-wrap:anywhere]">
                  {row.title} <span className="text-xs text-muted-foreground">{row.format.toUpperCase()}</span>
                </Td>
                <Td className="[overflow-wrap:anywhere]">
                  <Link to={`/admin/articles/${row.articleId}`} className="underline">
                    {row.articleTitle}
                  </Link>
                </Td>
                <Td className="text-right tabular-nums">{number(row.downloads)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Part>
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
