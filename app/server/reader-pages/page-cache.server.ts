import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

/** Off the event loop, in libuv's thread pool. */
export const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * A rendered page as the cache keeps it. It is stored as rendered (and gzipped at level 1 when its
 * first reader takes gzip); the best gzip and brotli bodies are made later, in the background, once
 * a second reader asks for it (`compressForStorage`), so a miss costs no more than a render.
 */
export interface StoredPage {
  status: number;
  /** The renderer's headers (content type, links…), lower-case names. */
  headers: Record<string, string>;
  identity: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  /** Its gzip and brotli bodies are the best ones (`compressForStorage` made them). */
  compressed: boolean;
  /** Weak: one tag for every encoding of the same page. */
  etag: string;
  tags: readonly string[];
  storedAt: number;
}

type RenderedPage = Pick<StoredPage, "status" | "headers" | "identity" | "tags">;

/** A page as it is stored on a miss: its ETag, and with `quickGzip` a gzip-1 body (about a millisecond, in the thread pool). */
export async function storablePage(page: RenderedPage, { quickGzip }: { quickGzip: boolean }): Promise<StoredPage> {
  const etag = `W/"${crypto.createHash("sha1").update(page.identity).digest("base64url")}"`;
  const gzipped = quickGzip ? await gzip(page.identity, { level: 1 }) : undefined;
  return { ...page, ...(gzipped ? { gzip: gzipped } : {}), compressed: false, etag, storedAt: Date.now() };
}

/** The same page with its best gzip (level 9) and brotli (quality 11) bodies: tens of milliseconds of a thread-pool thread. */
export async function compressForStorage(page: StoredPage): Promise<StoredPage> {
  const [gzipped, brotlied] = await Promise.all([
    gzip(page.identity, { level: 9 }),
    brotli(page.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.identity.length } }),
  ]);
  return { ...page, gzip: gzipped, brotli: brotlied, compressed: true };
}

const sizeOf = (page: StoredPage) => page.identity.length + (page.gzip?.length ?? 0) + (page.brotli?.length ?? 0);

/**
 * Background work, one job at a time; past `maxWaiting` jobs waiting, new ones are dropped (and
 * asked for again by whoever needs them later). Compressing pages for storage goes through it, so
 * however many pages are rendered, their compression takes at most one thread-pool thread and a
 * bounded queue.
 */
export class BackgroundQueue {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = false;

  constructor(private readonly maxWaiting: number) {}

  get size() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Queues `job`; false when the queue was too long to take it. A failing job does not stop the next. */
  add(job: () => Promise<void>): boolean {
    if (this.waiting.length >= this.maxWaiting) return false;
    this.waiting.push(job);
    if (!this.running) void this.drain();
    return true;
  }

  private async drain() {
    this.running = true;
    for (let job = this.waiting.shift(); job; job = this.waiting.shift()) await job().catch(() => {});
    this.running = false;
  }
}

/**
 * Rendered pages by URL, least recently used dropped past `maxBytes`. A page older than `maxAgeMs`
 * is stale (view counts and "most popular" move without a change event): it may still be served for
 * `staleMs` more while one render replaces it, so readers never queue behind that render. Every
 * page carries tags naming what it shows; `invalidate` drops the pages with any of them at once
 * (never served stale). A render that began before an invalidation of one of its tags is not
 * stored: it may have read the data before the change. A kept page is replaced by its compressed
 * copy (`replace`) only while it is still the page kept under its key: a copy finished after the
 * page was dropped or rendered again is thrown away.
 */
export class PageCache {
  private readonly pages = new Map<string, StoredPage>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly invalidatedAt = new Map<string, number>();
  private clearedAt = 0;
  private clock = 0;
  private bytes = 0;

  constructor(private readonly limits: { maxBytes: number; maxAgeMs: number; staleMs?: number }) {}

  get size() {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  /** A token to pass to `store` for a render starting now. */
  begin(): number {
    return this.clock;
  }

  get(key: string, now = Date.now()): StoredPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (now - page.storedAt >= this.limits.maxAgeMs + (this.limits.staleMs ?? 0)) {
      this.remove(key);
      return undefined;
    }
    // Most recently used last: the Map keeps insertion order.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** Whether `page` is what the cache keeps under `key` (without counting as a use). */
  holds(key: string, page: StoredPage): boolean {
    return this.pages.get(key) === page;
  }

  /** Past its maximum age: serve it, but render it again. */
  isStale(page: StoredPage, now = Date.now()): boolean {
    return now - page.storedAt >= this.limits.maxAgeMs;
  }

  /** Keeps `page` unless something it shows changed since `begunAt`; says whether it was kept. */
  store(key: string, page: StoredPage, begunAt: number): boolean {
    if (this.clearedAt > begunAt) return false;
    if (page.tags.some((tag) => (this.invalidatedAt.get(tag) ?? -1) > begunAt)) return false;
    if (sizeOf(page) > this.limits.maxBytes) return false;
    this.remove(key);
    this.pages.set(key, page);
    this.bytes += sizeOf(page);
    for (const tag of page.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const [oldest] of this.pages) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest);
    }
    return true;
  }

  /**
   * Puts `next` (the same page, compressed) in the place of `current`, if `current` is still what
   * the cache keeps under `key`: a page dropped or replaced meanwhile stays gone. Says whether it did.
   */
  replace(key: string, current: StoredPage, next: StoredPage): boolean {
    if (this.pages.get(key) !== current) return false;
    this.pages.set(key, next);
    this.bytes += sizeOf(next) - sizeOf(current);
    for (const [oldest] of this.pages) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest);
    }
    return true;
  }

  invalidate(tags: Iterable<string>) {
    this.clock++;
    // Old marks only matter to renders still running; past a bound, refusing every render begun before now is as safe.
    if (this.invalidatedAt.size > 10_000) {
      this.invalidatedAt.clear();
      this.clearedAt = this.clock - 1;
    }
    for (const tag of tags) {
      this.invalidatedAt.set(tag, this.clock);
      for (const key of this.keysByTag.get(tag) ?? []) this.remove(key);
    }
  }

  clear() {
    this.clock++;
    this.clearedAt = this.clock;
    for (const key of [...this.pages.keys()]) this.remove(key);
  }

  private remove(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= sizeOf(page);
    for (const tag of page.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}
