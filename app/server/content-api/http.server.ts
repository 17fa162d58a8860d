import crypto from "node:crypto";
import { z } from "zod";
import { apiKeyTexts, contentApiRequestsPerMinute } from "#app/lib/content-api";
import { countHit, rateLimitScale } from "#app/server/auth/rate-limit.server";
import { services } from "#app/server/core/services.server";
import { spendApiKey } from "./keys.server";
import type { ErrorBody } from "./schemas.server";

type ErrorType = ErrorBody["errors"][number]["type"];

/** A refusal the API answers with its status and the `{ errors: [...] }` body (never a page). */
export class ContentApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Any origin may read the API from a browser: it is read-only, and a key is not a cookie (no credentials). */
const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset",
};

const preflightHeaders = {
  ...corsHeaders,
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, If-None-Match, Accept",
  "Access-Control-Max-Age": "86400",
};

/** What a key's answer may be kept for: the reader's own cache only, a minute. */
export const contentCacheControl = "private, max-age=60";

function errorResponse(error: ContentApiError): Response {
  const body: ErrorBody = { errors: [{ message: error.message, type: error.type }] };
  return Response.json(body, { status: error.status, headers: { ...corsHeaders, "Cache-Control": "no-store", ...error.headers } });
}

/** The key a request carries: `Authorization: Bearer <key>` first, else `?key=` (as Ghost's Content API takes it). */
function keyOf(request: Request, url: URL): string | null {
  const header = request.headers.get("Authorization");
  const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return bearer ?? url.searchParams.get("key");
}

/** Checks and counts the key, then holds it to its rate; the headers saying how much is left. */
async function admitKey(request: Request, url: URL): Promise<Record<string, string>> {
  const key = keyOf(request, url);
  if (!key) throw new ContentApiError(401, "Unauthorized", apiKeyTexts.missingKey, { "WWW-Authenticate": 'Bearer realm="content-api"' });
  const { db } = services();
  const found = await spendApiKey(db, key);
  if (!found)
    throw new ContentApiError(401, "Unauthorized", apiKeyTexts.invalidKey, { "WWW-Authenticate": 'Bearer realm="content-api", error="invalid_token"' });
  const limit = Math.max(1, Math.floor(contentApiRequestsPerMinute * rateLimitScale()));
  const { hits, secondsLeft } = await countHit(db, `content-api:key:${found.id}`, 60);
  const rate = {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(Math.max(0, limit - hits)),
    "RateLimit-Reset": String(Math.max(secondsLeft, 0)),
  };
  if (hits > limit) {
    const wait = String(Math.max(secondsLeft, 1));
    throw new ContentApiError(429, "TooManyRequests", `Too many requests with this key: at most ${limit} a minute. Try again in ${wait} s.`, {
      ...rate,
      "Retry-After": wait,
    });
  }
  return rate;
}

/** A weak validator of the body (the same JSON gives the same tag on every instance). */
const etagOf = (body: string) => `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/** Whether `If-None-Match` names this tag (or `*`); weak comparison, as RFC 9110 asks for GET. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** A JSON answer with its ETag, or 304 when the client holds it already. */
export function jsonWithEtag(request: Request, value: unknown, headers: Record<string, string>): Response {
  const body = JSON.stringify(value);
  const etag = etagOf(body);
  const all = { ...corsHeaders, "Cache-Control": contentCacheControl, Vary: "Authorization", ETag: etag, ...headers };
  if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers: all });
  return new Response(body, { status: 200, headers: { "Content-Type": "application/json; charset=utf-8", ...all } });
}

export interface ContentApiRequest {
  request: Request;
  url: URL;
  publicUrl: string;
}

/**
 * Every Content API endpoint's answer: the CORS preflight; only GET and HEAD; the key checked,
 * counted and rate-limited (unless the endpoint is `public`); then `read`'s value as JSON with an
 * ETag, or its refusal as `{ errors }`.
 */
export async function answerContentApi(request: Request, read: (api: ContentApiRequest) => Promise<unknown>, options: { public?: boolean } = {}) {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: preflightHeaders });
  try {
    if (request.method !== "GET" && request.method !== "HEAD")
      throw new ContentApiError(405, "MethodNotAllowed", "The Content API is read-only: use GET.", { Allow: "GET, HEAD, OPTIONS" });
    const url = new URL(request.url);
    const rate = options.public ? {} : await admitKey(request, url);
    const value = await read({ request, url, publicUrl: services().config.PUBLIC_URL });
    return jsonWithEtag(request, value, rate);
  } catch (error) {
    if (error instanceof ContentApiError) return errorResponse(error);
    throw error;
  }
}

/** A 404 in the API's shape. */
export const notFound = (what: string) => new ContentApiError(404, "NotFound", `${what} not found.`);

/** The query parameters read with `shape` (the schemas the document describes them with): 400 with every problem otherwise. */
export function readParams<Shape extends z.ZodRawShape>(url: URL, shape: Shape): z.output<z.ZodObject<Shape>> {
  const given: Record<string, string> = {};
  for (const name of Object.keys(shape)) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== "") given[name] = value;
  }
  const parsed = z.object(shape).safeParse(given);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues.map((issue) => `${issue.path.join(".") || "query"}: ${issue.message}`).join(" ");
  throw new ContentApiError(400, "BadRequest", message);
}
