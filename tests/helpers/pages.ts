import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as sent (still compressed when the server compressed it). */
  body: Buffer;
  /** The body as text (only meaningful uncompressed). */
  html: string;
  /** `x-page-cache`: hit, miss, pass, off; undefined when the page came through the full app. */
  cache: string | undefined;
}

/** One request over node:http, so the body and its encoding arrive as sent (fetch would decode them). */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const cache = response.headers["x-page-cache"];
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body,
          html: body.toString("utf8"),
          cache: typeof cache === "string" ? cache : undefined,
        });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/** Repeats `attempt` until it returns a value, or fails after `timeoutMs` saying what was last seen. */
export async function eventually<T>(attempt: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `url` until its page satisfies `check` (a change event reached the server and dropped the old page). */
export function pageWhen(url: string, check: (page: RawResponse) => boolean, what: string, timeoutMs?: number): Promise<RawResponse> {
  return eventually(
    async () => {
      const page = await rawRequest(url);
      return check(page) ? page : undefined;
    },
    what,
    timeoutMs,
  );
}

export const browserUserAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** The page-view beacon a reader's browser sends on opening `path`. */
export function sendPageView(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/api/page-views`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": browserUserAgent, Origin: baseUrl, ...headers },
    body: JSON.stringify({ path, referrer: null, visitor_id: "unknown" }),
  });
}
