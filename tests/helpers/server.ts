import path from "node:path";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import pino, { type Logger } from "pino";
import type { ServerBuild } from "react-router";
import { createWebServer } from "#server/app";
import { startTestServices, type TestServices } from "./services";
import { CookieJar } from "./cookie-jar";

export { CookieJar };

const root = path.resolve(import.meta.dirname, "../..");

export interface TestServer extends TestServices {
  url: string;
  close(): Promise<void>;
}

/** The built app (run `npm run build` first) on a random port, over a fresh test database. */
export async function startTestServer(env: Record<string, string> = {}, options: { log?: Logger } = {}): Promise<TestServer> {
  const started = await startTestServices({ PUBLIC_URL: "http://127.0.0.1", ...env });
  const serverBuild = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  const server = createWebServer({
    config: started.services.config,
    log: options.log ?? pino({ level: "silent" }),
    uploadsDir: started.services.storage.root,
    build: { server: serverBuild, clientDir: path.join(root, "build/client") },
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...started,
    url,
    async close() {
      started.services.realtime.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await started.stop();
    },
  };
}

/** Signs in through the real /auth form action; returns the jar holding the session cookie. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const response = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email, password }),
  });
  if (response.status !== 302) throw new Error(`Sign-in failed with status ${response.status}: ${await response.text()}`);
  jar.store(response);
  return jar;
}

/** Posts a form as a browser on the site would (same-origin, not following a redirect), signed in with `jar` when given. */
export function postForm(baseUrl: string, path: string, fields: Record<string, string>, jar?: CookieJar) {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded", ...(jar ? { Cookie: jar.header() } : {}) },
    body: new URLSearchParams(fields),
  });
}
