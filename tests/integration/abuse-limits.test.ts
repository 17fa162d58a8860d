import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionsPerHour } from "#app/server/inbox/inbox.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "1" });
});
afterAll(() => server.close());

const contactFields = (email: string) =>
  new URLSearchParams({ firstName: "Mutinta", lastName: "Hamoonga", email, subject: "Story idea", message: "Our school garden now feeds 200 learners." });

function postContact(body: URLSearchParams, forwardedFor: string) {
  return fetch(`${server.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forwardedFor },
    body,
  });
}

/** Sends the headers and the first `sentBytes` of a body announced as `announcedBytes`; resolves with the answer's status. */
function announceBody(
  path: string,
  announcedBytes: number,
  sentBytes: number,
  headers: http.OutgoingHttpHeaders = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": announcedBytes, ...headers },
    });
    request.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode!, body }));
    });
    // The server may close the connection while the rest of the body is still on its way.
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? undefined : reject(error)));
    request.write(Buffer.alloc(sentBytes, "a"));
  });
}

describe(`limits before work (${testDatabaseKind})`, () => {
  it("answers a 1 MB form 413 without reading it, and memory stays where it was", async () => {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const oneMegabyte = new URLSearchParams({ ...Object.fromEntries(contactFields("big@example.com")), message: "x".repeat(1024 * 1024) });
    const refused = await postContact(oneMegabyte, "198.51.100.1");
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe("The request is too large.");

    // 200 MB announced, 64 KiB sent: the answer comes without waiting for the rest.
    const huge = await announceBody("/contact", 200 * 1024 * 1024, 64 * 1024);
    expect(huge).toEqual({ status: 413, body: "The request is too large." });
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(32 * 1024 * 1024);

    // A JSON endpoint answers in JSON, at its own limit.
    const ai = await announceBody("/api/ai/generate", 64 * 1024, 1024, { "Content-Type": "application/json" });
    expect(ai.status).toBe(413);
    expect(JSON.parse(ai.body)).toEqual({ error: "The request is too large." });

    // The server carries on: a normal message goes through.
    expect((await postContact(contactFields("small@example.com"), "198.51.100.2")).status).toBe(200);
  });

  it("refuses a form sent in chunks without a length (it could never end)", async () => {
    const chunked = await fetch(`${server.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new Blob([contactFields("chunks@example.com").toString()]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });

  it("lets the article editor send long articles, past the forms' limit", async () => {
    const article = await announceBody("/admin/articles/new", 1024 * 1024, 1024 * 1024);
    expect(article.status).not.toBe(413);
  });

  it("reads the client address from the right of X-Forwarded-For: writing addresses on the left changes nothing", async () => {
    const proxySaw = "203.0.113.77";
    for (let sent = 0; sent < submissionsPerHour; sent++) {
      expect((await postContact(contactFields(`spoof${sent}@example.com`), `10.9.9.${sent}, ${proxySaw}`)).status).toBe(200);
    }
    expect((await postContact(contactFields("spoof-more@example.com"), `10.9.9.99, ${proxySaw}`)).status).toBe(429);
    expect((await postContact(contactFields("spoof-more@example.com"), proxySaw)).status).toBe(429);
    // Another client behind the same proxy is its own address.
    expect((await postContact(contactFields("neighbour@example.com"), "203.0.113.78")).status).toBe(200);
  });

  it("counts an IPv6 client's whole /64 as one address: the 31st sign-in try from one /64 is refused", async () => {
    const signInFrom = (address: string, attempt: number) =>
      fetch(`${server.url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
        body: new URLSearchParams({ intent: "sign-in", email: `sprayed${attempt}@example.com`, password: "not-the-password" }),
      });
    const statuses = [];
    // Each try from another address of 2001:db8:6:1::/64, written every way an address can be.
    for (let attempt = 0; attempt < 35; attempt++) {
      const address = attempt % 2 ? `2001:db8:6:1:${attempt.toString(16)}::1` : `2001:0DB8:0006:0001:0:0:0:${attempt.toString(16)}`;
      statuses.push((await signInFrom(address, attempt)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    // The next /64 is another client; an IPv4 address written as IPv6 is that IPv4 address.
    expect((await signInFrom("2001:db8:6:2::1", 99)).status).toBe(401);
    for (let attempt = 0; attempt < 30; attempt++) await signInFrom("192.0.2.55", 100 + attempt);
    expect((await signInFrom("::ffff:192.0.2.55", 200)).status).toBe(429);
  });
});
