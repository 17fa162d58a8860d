import dns, { type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * Requests the server makes to addresses an admin or an imported file named (webhooks, imported
 * images). Unless allowed, only public addresses are reached: the check is made on the address
 * actually connected to (after DNS, and again on each redirect), so a name that resolves to this
 * machine or a private network — or changes its answer between two look-ups — is refused.
 */

export class OutboundFetchError extends Error {}

export interface OutboundRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
  /** Redirects followed (GET only; each one checked again). Default 3 for GET, 0 for POST. */
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

// Special-purpose ranges (IANA registries): this host, private networks, shared and link-local
// space, documentation, benchmarking, multicast and reserved addresses.
const notPublic = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublic.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  notPublic.addSubnet(address, prefix, "ipv6");
}

/** Whether `address` (an IP literal) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPublicAddress(mapped);
    return !notPublic.check(address, "ipv6");
  }
  return !notPublic.check(address, "ipv4");
}

const refusal = (host: string) => new OutboundFetchError(`${host} is not a public address`);

/** A DNS look-up that answers only public addresses (or any, when allowed). */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const found = addresses as unknown as LookupAddress[];
      if (!allowPrivate && found.some(({ address }) => !isPublicAddress(address))) return callback(refusal(hostname), "", 0);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, found);
      const [first] = found;
      if (!first) return callback(new OutboundFetchError(`${hostname} has no address`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

function once(url: URL, request: OutboundRequest, signal: AbortSignal): Promise<OutboundResponse> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // A literal address is connected to without a look-up: judge it here.
  if (!request.allowPrivate && net.isIP(host) !== 0 && !isPublicAddress(host)) return Promise.reject(refusal(host));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: request.method ?? "GET",
        headers: request.headers,
        lookup: guardedLookup(request.allowPrivate),
        signal,
        agent: false,
      },
      (incoming) => {
        const declared = Number(incoming.headers["content-length"] ?? "0");
        if (declared > request.maxBytes) {
          incoming.destroy();
          return reject(new OutboundFetchError(`the answer is larger than ${request.maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            incoming.destroy();
            reject(new OutboundFetchError(`the answer is larger than ${request.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        incoming.on("error", reject);
        incoming.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ status: incoming.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

/**
 * One request with a deadline for the whole exchange and a cap on the answer's size. Any HTTP
 * status is returned; a refused, unreachable, slow or oversized exchange throws OutboundFetchError.
 */
export async function outboundFetch(address: string, request: OutboundRequest): Promise<OutboundResponse> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new OutboundFetchError(`${JSON.stringify(address.slice(0, 200))} is not a web address`);
  }
  const signal = AbortSignal.timeout(request.timeoutMs);
  let redirectsLeft = request.maxRedirects ?? ((request.method ?? "GET") === "GET" ? 3 : 0);
  for (;;) {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundFetchError(`${url.protocol} addresses are not fetched`);
    if (url.username || url.password) throw new OutboundFetchError("addresses with a user name or password are not fetched");
    let response: OutboundResponse;
    try {
      response = await once(url, request, signal);
    } catch (error) {
      if (error instanceof OutboundFetchError) throw error;
      if (signal.aborted) throw new OutboundFetchError(`timed out after ${Math.round(request.timeoutMs / 1000)} s`);
      const code = (error as NodeJS.ErrnoException).code;
      throw new OutboundFetchError(`could not be reached (${code ?? (error as Error).message})`);
    }
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location && redirectsLeft > 0) {
      redirectsLeft -= 1;
      url = new URL(location, url);
      continue;
    }
    return response;
  }
}
