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
