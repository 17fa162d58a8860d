import { z } from "zod";
import type { Route } from "./+types/page-views";
import { clientInfo } from "../../server/auth.server";
import { isBotRequest, limitPageViews, pageViewSchema, recordPageView } from "../../server/page-views.server";
import { describeWait } from "../../server/rate-limit.server";

// A view is a few hundred bytes; anything far larger is not from our beacon.
const maxBodyBytes = 8 * 1024;

function methodNotAllowed() {
  return Response.json({ error: "Use POST to record a page view." }, { status: 405, headers: { Allow: "POST" } });
}

export function loader(_: Route.LoaderArgs) {
  return methodNotAllowed();
}

/** The page-view beacon: sendBeacon posts text/plain, the fetch fallback application/json; both carry JSON. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  if (isBotRequest(request)) return new Response(null, { status: 204 });
  const wait = limitPageViews(clientInfo(request).ip);
  if (wait !== null) {
    return Response.json(
      { error: `Too many page views. Please try again in ${describeWait(wait)}.` },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  const parsed = pageViewSchema.safeParse(parseJson(await readBody(request)));
  if (!parsed.success) {
    return Response.json({ error: "Invalid page view.", fieldErrors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  }
  recordPageView(parsed.data);
  return new Response(null, { status: 204 });
}

/** The body as text, or null when it is larger than `maxBodyBytes` (the rest is read and dropped, never held). */
async function readBody(request: Request): Promise<string | null> {
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Draining instead of cancelling lets the client finish sending and read our 400.
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size <= maxBodyBytes) chunks.push(read.value);
  }
  return size > maxBodyBytes ? null : Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
