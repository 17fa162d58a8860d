import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "#app/server/auth/auth.server";
import { firstPage, type PageRequest } from "#app/server/db/keyset.server";
import { contentImageUrls, isImageVariant, listMediaPage, listMediaReferences, referencesByUrl } from "#app/server/media/media.server";
import type { MediaItem } from "#app/lib/media-types";
import { demoArticles, demoTeam } from "#database/seed/demo-content";
import { testDatabaseKind } from "#tests/helpers/database";
import { type CookieJar, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let owner: CookieJar;
let plainUser: CookieJar;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  await signUp({ email: "plain@example.com", password: "plain-secret" }, { ip: "127.0.0.1" });
  owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  plainUser = await signInOverHttp(server.url, "plain@example.com", "plain-secret");
});
afterAll(() => server.close());

function deleteRequest(fields: Record<string, string>, jar?: CookieJar) {
  return fetch(`${server.url}/admin/media`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...(jar ? { Cookie: jar.header() } : {}) },
    body: new URLSearchParams({ intent: "delete", ...fields }),
  });
}

/** Tests run the local driver, whose files sit in one folder. */
const localRoot = () => server.services.storage.root!;

const copiesOf = (key: string) => [480, 960, 1440].map((width) => key.replace(/\.[a-z]+$/, `.w${width}.webp`));

/** Puts an original and its three WebP copies in the media bucket; returns their paths on disk. */
async function storeWithCopies(key: string) {
  const { storage } = server.services;
  for (const name of [key, ...copiesOf(key)]) await storage.put("media", name, Buffer.from(`bytes of ${name}`));
  return [key, ...copiesOf(key)].map((name) => path.join(localRoot(), "media", ...name.split("/")));
}

describe("finding image URLs in article content", () => {
  it("finds http(s) links ending in an image extension and our own /uploads paths, each once", () => {
    const content = [
      "## Pictures",
      "![Chalkboard](https://example.org/img/board.PNG) and ![b](http://cdn.example.com/a/b.jpeg)![c](https://x.test/c.gif)",
      'Plain link https://example.org/diagram.svg, then <img src="https://example.org/photo.webp">.',
      "Again https://example.org/diagram.svg and a local one: ![x](/uploads/media/articles/123_abc.jpg)",
      "Not images: https://example.org/page.html https://example.org/pngs/ https://example.org/a.png/b ftp://example.org/x.png",
      "Not ours: /static/pic.png and https://example.org/x.jpgx",
    ].join("\n");
    expect(contentImageUrls(content)).toEqual([
      "https://example.org/img/board.PNG",
      "http://cdn.example.com/a/b.jpeg",
      "https://x.test/c.gif",
      "https://example.org/diagram.svg",
      "https://example.org/photo.webp",
      "/uploads/media/articles/123_abc.jpg",
    ]);
    expect(contentImageUrls("No pictures here.")).toEqual([]);
  });

  it("tells WebP copies from originals", () => {
    expect(isImageVariant("articles/demo-a.w480.webp")).toBe(true);
    expect(isImageVariant("articles/demo-a.w1440.webp")).toBe(true);
    expect(isImageVariant("articles/demo-a.jpg")).toBe(false);
    expect(isImageVariant("articles/demo-a.webp")).toBe(false);
  });
});

describe(`the media library (${testDatabaseKind})`, () => {
  /** Every item of the library, page after page. */
  async function everyItem() {
    const { db, storage } = server.services;
    const references = referencesByUrl(await listMediaReferences(db));
    const items: MediaItem[] = [];
    let request: PageRequest = firstPage;
    for (;;) {
      const page = await listMediaPage(storage, references, { q: "", kind: "all" }, request);
      items.push(...page.rows);
      if (!page.next) return items;
      request = { after: page.next, before: null };
    }
  }

  it("lists stored originals, article images and team photos, one item per URL, in URL order", async () => {
    const items = await everyItem();
    const urls = items.map((item) => item.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toEqual([...urls].sort((a, b) => (a < b ? -1 : 1)));
    expect(items.some((item) => item.file && isImageVariant(item.file.path))).toBe(false);

    const featured = items.filter((item) => item.references.some((reference) => reference.kind === "article-featured"));
    expect(featured).toHaveLength(demoArticles.length);
    // The demo images live in our storage, so each is one deletable item that names its article.
    for (const item of featured) {
      expect(item.file).toMatchObject({ bucket: "media" });
      expect(item.label).toBe(item.file!.path.split("/").pop());
    }
    expect(featured.flatMap((item) => item.references.map((reference) => reference.label)).sort()).toEqual(demoArticles.map((article) => article.title).sort());

    const team = items.filter((item) => item.references.some((reference) => reference.kind === "team"));
    expect(team.map((item) => item.references[0]!.label).sort()).toEqual(demoTeam.map((member) => member.name).sort());
  });

  it("serves the screen to the owner with the first page of images", async () => {
    const response = await fetch(`${server.url}/admin/media`, { headers: { Cookie: owner.header() } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Media Library");
    const [first] = await everyItem();
    expect(html).toContain(`src="${first!.url}"`);
  });

  it("deletes a stored file together with its WebP copies", async () => {
    const [original, ...copies] = await storeWithCopies("articles/delete-me.png");
    const [neighbour] = await storeWithCopies("articles/keep-me.png");
    const response = await deleteRequest({ bucket: "media", path: "articles/delete-me.png" }, owner);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("File removed from storage");
    expect(fs.existsSync(original!)).toBe(false);
    for (const copy of copies) expect(fs.existsSync(copy)).toBe(false);
    expect(fs.existsSync(neighbour!)).toBe(true);
  });

  it("refuses paths that leave the bucket, and unknown buckets", async () => {
    const root = localRoot();
    const canaries = [path.join(root, "secret.txt"), path.join(root, "..", "secret.txt")];
    for (const canary of canaries) fs.writeFileSync(canary, "keep");
    const [victim] = await storeWithCopies("articles/victim.png");
    const attempts = [
      { bucket: "media", path: "../secret.txt" },
      { bucket: "media", path: "articles/../../secret.txt" },
      { bucket: "media", path: "/etc/passwd" },
      { bucket: "media", path: "articles/..\\..\\secret.txt" },
      { bucket: "..", path: "secret.txt" },
      { bucket: "media/..", path: "secret.txt" },
      { bucket: "nope", path: "articles/victim.png" },
      { bucket: "media", path: "" },
    ];
    for (const attempt of attempts) {
      const response = await deleteRequest(attempt, owner);
      expect(response.status, JSON.stringify(attempt)).toBe(400);
      expect(await response.text()).toMatch(/Invalid file path|Not a Media Library file|Invalid request/);
    }
    for (const canary of canaries) expect(fs.readFileSync(canary, "utf8")).toBe("keep");
    expect(fs.existsSync(victim!)).toBe(true);
  });

  it("refuses anonymous callers and normal users, and deletes nothing", async () => {
    const [file] = await storeWithCopies("articles/guarded.png");
    const anonymous = await deleteRequest({ bucket: "media", path: "articles/guarded.png" });
    expect([302, 401]).toContain(anonymous.status);
    if (anonymous.status === 302) expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    const normal = await deleteRequest({ bucket: "media", path: "articles/guarded.png" }, plainUser);
    expect(normal.status).toBe(403);
    const anonymousPage = await fetch(`${server.url}/admin/media`, { redirect: "manual" });
    expect([302, 401]).toContain(anonymousPage.status);
    const normalPage = await fetch(`${server.url}/admin/media`, { headers: { Cookie: plainUser.header() } });
    expect(normalPage.status).toBe(403);
    expect(fs.existsSync(file!)).toBe(true);
  });
});
