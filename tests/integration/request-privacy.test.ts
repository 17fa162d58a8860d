import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";

let server: TestServer;
const logged: string[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { log: pino({ level: "info" }, { write: (line: string) => void logged.push(line) }) });
});
afterAll(() => server.close());

describe(`what requests leave behind (${testDatabaseKind})`, () => {
  it("logs requests by path, never their query strings (tokens, searches)", async () => {
    await (await fetch(`${server.url}/auth/verify?token=secret-verification-token`)).text();
    await (await fetch(`${server.url}/auth?redirectTo=%2Fprivate-place`)).text();
    const requestPaths = () =>
      logged
        .map((line) => JSON.parse(line) as { msg: string; path?: string })
        .filter((entry) => entry.msg === "request")
        .map((entry) => entry.path);
    await expect.poll(requestPaths).toEqual(expect.arrayContaining(["/auth/verify", "/auth"]));
    expect(logged.join("\n")).not.toContain("secret-verification-token");
    expect(logged.join("\n")).not.toContain("private-place");
  });

  it("turns off powerful browser features on every page, cached or not", async () => {
    for (const path of ["/", "/about", "/auth", "/contact"]) {
      const response = await fetch(server.url + path);
      expect(response.headers.get("permissions-policy"), path).toBe("camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()");
    }
  });
});
