import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMessages } from "#app/server/inbox/inbox.server";
import { contactMessages } from "#database/schema";
import { firstPage, keysetPage, type KeysetOrder, type Page, type PageRequest } from "#app/server/db/keyset.server";
import { listMediaPage, referencesByUrl, type MediaFilter } from "#app/server/media/media.server";
import type { MediaReference } from "#app/lib/media-types";
import { createLocalStorage, createS3Storage, type Storage } from "#app/server/core/storage.server";
import { temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { aCommunityQuestion, aContactMessage } from "#tests/factories";

let server: TestServer;
let admin: CookieJar;
const tiedAt = new Date("2026-04-01T09:00:00.654321Z");
const messageIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  admin = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  const { db } = server.services;
  // 13 messages, all received at one and the same moment: only the id orders them.
  for (let index = 0; index < 13; index++) messageIds.push((await aContactMessage(db, { subject: `Message ${index}`, createdAt: tiedAt })).id);
  messageIds.sort().reverse();
  // An Ask Kafundisha question: handled on its own screen, never in the Inbox.
  await aCommunityQuestion(db, { title: "Question 0", createdAt: tiedAt });
});
afterAll(() => server.close());

/** Every page from the first, following the next cursors; checks where prev is. Returns the pages' ids. */
async function walk(list: (page: PageRequest) => Promise<Page<{ id: string } | { url: string }>>) {
  const pages: string[][] = [];
  let request: PageRequest = firstPage;
  for (;;) {
    const page = await list(request);
    expect(page.prev === null, `prev on page ${pages.length + 1}`).toBe(pages.length === 0);
    pages.push(page.rows.map((row) => ("id" in row ? row.id : row.url)));
    if (!page.next) return pages;
    request = { after: page.next, before: null };
  }
}

const garbled = (cursor: string) => {
  const [payload] = cursor.split(".");
  return ["garbage", "", "a.b.c", `${payload}.AAAAAAAAAAAAAAAA`, "%%%", `${Buffer.from('["inbox-messages","x","y"]').toString("base64url")}.x`];
};

describe(`inbox lists a page at a time (${testDatabaseKind})`, () => {
  const messages = (page: PageRequest) => listMessages(server.services.db, page);

  it("13 messages received at the same moment: 12 then 1, ties broken by id, no prev first, no next last", async () => {
    const pages = await walk(messages);
    expect(pages.map((page) => page.length)).toEqual([12, 1]);
    expect(pages.flat()).toEqual(messageIds);
  });

  it("a garbled cursor, or another list's cursor, is the first page", async () => {
    const first = await messages(firstPage);
    // A good cursor of another list of the same rows, oldest first.
    const otherOrder: KeysetOrder = { name: "other-list", columns: [contactMessages.createdAt, contactMessages.id], direction: "asc" };
    const other = await keysetPage(otherOrder, firstPage, (keyset) =>
      server.services.db
        .select({ cursor: keyset.cursor, id: contactMessages.id })
        .from(contactMessages)
        .where(keyset.where)
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    );
    for (const cursor of [...garbled(first.next!), other.next!]) {
      for (const request of [
        { after: cursor, before: null },
        { after: null, before: cursor },
      ]) {
        const page = await messages(request);
        expect(
          page.rows.map((row) => row.id),
          cursor,
        ).toEqual(first.rows.map((row) => row.id));
        expect(page.prev).toBeNull();
      }
    }
  });
});

describe(`the Inbox screen's pages (${testDatabaseKind})`, () => {
  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { Cookie: admin.header() } });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const navHref = (html: string, label: string, rel: "next" | "prev") => {
    const nav = html.match(new RegExp(`<nav aria-label="${label}"[^>]*>((?:(?!</nav>)[^])*)</nav>`))?.[1] ?? "";
    return nav.match(new RegExp(`<a rel="${rel}" href="([^"]*)"`))?.[1]?.replace(/&amp;/g, "&");
  };
  const shown = (html: string, prefix: string) => [...html.matchAll(new RegExp(`>${prefix} (\\d+)</h3>`, "g"))].map((match) => Number(match[1]));

  it("pages the Contact messages, counts over all pages, and holds no Ask Kafundisha question", async () => {
    const first = await page("/admin/inbox");
    expect(first).toContain(`(13 total, 13 unread)`);
    expect(shown(first, "Message")).toHaveLength(12);
    expect(shown(first, "Question")).toEqual([]);
    expect(first).not.toContain("Questions pages");
    expect(navHref(first, "Messages pages", "prev")).toBeUndefined();

    const next = navHref(first, "Messages pages", "next")!;
    expect(next).toMatch(/^\/admin\/inbox\?messagesAfter=[^&#]+#messages-heading$/);
    const second = await page(next.replace(/#.*/, ""));
    expect(shown(second, "Message")).toHaveLength(1);
    expect(navHref(second, "Messages pages", "next")).toBeUndefined();
    const prev = new URL(navHref(second, "Messages pages", "prev")!, server.url);
    expect(prev.searchParams.has("messagesAfter")).toBe(false);
    expect(prev.searchParams.get("messagesBefore")).toBeTruthy();
  });

  it("marks an item on a later page read; the unread count is over all pages; bad cursors are page 1", async () => {
    const response = await fetch(`${server.url}/admin/inbox`, {
      method: "POST",
      headers: { Origin: server.url, Cookie: admin.header(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ kind: "message", id: messageIds.at(-1)! }),
    });
    expect(response.status).toBe(200);
    expect(await page("/admin/inbox")).toContain("(13 total, 12 unread)");
    for (const path of ["/admin/inbox?messagesAfter=%FF%FE", "/admin/inbox?questionsBefore=nope&messagesAfter=eyJ4Ijo.1"]) {
      const html = await page(path);
      expect(shown(html, "Message"), path).toHaveLength(12);
      expect(navHref(html, "Messages pages", "prev"), path).toBeUndefined();
    }
  });
});

// The media library is read from storage, not a table: it is tried on both drivers.
let s3rver: S3rver;
let s3Endpoint: string;
beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: temporaryFolder("educator-s3-") });
  s3Endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
});
afterAll(() => s3rver.close());

let bucketNumber = 0;
const drivers: Array<[string, () => Promise<Storage>]> = [
  ["local", async () => createLocalStorage(temporaryFolder())],
  [
    "s3",
    async () => {
      const bucket = `media-pages-${++bucketNumber}`;
      const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
      await new S3Client({ endpoint: s3Endpoint, region: "us-east-1", forcePathStyle: true, credentials }).send(new CreateBucketCommand({ Bucket: bucket }));
      return createS3Storage({
        bucket,
        region: "us-east-1",
        endpoint: s3Endpoint,
        ...credentials,
        forcePathStyle: true,
        publicUrl: "https://cdn.example.org/files",
      });
    },
  ],
];

const all: MediaFilter = { q: "", kind: "all" };
const copies = (key: string) => [480, 960, 1440].map((width) => key.replace(/\.[a-z]+$/, `.w${width}.webp`));

/** A storage that counts how many entries its listings return. */
function counting(storage: Storage) {
  const counted = { entries: 0 };
  const wrapped: Storage = {
    ...storage,
    list: async (bucket, options) => storage.list(bucket, options).then((files) => ((counted.entries += files.length), files)),
  };
  return { storage: wrapped, counted };
}

describe.each(drivers)("media library pages on the %s storage", (_kind, make) => {
  let storage: Storage;
  let urls: string[];

  beforeAll(async () => {
    storage = await make();
    // 13 originals, each with its three WebP copies (not items of their own); written in one burst, so their times tie.
    for (let index = 0; index < 13; index++) {
      const key = `img-${String(index).padStart(2, "0")}.jpg`; // top level: s3rver lists a bucket only then
      for (const name of [key, ...copies(key)]) await storage.put("media", name, Buffer.from(name));
    }
    urls = Array.from({ length: 13 }, (_, index) => storage.publicUrl("media", `img-${String(index).padStart(2, "0")}.jpg`));
  });

  const noReferences = new Map<string, MediaReference[]>();

  it("13 originals: 12 then 1 in name order, copies left out, no prev first, no next last, and back again", async () => {
    const pages = await walk((page) => listMediaPage(storage, noReferences, all, page));
    expect(pages.map((page) => page.length)).toEqual([12, 1]);
    expect(pages.flat()).toEqual(urls);
    const one = await listMediaPage(storage, noReferences, all);
    const two = await listMediaPage(storage, noReferences, all, { after: one.next, before: null });
    const back = await listMediaPage(storage, noReferences, all, { after: null, before: two.prev });
    expect(back.rows.map((item) => item.url)).toEqual(urls.slice(0, 12));
    expect(back.prev).toBeNull();
    expect(back.next).toBe(one.next);
  });

  it("reads no more of the storage than the first page needs", async () => {
    const { storage: watched, counted } = counting(storage);
    await listMediaPage(watched, noReferences, all);
    // 13 originals (12 and one to know there is more) and their copies: never the whole bucket twice over.
    expect(counted.entries).toBeLessThanOrEqual(13 * 4);
    expect(counted.entries).toBeGreaterThan(0);
  });

  it("a garbled or foreign cursor is the first page", async () => {
    const first = await listMediaPage(storage, noReferences, all);
    const foreign = (await listMessages(server.services.db, firstPage)).next!;
    for (const cursor of [...garbled(first.next!), foreign]) {
      for (const request of [
        { after: cursor, before: null },
        { after: null, before: cursor },
      ]) {
        const page = await listMediaPage(storage, noReferences, all, request);
        expect(
          page.rows.map((item) => item.url),
          cursor,
        ).toEqual(urls.slice(0, 12));
        expect(page.prev).toBeNull();
      }
    }
  });

  it("merges the database's images in URL order, lists the public bucket alone, filters and searches across pages", async () => {
    const tied = await make();
    // Another bucket's file of the same name (a resource, a pack) is never a library item.
    for (const bucket of ["media", "media-2", "school-packs"]) await tied.put(bucket, "same.png", Buffer.from(bucket));
    for (let index = 0; index < 12; index++) await tied.put("media", `team/p${String(index).padStart(2, "0")}.jpg`, Buffer.from("p"));
    const references = referencesByUrl([
      { kind: "team", id: "m1", label: "Member One", url: tied.publicUrl("media", "team/p03.jpg") },
      { kind: "article-content", id: "a1", label: "Outside article", url: "https://images.example.net/outside.png" },
      { kind: "team", id: "m2", label: "Member Two", url: tied.publicUrl("media", "team/gone.jpg") },
    ]);
    const pages = await walk((page) => listMediaPage(tied, references, all, page));
    const everything = pages.flat();
    expect(pages.map((page) => page.length)).toEqual([12, 3]);
    expect(everything).toEqual([...everything].sort((a, b) => (a < b ? -1 : 1)));
    expect(everything.filter((url) => url.endsWith("/same.png"))).toEqual([tied.publicUrl("media", "same.png")]);
    expect(everything).toContain("https://images.example.net/outside.png");
    expect(everything).toContain(tied.publicUrl("media", "team/gone.jpg"));

    const team = await walk((page) => listMediaPage(tied, references, { q: "", kind: "team" }, page));
    expect(team).toEqual([[tied.publicUrl("media", "team/gone.jpg"), tied.publicUrl("media", "team/p03.jpg")]]);
    const [found] = (await listMediaPage(tied, references, { q: "MEMBER ONE", kind: "all" })).rows;
    expect(found).toMatchObject({ url: tied.publicUrl("media", "team/p03.jpg"), file: { bucket: "media", path: "team/p03.jpg" }, references: [{ id: "m1" }] });
    expect((await listMediaPage(tied, references, { q: "", kind: "storage" })).rows.every((item) => item.file !== null)).toBe(true);
  });

  it("neither skips nor repeats a file deleted between two pages", async () => {
    const one = await listMediaPage(storage, noReferences, all);
    await storage.remove("media", "img-11.jpg"); // the item the next cursor points after
    const two = await listMediaPage(storage, noReferences, all, { after: one.next, before: null });
    expect(two.rows.map((item) => item.url)).toEqual([urls[12]]);
    expect(two.next).toBeNull();
    await storage.remove("media", "img-12.jpg"); // nothing left after the cursor: the first page
    const empty = await listMediaPage(storage, noReferences, all, { after: one.next, before: null });
    expect(empty.rows.map((item) => item.url)).toEqual(urls.slice(0, 11));
    expect(empty.prev).toBeNull();
  });
});

describe(`the Media Library screen a page at a time (${testDatabaseKind})`, () => {
  it("shows 12 with a next link that keeps the filter and search, and a garbled cursor is page 1", async () => {
    const { storage } = server.services;
    for (let index = 0; index < 13; index++) await storage.put("media", `screen/shot-${String(index).padStart(2, "0")}.png`, Buffer.from("s"));
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { Cookie: admin.header() } });
      expect(response.status, path).toBe(200);
      return response.text();
    };
    const cards = (html: string) => html.match(/<h2 class="truncate[^"]*" title="[^"]*">/g)?.length ?? 0;
    const next = (html: string) => html.match(/<a rel="next" href="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
    const first = await get("/admin/media?q=shot&kind=storage");
    expect(cards(first)).toBe(12);
    expect(first).not.toContain('rel="prev"');
    const link = new URL(next(first)!, server.url);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ q: "shot", kind: "storage", after: expect.any(String) });
    const second = await get(`${link.pathname}${link.search}`);
    expect(cards(second)).toBe(1);
    expect(second).toContain("shot-12.png");
    expect(next(second)).toBeUndefined();
    expect(second).toContain('rel="prev"');
    for (const path of ["/admin/media?after=%FF%FE&q=shot", "/admin/media?before=eyJ4Ijo.1&q=shot"]) {
      const html = await get(path);
      expect(cards(html), path).toBe(12);
      expect(html, path).not.toContain('rel="prev"');
    }
  });
});
