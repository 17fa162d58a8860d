export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
}

export const defaultFetchLimits: Omit<FetchLimits, "userAgent"> = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };

export type FeedResponse = { status: "fresh"; body: string; etag: string | null; lastModified: string | null } | { status: "not-modified" };

export class FeedFetchError extends Error {}

/** Text in the charset the XML prolog or the Content-Type names (UTF-8 when neither does or it is unknown). */
function decodeBody(bytes: Buffer, contentType: string | null): string {
  const declared = /encoding=["']([\w.:-]+)["']/i.exec(bytes.subarray(0, 200).toString("latin1"))?.[1] ?? /charset=([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * GETs one feed politely: a User-Agent naming the magazine, conditional headers from the last
 * visit, a deadline for the whole download, and a size cap (the body is read no further).
 */
export async function fetchFeed(url: string, limits: FetchLimits, previous: { etag: string | null; lastModified: string | null }): Promise<FeedResponse> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const seconds = Math.round(limits.timeoutMs / 1000);
  const timedOut = (error: unknown) =>
    signal.aborted ? new FeedFetchError(`timed out after ${seconds} s`) : new FeedFetchError(`could not be reached (${(error as Error).message})`);

  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      redirect: "follow",
      headers: {
        "User-Agent": limits.userAgent,
        Accept: "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
        ...(previous.etag ? { "If-None-Match": previous.etag } : {}),
        ...(previous.lastModified ? { "If-Modified-Since": previous.lastModified } : {}),
      },
    });
  } catch (error) {
    throw timedOut(error);
  }
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: "not-modified" };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new FeedFetchError(`answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > limits.maxBytes) {
    await response.body.cancel();
    throw new FeedFetchError(`is larger than ${limits.maxBytes} bytes`);
  }

  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) throw new FeedFetchError(`is larger than ${limits.maxBytes} bytes`);
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error instanceof FeedFetchError ? error : timedOut(error);
  }
  return {
    status: "fresh",
    body: decodeBody(Buffer.concat(chunks), response.headers.get("content-type")),
    etag: response.headers.get("etag"),
    lastModified: response.headers.get("last-modified"),
  };
}
