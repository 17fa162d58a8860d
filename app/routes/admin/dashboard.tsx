import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { services } from "#app/server/core/services.server";
import { loadWaitingWork } from "#app/server/admin/attention.server";
import { requireUser } from "#app/server/auth/auth.server";
import { can } from "#app/lib/access";
import { dashboardCounts } from "#app/server/admin/dashboard.server";
import { stampDate, stampDateTime } from "#app/server/core/stamps.server";
import { useRootData } from "#app/lib/root-data";
import { SignOutButton } from "#app/components/site/sign-out-button";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, config } = services();
  const { role } = await requireUser(request);
  const [counts, waiting] = await Promise.all([dashboardCounts(db), loadWaitingWork(db, config.SITE_TIMEZONE, role)]);
  return {
    ...counts,
    // An editor's dashboard: the articles and what waits for them, not the admins' screens.
    users: can(role, "manageUsers") ? counts.users : null,
    opensSettings: can(role, "manageSettings"),
    waiting: {
      ...waiting,
      pendingComments: {
        ...waiting.pendingComments,
        latest: waiting.pendingComments.latest.map((comment) => ({ ...comment, created: stampDate(comment.createdAt) })),
      },
      scheduled: waiting.scheduled.map((article) => ({ ...article, schedule: stampDateTime(article.scheduledAt) })),
      views: waiting.views?.map((day) => ({ ...day, label: dayLabel(day.day) })) ?? null,
    },
  };
}

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

type Waiting = Route.ComponentProps["loaderData"]["waiting"];

/** One kind of waiting work: its count in the heading, the newest few, and where to deal with them. */
function WaitingList({ title, count, link, children }: { title: string; count: number; link: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-border p-5" aria-labelledby={`waiting-${link.to}`}>
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={`waiting-${link.to}`} className="font-semibold">
          {title} <span className="text-muted-foreground tabular-nums">{`(${count})`}</span>
        </h3>
        <Link to={link.to} className="text-sm font-medium text-accent underline">
          {link.label}
        </Link>
      </div>
      {count === 0 ? <p className="mt-3 text-sm text-muted-foreground">Nothing waiting.</p> : <ul className="mt-3 space-y-2 text-sm">{children}</ul>}
    </section>
  );
}

function WeekViews({ views }: { views: NonNullable<Waiting["views"]> }) {
  const most = Math.max(1, ...views.map((day) => day.views));
  const total = views.reduce((sum, day) => sum + day.views, 0);
  return (
    <section className="rounded-xl border border-border p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-semibold">
          Views, last 7 days <span className="text-muted-foreground tabular-nums">{`(${total.toLocaleString("en-US")})`}</span>
        </h3>
        <Link to="/admin/analytics?range=7" className="text-sm font-medium text-accent underline">
          Open analytics
        </Link>
      </div>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Page views per day, last 7 days</caption>
        <tbody>
          {views.map((day) => (
            <tr key={day.day}>
              <th scope="row" className="w-28 py-0.5 text-left font-normal whitespace-nowrap text-muted-foreground">
                {day.label}
              </th>
              <td className="py-0.5">
                <div className="h-2 rounded bg-accent" style={{ width: `${(day.views / most) * 100}%` }} aria-hidden />
              </td>
              <td className="w-16 py-0.5 text-right tabular-nums">{day.views.toLocaleString("en-US")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function WaitingWork({ waiting }: { waiting: Waiting }) {
  return (
    <section className="mt-8" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading" className="text-lg font-bold">
        Waiting for you
      </h2>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <WaitingList title="Pending comments" count={waiting.pendingComments.count} link={{ to: "/admin/comments?status=pending", label: "Review comments" }}>
          {waiting.pendingComments.latest.map((comment) => (
            <li key={comment.id}>
              <span className="line-clamp-2">{comment.content}</span>
              <span className="block text-xs text-muted-foreground">
                On {comment.articleTitle}, <time dateTime={comment.created.iso}>{comment.created.text}</time>
              </span>
            </li>
          ))}
        </WaitingList>
        {waiting.unread && (
          <WaitingList title="Unread messages" count={waiting.unread.count} link={{ to: "/admin/inbox", label: "Open inbox" }}>
            {waiting.unread.latest.map((message) => (
              <li key={message.id}>{message.title}</li>
            ))}
          </WaitingList>
        )}
        <WaitingList title="Awaiting review" count={waiting.review.count} link={{ to: "/admin/review", label: "Open review" }}>
          {waiting.review.latest.map((article) => (
            <li key={article.id}>
              <Link to={`/admin/articles/${article.id}`} className="underline">
                {article.title}
              </Link>
              <span className="block text-xs text-muted-foreground">{article.authorName ?? article.authorEmail ?? "A former contributor"}</span>
            </li>
          ))}
        </WaitingList>
        <WaitingList title="Ask Kafundisha" count={waiting.community.count} link={{ to: "/admin/community", label: "Moderate" }}>
          {waiting.community.latest.map((item) => (
            <li key={item.id}>
              <span className="mr-2 rounded bg-secondary px-1.5 py-0.5 text-xs font-medium">{item.kind}</span>
              {item.title}
            </li>
          ))}
        </WaitingList>
        <WaitingList title="Drafts" count={waiting.drafts.count} link={{ to: "/admin/articles", label: "All articles" }}>
          {waiting.drafts.latest.map((article) => (
            <li key={article.id}>
              <Link to={`/admin/articles/${article.id}`} className="underline">
                {article.title}
              </Link>
            </li>
          ))}
        </WaitingList>
        <WaitingList title="Scheduled" count={waiting.scheduled.length} link={{ to: "/admin/articles/new", label: "New article" }}>
          {waiting.scheduled.map((article) => (
            <li key={article.id}>
              <Link to={`/admin/articles/${article.id}`} className="underline">
                {article.title}
              </Link>
              <time dateTime={article.schedule.iso} className="block text-xs text-muted-foreground">
                {article.schedule.text}
              </time>
            </li>
          ))}
        </WaitingList>
        {waiting.views && <WeekViews views={waiting.views} />}
      </div>
    </section>
  );
}

function Card({ title, value, detail }: { title: string; value: React.ReactNode; detail?: string }) {
  return (
    <section className="rounded-xl border border-border p-5">
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      <p className="mt-2 text-3xl font-bold">{value}</p>
      {detail && <p className="mt-1 text-sm text-muted-foreground">{detail}</p>}
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation([
    "articles",
    "profiles",
    "comments",
    "contact_messages",
    "community_questions",
    "community_answers",
    "community_reports",
    "community_held_edits",
  ]);
  const root = useRootData();
  const name = root?.user?.displayName ?? root?.user?.email ?? "";
  return (
    <div>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p className="mt-1 text-muted-foreground">Welcome back, {name}.</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {loaderData.users !== null && <Card title="Registered users" value={loaderData.users} />}
        <Card title="Published articles" value={loaderData.publishedArticles} detail={`${loaderData.totalArticles} total`} />
        <Card title="Total views" value={loaderData.totalViews.toLocaleString("en-US")} />
        {loaderData.opensSettings && (
          <section className="rounded-xl border border-border p-5">
            <h2 className="text-sm font-medium text-muted-foreground">Settings</h2>
            <Link to="/admin/settings" className="mt-3 inline-block font-medium text-accent underline">
              Open settings
            </Link>
          </section>
        )}
      </div>
      <WaitingWork waiting={loaderData.waiting} />
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className="rounded-md border border-input px-4 py-2 text-sm font-medium">
          Back to Home
        </Link>
        <SignOutButton className="inline-flex items-center gap-2 rounded-md border border-input px-4 py-2 text-sm font-medium" />
      </div>
    </div>
  );
}
