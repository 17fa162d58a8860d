import http from "node:http";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "#tests/helpers/database";
import { rawRequest, type RawResponse } from "#tests/helpers/pages";
import { signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";

const owner = { OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" };
let server: TestServer;
const logged: string[] = [];

interface RequestLine {
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  cache?: string;
  sampled?: number;
}

const requestLines = () =>
  logged
    .map((line) => JSON.parse(line) as RequestLine)
    .filter((entry) => entry.msg === "request")
    .map(({ method, path, status, cache, sampled }) => ({ method, path, status, cache, sampled }));

beforeAll(async () => {
  server = await startTestServer(owner, { log: pino({ level: "info" }, { write: (line: string) => void logged.push(line) }) });
});
afterAll(() => server.close());

const stackTrace = /\bat .+\(.+:\d+:\d+\)|node_modules|Error:/;

describe(`requests the server refuses before reading them (${testDatabaseKind})`, () => {
  it("answers a malformed Host with 400, wherever it is sent", async () => {
    for (const path of ["/", "/about", "/articles?q=x", "/auth", "/healthz", "/api/page-views", "/assets/none.js"]) {
      for (const host of ["[", "example.org/articles?q=moved", "a b"]) {
        const answer = await rawRequest(`${server.url}${path}`, { headers: { Host: host } });
        expect(answer.status, `${path} with Host ${host}`).toBe(400);
        expect(answer.html).toBe("Bad Request");
      }
    }
    expect((await rawRequest(`${server.url}/about`, { headers: { Host: "magazine.example:8080" } })).status).toBe(200);
  });

  it("answers TRACE and other methods the site does not use with 405 and Allow", async () => {
    for (const method of ["TRACE", "OPTIONS", "PROPFIND", "PUT", "DELETE", "PATCH"]) {
      for (const path of ["/", "/about", "/auth", "/admin"]) {
        const answer = await rawRequest(`${server.url}${path}`, { method });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST");
        expect(answer.html).toBe("Method Not Allowed");
      }
    }
    // The server-wide form, `OPTIONS *`.
    const { port } = new URL(server.url);
    const star = await new Promise<number | undefined>((resolve, reject) => {
      http
        .request({ host: "127.0.0.1", port, path: "*", method: "OPTIONS" }, (response) => resolve(response.resume().statusCode))
        .on("error", reject)
        .end();
    });
    expect(star).toBe(405);
  });

  it("never answers with a stack trace", async () => {
    for (const path of ["/uploads/%E0%A4%A", "/%", "/articles/%ZZ", "/assets/%C0%AF"]) {
      const answer = await rawRequest(`${server.url}${path}`);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.html, path).not.toMatch(stackTrace);
    }
  });
});

describe(`the request log (${testDatabaseKind})`, () => {
  it("logs reader pages on both paths the same way (path without query, status, ms), a miss always and hits sampled", async () => {
    const jar = await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
    logged.length = 0;
    await rawRequest(`${server.url}/saved?secret-search=1`); // a miss, answered before Express
    for (let hit = 0; hit < 150; hit++) await rawRequest(`${server.url}/saved`); // hits
    await rawRequest(`${server.url}/saved?secret-search=2`, { headers: { Cookie: jar.header() } }); // signed in: Express
    await rawRequest(`${server.url}/articles/00000000-0000-4000-8000-000000000000`); // rendered, not kept (404)
    await rawRequest(`${server.url}/`, { method: "TRACE" });
    await rawRequest(`${server.url}/`, { headers: { Host: "[" } });
    await expect.poll(() => requestLines().length).toBeGreaterThanOrEqual(6);
    const lines = requestLines();
    expect(lines.filter((line) => line.cache !== "hit")).toEqual([
      { method: "GET", path: "/saved", status: 200, cache: "miss", sampled: undefined },
      { method: "GET", path: "/saved", status: 200, cache: undefined, sampled: undefined },
      { method: "GET", path: "/articles/00000000-0000-4000-8000-000000000000", status: 404, cache: "pass", sampled: undefined },
      { method: "TRACE", path: "/", status: 405, cache: undefined, sampled: undefined },
      { method: "GET", path: "/", status: 400, cache: undefined, sampled: undefined },
    ]);
    // One hit in a hundred, saying so.
    const hits = lines.filter((line) => line.cache === "hit");
    expect(hits.length).toBeGreaterThanOrEqual(1);
    expect(hits.length).toBeLessThanOrEqual(2);
    expect(hits[0]).toEqual({ method: "GET", path: "/saved", status: 200, cache: "hit", sampled: 100 });
    expect(logged.join("\n")).not.toContain("secret-search");
    for (const line of logged.map((entry) => JSON.parse(entry) as RequestLine).filter((entry) => entry.msg === "request")) {
      expect(line.ms).toBeGreaterThanOrEqual(0);
    }
  });
});

const internalHeaders = (answer: RawResponse) => Object.keys(answer.headers).filter((name) => name.startsWith("x-educator-"));

describe(`one answer for reader pages, whichever path renders them (${testDatabaseKind})`, () => {
  it("never sends an x-educator-* header: kept, rendered or through Express, anonymous or signed in, whatever the client sent", async () => {
    const jar = await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
    const forged = { "X-Educator-Cache-Tags": "articles", "X-Educator-Client-Ip": "10.9.9.9", "X-Educator-Csp-Nonce": "chosen" };
    const signedIn = { Cookie: jar.header() };
    const kept = await rawRequest(`${server.url}/articles?q=kept`, { headers: forged });
    expect(kept.cache).toBe("miss");
    // Each is asked twice, the second time with forged headers: `cache` is what answers each.
    type Cache = string | undefined;
    const cases: [what: string, path: string, options: { method?: string; headers?: Record<string, string> }, cache: Cache | [Cache, Cache]][] = [
      ["a hit", "/articles?q=kept", {}, "hit"],
      ["a hit, unchanged", "/articles?q=kept", { headers: { "If-None-Match": String(kept.headers.etag) } }, "hit"],
      ["a hit, HEAD", "/articles?q=kept", { method: "HEAD" }, "hit"],
      ["the data saver's copy", "/articles?q=kept&round=1", { headers: { "Save-Data": "on" } }, ["miss", "hit"]],
      ["a render not kept (404)", "/articles/00000000-0000-4000-8000-000000000000", {}, "pass"],
      ["a hydrated page", "/contact", {}, undefined],
      ["page data", "/about.data", {}, undefined],
      ["a reader page, signed in", "/about", { headers: signedIn }, undefined],
      ["a hydrated page, signed in", "/contact", { headers: signedIn }, undefined],
      ["the admin, signed in", "/admin", { headers: signedIn }, undefined],
    ];
    for (const [what, path, options, cache] of cases) {
      for (const [round, headers] of [options.headers ?? {}, { ...options.headers, ...forged }].entries()) {
        const answer = await rawRequest(`${server.url}${path}`, { ...options, headers });
        expect(answer.status, what).toBeLessThan(500);
        expect(answer.cache, what).toBe(Array.isArray(cache) ? cache[round] : cache);
        expect(internalHeaders(answer), what).toEqual([]);
        expect(answer.html, what).not.toContain("chosen");
      }
    }
    expect((await rawRequest(`${server.url}/articles?q=kept`, { headers: { "If-None-Match": String(kept.headers.etag) } })).status).toBe(304);
  });

  it("logs a reader page rendered before Express as Express logs one: every time, with the same fields", async () => {
    const jar = await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
    logged.length = 0;
    const unknownArticle = "/articles/00000000-0000-4000-8000-000000000000";
    await rawRequest(`${server.url}/articles?q=logged`); // rendered and kept
    await rawRequest(`${server.url}/articles?q=logged`, { headers: { Cookie: jar.header() } }); // Express
    await rawRequest(`${server.url}${unknownArticle}`, { headers: { "Save-Data": "on" } }); // rendered, not kept
    await rawRequest(`${server.url}${unknownArticle}`, { headers: { "Save-Data": "on", Cookie: jar.header() } });
    await expect.poll(() => requestLines().length).toBe(4);
    const lines = logged.map((line) => JSON.parse(line) as RequestLine & Record<string, unknown>).filter((line) => line.msg === "request");
    expect(lines.map(({ path, status, cache, sampled }) => ({ path, status, cache, sampled }))).toEqual([
      { path: "/articles", status: 200, cache: "miss", sampled: undefined },
      { path: "/articles", status: 200, cache: undefined, sampled: undefined },
      { path: unknownArticle, status: 404, cache: "pass", sampled: undefined },
      { path: unknownArticle, status: 404, cache: undefined, sampled: undefined },
    ]);
    const fields = (line: Record<string, unknown>) =>
      Object.keys(line).filter((name) => name !== "cache" && name !== "time" && name !== "pid" && name !== "hostname");
    for (const line of lines) expect(fields(line)).toEqual(["level", "method", "path", "status", "ms", "msg"]);
  });
});
