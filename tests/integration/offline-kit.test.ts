import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webAppManifest } from "#scripts/lib/offline-kit";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";

const clientDir = path.resolve(import.meta.dirname, "../../build/client");
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe(`the offline kit of the build (${testDatabaseKind})`, () => {
  it("has PNG icons of the sizes the manifest names", async () => {
    for (const icon of webAppManifest.icons) {
      const metadata = await sharp(fs.readFileSync(path.join(clientDir, icon.src))).metadata();
      expect(metadata.format, icon.src).toBe("png");
      expect(`${metadata.width}x${metadata.height}`, icon.src).toBe(icon.sizes);
    }
  });

  it("serves the manifest and the service worker, which the browser always checks for a new version", async () => {
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    expect(await manifest.json()).toMatchObject({ name: "The Educator", start_url: "/", display: "standalone" });
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    const code = await worker.text();
    // The offline page and /saved are kept at install, with the stylesheet and the reader script.
    for (const kept of ['"/offline"', '"/saved"', "/assets/app-", "/assets/enhance-"]) expect(code).toContain(kept);
    // Named by their hash, they are kept from the browser's cache rather than downloaded again.
    expect(code).toMatch(/url:"\/assets\/app-[\w-]+\.css",revision:null/);
    expect(code).toMatch(/url:"\/assets\/enhance-[\w-]+\.js",revision:null/);
  });

  it("links the manifest from hydrated pages, and leaves it and the worker to the reader script on reader pages", async () => {
    const hydrated = await (await fetch(`${server.url}/contact`)).text();
    expect(hydrated).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    // The browser fetches the manifest and its icon as soon as it sees the link: on reader pages, only once they have painted.
    const readerPage = await (await fetch(`${server.url}/about`)).text();
    expect(readerPage).not.toContain('rel="manifest"');
    expect(readerPage).not.toContain("sw.js");
  });
});
