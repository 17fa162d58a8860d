import http from "node:http";
import zlib from "node:zlib";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it crossed the wire (still compressed when Content-Encoding says so). */
  wire: Buffer;
  /** The body decoded. */
  body: Buffer;
}

/** One GET over plain HTTP without decoding on the way, so the transferred bytes can be counted. */
export async function getRaw(url: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<RawResponse> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(url, { headers, signal: AbortSignal.timeout(timeoutMs) }, resolve);
    request.once("error", reject);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const wire = Buffer.concat(chunks);
  return { status: response.statusCode ?? 0, headers: response.headers, wire, body: decode(wire, response.headers["content-encoding"]) };
}

function decode(wire: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case undefined:
    case "":
    case "identity":
      return wire;
    case "br":
      return zlib.brotliDecompressSync(wire);
    case "gzip":
      return zlib.gunzipSync(wire);
    case "deflate":
      return zlib.inflateSync(wire);
    default:
      throw new Error(`unknown Content-Encoding ${encoding}`);
  }
}

/** The page's HTML as served to an anonymous reader without compression; throws unless 200. */
export async function getPage(url: string): Promise<string> {
  const response = await getRaw(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response.body.toString("utf8");
}

/**
 * A new reader account signed up on the app at `base` (no mail server: signed in at once), as the
 * Cookie header a signed-in browser sends on later pages: the session and the viewer hint, without
 * the one-time welcome toast.
 */
export async function signedInReaderCookie(base: string): Promise<string> {
  const email = `bench-reader-${Date.now()}@example.com`;
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-up", email, password: "bench-reader-password-1" }),
  });
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";", 1)[0]!)
    .filter((cookie) => !cookie.startsWith("educator_toast=") && !cookie.endsWith("="));
  if (!cookies.some((cookie) => cookie.includes("educator_session=")))
    throw new Error(`signing up a reader failed (${response.status}): ${await response.text()}`);
  return cookies.join("; ");
}
