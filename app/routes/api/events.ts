import type { Route } from "./+types/events";
import { getUser } from "../../server/auth.server";
import { services } from "../../server/services.server";
import type { LiveTable, TableChange } from "../../lib/live-tables";

const heartbeatMs = 20_000;
// Readers only learn that a public table changed; staff also see profiles, page views, view
// counts and row ids. (A view count changes whenever anyone opens an article: announcing it to
// readers would reload every open list for nothing they show.)
const publicTables: ReadonlySet<LiveTable> = new Set(["articles", "categories", "team_members", "comments"]);

/** Server-Sent Events: one "change" event per database change, with heartbeats so proxies keep the stream open. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const isAdmin = user?.role === "admin";
  const { realtime } = services();
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
      const unsubscribe = realtime.subscribe((change: TableChange) => {
        if (!isAdmin && (!publicTables.has(change.table) || change.op === "views")) return;
        const visible = isAdmin ? change : { table: change.table, op: change.op, id: null };
        send(`event: change\ndata: ${JSON.stringify(visible)}\n\n`);
      }, end);
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), heartbeatMs);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
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
