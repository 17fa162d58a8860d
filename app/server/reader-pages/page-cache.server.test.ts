import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { BackgroundQueue, compressForStorage, PageCache, storablePage, type StoredPage } from "./page-cache.server";

/** A stored page of exactly `bytes` bytes over its three bodies, stored at `storedAt`. */
function page(tags: string[], bytes = 300, storedAt = Date.now()): StoredPage {
  const third = Buffer.alloc(bytes / 3, "x");
  return { status: 200, headers: {}, identity: third, gzip: third, brotli: third, compressed: true, etag: 'W/"x"', tags, storedAt };
}

const keys = (cache: PageCache, candidates: string[]) => candidates.filter((key) => cache.get(key) !== undefined);

describe("page cache", () => {
  it("stores a miss as rendered (gzip level 1 at most), and compresses it for good later: every body decodes to the page, one weak ETag", async () => {
    const identity = Buffer.from("<!doctype html><p>" + "Teachers in Zambia. ".repeat(200) + "</p>");
    const rendered = { status: 200, headers: { "content-type": "text/html" }, identity, tags: ["a"] };
    const plain = await storablePage(rendered, { quickGzip: false });
    expect(plain.compressed).toBe(false);
    expect([plain.gzip, plain.brotli]).toEqual([undefined, undefined]);
    const quick = await storablePage(rendered, { quickGzip: true });
    expect(quick.compressed).toBe(false);
    expect(quick.brotli).toBeUndefined();
    expect(zlib.gunzipSync(quick.gzip!).equals(identity)).toBe(true);
    expect(quick.gzip!.equals(zlib.gzipSync(identity, { level: 1 }))).toBe(true);

    const stored = await compressForStorage(quick);
    expect(stored).toMatchObject({ compressed: true, etag: quick.etag, tags: ["a"], storedAt: quick.storedAt });
    expect(zlib.gunzipSync(stored.gzip!).equals(identity)).toBe(true);
    expect(zlib.brotliDecompressSync(stored.brotli!).equals(identity)).toBe(true);
    expect(stored.brotli!.length).toBeLessThan(identity.length / 10);
    expect(stored.gzip!.length).toBeLessThanOrEqual(quick.gzip!.length);
    expect(stored.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(plain.etag).toBe(stored.etag);
    expect((await storablePage({ ...rendered, identity: Buffer.from("other") }, { quickGzip: false })).etag).not.toBe(stored.etag);
  });

  it("puts a compressed copy in the place of a kept page only while the cache still keeps that page, counting its new size", () => {
    const cache = new PageCache({ maxBytes: 1_000, maxAgeMs: 60_000 });
    const rendered = { ...page(["a"], 300), gzip: undefined, brotli: undefined, compressed: false };
    cache.store("/", rendered, cache.begin());
    expect(cache.size).toEqual({ pages: 1, bytes: 100 });
    expect(cache.holds("/", rendered)).toBe(true);
    const compressed = page(["a"], 300);
    expect(cache.replace("/", rendered, compressed)).toBe(true);
    expect(cache.get("/")).toBe(compressed);
    expect(cache.size).toEqual({ pages: 1, bytes: 300 });
    // Replaced or dropped meanwhile: the late copy is not kept.
    expect(cache.replace("/", rendered, page(["a"], 600))).toBe(false);
    expect(cache.get("/")).toBe(compressed);
    const next = { ...page(["b"], 300), compressed: false };
    cache.store("/next", next, cache.begin());
    cache.invalidate(["b"]);
    expect(cache.holds("/next", next)).toBe(false);
    expect(cache.replace("/next", next, page(["b"], 300))).toBe(false);
    expect(cache.get("/next")).toBeUndefined();
    expect(cache.size).toEqual({ pages: 1, bytes: 300 });
    // Growing past the limit drops the least recently used pages, as a store does.
    cache.store("/other", { ...page(["c"], 300), compressed: false }, cache.begin());
    const grown = cache.get("/other")!;
    expect(cache.replace("/other", grown, page(["c"], 900))).toBe(true);
    expect(keys(cache, ["/", "/other"])).toEqual(["/other"]);
    expect(cache.size).toEqual({ pages: 1, bytes: 900 });
  });

  it("runs background work one job at a time, and drops new work while too much waits", async () => {
    const queue = new BackgroundQueue(2);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const releases: (() => void)[] = [];
    const job = (id: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      done.push(id);
    };
    expect(queue.add(job(1))).toBe(true); // runs at once
    expect(queue.add(job(2))).toBe(true);
    expect(queue.add(job(3))).toBe(true);
    expect(queue.add(job(4))).toBe(false); // two already wait
    expect(queue.size).toEqual({ running: true, waiting: 2 });
    for (let round = 0; round < 3; round++) {
      await expect.poll(() => releases.length).toBe(round + 1);
      releases[round]!();
    }
    await expect.poll(() => done).toEqual([1, 2, 3]);
    expect(most).toBe(1);
    await expect.poll(() => queue.size).toEqual({ running: false, waiting: 0 });
    // A failing job does not stop the ones after it.
    const after: string[] = [];
    queue.add(() => Promise.reject(new Error("broken")));
    queue.add(async () => void after.push("ran"));
    await expect.poll(() => after).toEqual(["ran"]);
  });

  it("drops the least recently used pages once past its byte limit", () => {
    const cache = new PageCache({ maxBytes: 900, maxAgeMs: 60_000 });
    for (const key of ["/a", "/b", "/c"]) expect(cache.store(key, page([]), cache.begin())).toBe(true);
    expect(cache.size).toEqual({ pages: 3, bytes: 900 });
    cache.get("/a"); // now /b is the least recently used
    cache.store("/d", page([]), cache.begin());
    expect(keys(cache, ["/a", "/b", "/c", "/d"])).toEqual(["/a", "/c", "/d"]);
    // A bigger page makes room for itself; replacing a key does not count it twice.
    cache.store("/e", page([], 600), cache.begin());
    expect(keys(cache, ["/a", "/c", "/d", "/e"])).toEqual(["/d", "/e"]);
    cache.store("/e", page([], 600), cache.begin());
    expect(cache.size).toEqual({ pages: 2, bytes: 900 });
    // A page larger than the whole cache is not kept, and evicts nothing.
    expect(cache.store("/huge", page([], 1200), cache.begin())).toBe(false);
    expect(cache.size).toEqual({ pages: 2, bytes: 900 });
  });

  it("serves a page for less than its maximum age", () => {
    const cache = new PageCache({ maxBytes: 10_000, maxAgeMs: 60_000 });
    cache.store("/", page([], 300, 1_000_000), cache.begin());
    expect(cache.get("/", 1_059_999)).toBeDefined();
    expect(cache.get("/", 1_060_000)).toBeUndefined();
    expect(cache.size).toEqual({ pages: 0, bytes: 0 });
  });

  it("keeps serving a page past its maximum age for the stale window, marked stale", () => {
    const cache = new PageCache({ maxBytes: 10_000, maxAgeMs: 60_000, staleMs: 30_000 });
    cache.store("/", page([], 300, 1_000_000), cache.begin());
    expect(cache.isStale(cache.get("/", 1_059_999)!, 1_059_999)).toBe(false);
    const stale = cache.get("/", 1_060_000);
    expect(stale && cache.isStale(stale, 1_060_000)).toBe(true);
    expect(cache.get("/", 1_089_999)).toBeDefined();
    expect(cache.get("/", 1_090_000)).toBeUndefined();
    // An invalidation drops a page at once, stale window or not.
    cache.store("/about", page(["team"], 300, 1_000_000), cache.begin());
    cache.invalidate(["team"]);
    expect(cache.get("/about", 1_000_001)).toBeUndefined();
  });

  it("drops exactly the pages carrying an invalidated tag", () => {
    const cache = new PageCache({ maxBytes: 10_000, maxAgeMs: 60_000 });
    cache.store("/", page(["articles", "categories"]), cache.begin());
    cache.store("/articles/1", page(["article:1", "related:c", "categories"]), cache.begin());
    cache.store("/articles/2", page(["article:2", "related:d", "categories"]), cache.begin());
    cache.store("/about", page(["team"]), cache.begin());
    const all = ["/", "/articles/1", "/articles/2", "/about"];

    cache.invalidate(["article:1"]);
    expect(keys(cache, all)).toEqual(["/", "/articles/2", "/about"]);
    cache.invalidate(["unknown", "related:d"]);
    expect(keys(cache, all)).toEqual(["/", "/about"]);
    cache.invalidate(["categories"]);
    expect(keys(cache, all)).toEqual(["/about"]);
    expect(cache.size).toEqual({ pages: 1, bytes: 300 });
    cache.invalidate([]);
    expect(keys(cache, all)).toEqual(["/about"]);
  });

  it("refuses a render begun before an invalidation of one of its tags, and keeps one begun after", () => {
    const cache = new PageCache({ maxBytes: 10_000, maxAgeMs: 60_000 });
    const before = cache.begin();
    cache.invalidate(["article:1"]);
    expect(cache.store("/articles/1", page(["article:1", "categories"]), before)).toBe(false);
    expect(cache.get("/articles/1")).toBeUndefined();
    // Another page begun at the same moment shows nothing that changed: kept.
    expect(cache.store("/articles/2", page(["article:2", "categories"]), before)).toBe(true);
    const after = cache.begin();
    expect(cache.store("/articles/1", page(["article:1", "categories"]), after)).toBe(true);
    // Two invalidations later the first render's token is still refused for that tag.
    cache.invalidate(["team"]);
    expect(cache.store("/articles/1?again", page(["article:1"]), before)).toBe(false);
  });

  it("still refuses renders begun before an invalidation once its memory of tags is reset", () => {
    const cache = new PageCache({ maxBytes: 10_000, maxAgeMs: 60_000 });
    const before = cache.begin();
    for (let index = 0; index <= 10_001; index++) cache.invalidate([`comment:${index}`]);
    const justBefore = cache.begin();
    cache.invalidate(["comment:last"]);
    expect(cache.store("/a", page(["comment:1"]), before)).toBe(false);
    expect(cache.store("/b", page(["comment:last"]), justBefore)).toBe(false);
    expect(cache.store("/c", page(["team"]), justBefore)).toBe(true);
    expect(cache.store("/d", page(["comment:last"]), cache.begin())).toBe(true);
  });

  it("clears everything, and refuses renders begun before the clear", () => {
    const cache = new PageCache({ maxBytes: 10_000, maxAgeMs: 60_000 });
    cache.store("/", page(["articles"]), cache.begin());
    cache.store("/about", page(["team"]), cache.begin());
    const before = cache.begin();
    cache.clear();
    expect(cache.size).toEqual({ pages: 0, bytes: 0 });
    expect(keys(cache, ["/", "/about"])).toEqual([]);
    expect(cache.store("/about", page(["team"]), before)).toBe(false);
    expect(cache.store("/about", page(["team"]), cache.begin())).toBe(true);
    // Tags of cleared pages are forgotten: invalidating them later drops only the new page.
    cache.invalidate(["articles"]);
    expect(keys(cache, ["/", "/about"])).toEqual(["/about"]);
  });
});
