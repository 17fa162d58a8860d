import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, outboundFetch, OutboundFetchError } from "./outbound-fetch.server";

describe("isPublicAddress", () => {
  it.each(["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "224.0.0.1",
    "not an address",
  ])("%s is not", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe("outboundFetch", () => {
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === "/slow") return void setTimeout(() => response.end("late"), 2_000);
      if (request.url === "/big") return void response.end(Buffer.alloc(5_000));
      if (request.url === "/moved") return void response.writeHead(302, { location: "/hello" }).end();
      if (request.url === "/echo") {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => response.writeHead(201, { "x-seen": request.headers["x-test"] ?? "" }).end(Buffer.concat(chunks)));
        return;
      }
      response.end("hello");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const limits = { timeoutMs: 1_000, maxBytes: 1_000, allowPrivate: true };

  it("refuses this machine and private networks unless allowed, by literal and by name", async () => {
    await expect(outboundFetch(`${base}/hello`, { ...limits, allowPrivate: false })).rejects.toThrow("127.0.0.1 is not a public address");
    const byName = base.replace("127.0.0.1", "localhost");
    await expect(outboundFetch(`${byName}/hello`, { ...limits, allowPrivate: false })).rejects.toThrow("localhost is not a public address");
    await expect(outboundFetch("http://[::1]:1/", { ...limits, allowPrivate: false })).rejects.toThrow("::1 is not a public address");
  });

  it("fetches, posts and follows a redirect when allowed", async () => {
    const got = await outboundFetch(`${base}/moved`, limits);
    expect([got.status, got.body.toString()]).toEqual([200, "hello"]);
    const posted = await outboundFetch(`${base}/echo`, { ...limits, method: "POST", body: "ping", headers: { "X-Test": "yes" } });
    expect([posted.status, posted.headers["x-seen"], posted.body.toString()]).toEqual([201, "yes", "ping"]);
  });

  it("does not follow a POST's redirect, nor a redirect past the limit", async () => {
    const posted = await outboundFetch(`${base}/moved`, { ...limits, method: "POST" });
    expect(posted.status).toBe(302);
    const unfollowed = await outboundFetch(`${base}/moved`, { ...limits, maxRedirects: 0 });
    expect(unfollowed.status).toBe(302);
  });

  it("stops a slow or oversized answer and names what went wrong", async () => {
    await expect(outboundFetch(`${base}/slow`, { ...limits, timeoutMs: 200 })).rejects.toThrow("timed out after 0 s");
    await expect(outboundFetch(`${base}/big`, limits)).rejects.toThrow("the answer is larger than 1000 bytes");
    await expect(outboundFetch("ftp://example.org/x", limits)).rejects.toBeInstanceOf(OutboundFetchError);
    await expect(outboundFetch("http://user:pw@example.org/", limits)).rejects.toThrow("user name or password");
    await expect(outboundFetch("http://127.0.0.1:1/", limits)).rejects.toThrow("could not be reached (ECONNREFUSED)");
  });
});
