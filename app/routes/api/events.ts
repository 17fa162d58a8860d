import type { Route } from "./+types/events";
import { clientInfo, getUser, readSessionToken } from "#app/server/auth/auth.server";
import { ViewerWatch, type StreamViewer } from "#app/server/auth/stream-viewer.server";
import { rateLimitScale } from "#app/server/auth/rate-limit.server";
import { services } from "#app/server/core/services.server";
import { addressKey } from "#app/server/core/address-key.server";
import type { LiveTable, TableChange } from "#app/lib/live-tables";
import { seesWholeDesk } from "#app/lib/access";

const heartbeatMs = 20_000;
// Readers only learn that a public table changed; staff also see profiles, page views, view
// counts and row ids. (A view count changes whenever anyone opens an article: announcing it to
// readers would reload every open list for nothing they show.)
const publicTables: ReadonlySet<LiveTable> = new Set([
  "articles",
  "categories",
  "team_members",
  "comments",
  "community_questions",
  "community_answers",
  // What /resources shows: the subjects offered, and the files attached to articles.
  "subjects",
  "article_resources",
]);

// Each open stream holds a connection and a subscriber: an instance keeps at most 1,000, and 50 for
// one address (a school's computers share one; an IPv6 client's whole /64 counts as one), so no
// client can take them all.
const maxStreams = 1000;
const maxStreamsPerAddress = 50;
const openStreams = { total: 0, byAddress: new Map<string, number>() };

/** Counts a stream in, or says why not; the returned function counts it out (once). */
function admitStream(address: string): (() => void) | null {
  const fromAddress = openStreams.byAddress.get(address) ?? 0;
  if (openStreams.total >= maxStreams || fromAddress >= maxStreamsPerAddress * rateLimitScale()) return null;
  openStreams.total++;
  openStreams.byAddress.set(address, fromAddress + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    openStreams.total--;
    const left = (openStreams.byAddress.get(address) ?? 1) - 1;
    if (left > 0) openStreams.byAddress.set(address, left);
    else openStreams.byAddress.delete(address);
  };
}

/**
 * Server-Sent Events: one "change" event per database change, with heartbeats so proxies keep the
 * stream open. A signed-in stream looks at its session again every EVENT_STREAM_RECHECK_SECONDS
 * (at most 60) and as soon as the account's access changes; it ends once the session is gone or
 * the account's staff standing changed, and no change is sent on a standing the account has lost.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const release = admitStream(addressKey(clientInfo(request, context).ip));
  // EventSource tries again by itself; Retry-After tells other clients when.
  if (!release)
    return new Response("Too many live connections. Please try again shortly.", {
      status: 503,
      headers: { "Retry-After": "30", "Content-Type": "text/plain; charset=utf-8" },
    });
  const [user, token] = await Promise.all([getUser(request), readSessionToken(request)]).catch((error: unknown) => {
    release();
    throw error;
  });
  const viewer: StreamViewer | null = user && token ? { userId: user.id, staff: seesWholeDesk(user.role) } : null;
  const { realtime, config } = services();
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send("retry: 3000\n: connected\n\n");
      const end = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      const deliver = (change: TableChange) => {
        const staff = viewer?.staff ?? false;
        if (!staff && (!publicTables.has(change.table) || change.op === "views")) return;
        const visible = staff ? change : { table: change.table, op: change.op, id: null };
        send(`event: change\ndata: ${JSON.stringify(visible)}\n\n`);
      };
      const watch = viewer && token ? new ViewerWatch(token, viewer, deliver, end) : null;
      const unsubscribe = realtime.subscribe((change: TableChange) => (watch ? watch.pass(change) : deliver(change)), end);
      const unsubscribeAccess = watch ? realtime.subscribeAccess((userId) => userId === watch.viewer.userId && watch.recheck()) : () => {};
      const recheck = watch && setInterval(() => watch.recheck(), config.EVENT_STREAM_RECHECK_SECONDS * 1000);
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), heartbeatMs);
      cleanup = () => {
        clearInterval(heartbeat);
        if (recheck) clearInterval(recheck);
        watch?.close();
        unsubscribe();
        unsubscribeAccess();
        release();
      };
      request.signal.addEventListener("abort", end);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
