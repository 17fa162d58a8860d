import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";

let server: TestServer;
const open: { controller: AbortController; response: Response }[] = [];

beforeAll(async () => {
  // Behind a proxy, so each test reader can come from an address of its own.
  server = await startTestServer({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  for (const { controller } of open) controller.abort();
  await server.close();
});

/** Opens an event stream from `address` and keeps it open; resolves with the answer's status. */
async function openStream(address: string): Promise<{ status: number; retryAfter: string | null; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/events`, { headers: { Accept: "text/event-stream", "X-Forwarded-For": address }, signal: controller.signal });
  // Kept, body and all: a response nobody holds is collected, and its connection closed with it.
  if (response.ok) open.push({ controller, response });
  else await response.text();
  return { status: response.status, retryAfter: response.headers.get("retry-after"), close: () => controller.abort() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe(`event stream limits (${testDatabaseKind})`, () => {
  it("keeps 50 streams for one address, refuses the 51st with 503 and Retry-After, and takes one again when one closes", async () => {
    const streams = [];
    for (let index = 0; index < 50; index++) streams.push(await openStream("10.9.0.1"));
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const refused = await openStream("10.9.0.1");
    expect(refused).toMatchObject({ status: 503, retryAfter: "30" });
    expect((await openStream("10.9.0.2")).status).toBe(200); // another address is not held back
    streams[0]!.close();
    await settle();
    expect((await openStream("10.9.0.1")).status).toBe(200);
  });

  it("counts an IPv6 client's whole /64 as one address", async () => {
    const streams = [];
    for (let index = 0; index < 50; index++) streams.push(await openStream(`2001:db8:9:1:${index.toString(16)}::${(index + 1).toString(16)}`));
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    expect(await openStream("2001:db8:9:1:ffff:ffff:ffff:ffff")).toMatchObject({ status: 503, retryAfter: "30" });
    expect((await openStream("2001:db8:9:2::1")).status).toBe(200); // the next /64 is another client
    for (const stream of streams) stream.close();
    open.at(-1)!.controller.abort();
    await settle();
  });

  it("refuses the 1,001st stream of an instance", async () => {
    const alreadyOpen = 51; // from the test before
    const batch = async (from: number, to: number) =>
      Promise.all(Array.from({ length: to - from }, (_, index) => openStream(`10.8.${Math.floor((from + index) / 200)}.${(from + index) % 200}`)));
    const results = [];
    for (let from = 0; from < 1000 - alreadyOpen; from += 100) results.push(...(await batch(from, Math.min(from + 100, 1000 - alreadyOpen))));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1000 - alreadyOpen);
    const refused = await openStream("10.7.0.1");
    expect(refused).toMatchObject({ status: 503, retryAfter: "30" });
  });
});
