import { data, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/inbox";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { inboxCounts, listMessages, markMessageRead } from "#app/server/inbox/inbox.server";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { services } from "#app/server/core/services.server";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { Pagination, type PageLinks } from "#app/components/site/pagination";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Inbox", matches);

// Dates are written on the server, in the site's time zone, so the browser shows the same text it hydrates.
function stamp(date: Date, timeZone: string) {
  return {
    iso: date.toISOString(),
    text: date.toLocaleString("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone }),
  };
}

/** A page link that lands on its own list's heading. */
function toSection(links: PageLinks, heading: string): PageLinks {
  return { prev: links.prev && `${links.prev}#${heading}`, next: links.next && `${links.next}#${heading}` };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { db, config } = services();
  const url = new URL(request.url);
  // The list's cursor is named for it (messagesAfter=…), as in the addresses of an older, two-list Inbox.
  const [messages, counts] = await Promise.all([listMessages(db, pageRequest(url.searchParams, "messages")), inboxCounts(db)]);
  return {
    messages: messages.rows.map(({ createdAt, readAt, ...message }) => ({
      ...message,
      received: stamp(createdAt, config.SITE_TIMEZONE),
      read: readAt && stamp(readAt, config.SITE_TIMEZONE),
    })),
    counts,
    pages: { messages: toSection(pageLinks(url, messages, "messages"), "messages-heading") },
  };
}

type Stamp = ReturnType<typeof stamp>;

const markReadSchema = z.object({
  kind: z.literal("message"),
  id: z.uuid(),
});

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "readInbox");
  const form = (await readForm(request)) ?? new FormData();
  const parsed = markReadSchema.safeParse({ kind: form.get("kind"), id: form.get("id") });
  if (!parsed.success) return data({ error: "Invalid request." }, { status: 400 });
  if (!(await markMessageRead(services().db, parsed.data.id))) return data({ error: "This message no longer exists." }, { status: 404 });
  return { error: null };
}

function Received({ at }: { at: Stamp }) {
  return (
    <>
      Received <time dateTime={at.iso}>{at.text}</time>
    </>
  );
}

function ReadState({ id, read }: { id: string; read: Stamp | null }) {
  const fetcher = useFetcher<typeof action>();
  if (read) {
    return (
      <p className="text-sm text-muted-foreground">
        Read <time dateTime={read.iso}>{read.text}</time>
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="flex items-center gap-3">
      <input type="hidden" name="kind" value="message" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="rounded-md border border-input px-3 py-1.5 text-sm font-medium hover:bg-muted disabled:opacity-60"
      >
        {fetcher.state === "idle" ? "Mark as read" : "Marking..."}
      </button>
      {fetcher.data?.error && (
        <span role="alert" className="text-sm text-destructive">
          {fetcher.data.error}
        </span>
      )}
    </fetcher.Form>
  );
}

function UnreadTag() {
  return <span className="rounded-full bg-warning-soft px-2 py-0.5 text-xs font-bold text-warning-soft-foreground">Unread</span>;
}

const itemClass = (unread: boolean) =>
  `rounded-lg border p-4 ${unread ? "border-l-4 border-warning-border border-l-warning bg-warning-soft/50" : "border-border"}`;

function countLine(total: number, unread: number) {
  return `(${total} total, ${unread} unread)`;
}

export default function InboxScreen({ loaderData }: Route.ComponentProps) {
  const { messages, counts, pages } = loaderData;
  useLiveRevalidation(["contact_messages"]);
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold">Inbox</h1>
        <p className="mt-1 text-muted-foreground">
          Messages from the Contact page, newest first. Ask Kafundisha questions wait on their own screen:{" "}
          <Link to="/admin/community" className="font-medium text-accent underline">
            Ask Kafundisha moderation
          </Link>
          .
        </p>
      </div>

      <section aria-labelledby="messages-heading">
        <h2 id="messages-heading" className="text-xl font-bold">
          Messages <span className="text-base font-normal text-muted-foreground">{countLine(counts.total, counts.unread)}</span>
        </h2>
        {messages.length === 0 ? (
          <p className="mt-3 text-muted-foreground">No messages yet.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {messages.map((message) => (
              <li key={message.id}>
                <article aria-labelledby={`message-${message.id}`} className={itemClass(!message.read)}>
                  <header className="flex flex-wrap items-center gap-2">
                    {!message.read && <UnreadTag />}
                    <h3 id={`message-${message.id}`} className="font-semibold">
                      {message.subject}
                    </h3>
                  </header>
                  <p className="mt-1 text-sm text-muted-foreground">
                    From {message.firstName} {message.lastName} &lt;
                    <a href={`mailto:${message.email}`} className="underline underline-offset-2">
                      {message.email}
                    </a>
                    &gt; · <Received at={message.received} />
                  </p>
                  <p className="mt-3 whitespace-pre-wrap break-words">{message.message}</p>
                  <div className="mt-3">
                    <ReadState id={message.id} read={message.read} />
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        <Pagination links={pages.messages} label="Messages pages" />
      </section>
    </div>
  );
}
