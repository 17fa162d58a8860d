import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveTable, TableChange } from "./live-tables";

/** A stand-in for the browser's EventSource: the test opens, drops, refuses and sends. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event("open"));
  }
  send(table: LiveTable) {
    const change: TableChange = { table, op: "update", id: null };
    this.dispatchEvent(new MessageEvent("change", { data: JSON.stringify(change) }));
  }
  /** The connection dropped: the browser tries again by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event("error"));
  }
  /** The server refused the stream (e.g. 503): the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event("error"));
  }
}

const latest = () => FakeEventSource.opened.at(-1)!;

// A fresh module per test: the shared stream is module state.
async function watchTables(...args: Parameters<typeof import("./change-events").watchTables>) {
  const changeEvents = await import("./change-events");
  return changeEvents.watchTables(...args);
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("watchTables", () => {
  it("calls back for a change of a watched table only, at once", async () => {
    const onChange = vi.fn();
    await watchTables(["articles"], onChange);
    expect(latest().url).toBe("/api/events");
    latest().open();
    latest().send("comments");
    vi.advanceTimersByTime(5000);
    expect(onChange).toHaveBeenCalledTimes(0);
    latest().send("articles");
    vi.advanceTimersByTime(0);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("coalesces a burst into one call, and calls at most once per interval", async () => {
    const onChange = vi.fn();
    await watchTables(["articles", "categories"], onChange, 1000);
    latest().open();
    latest().send("articles");
    latest().send("categories");
    latest().send("articles");
    vi.advanceTimersByTime(0);
    expect(onChange).toHaveBeenCalledTimes(1);
    latest().send("articles");
    latest().send("articles");
    vi.advanceTimersByTime(999);
    expect(onChange).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("after the stream was down, calls back whatever is watched (changes were missed), and not on the first open", async () => {
    const onChange = vi.fn();
    await watchTables(["team_members"], onChange);
    latest().open();
    vi.advanceTimersByTime(1000);
    expect(onChange).toHaveBeenCalledTimes(0);
    latest().drop();
    latest().open();
    vi.advanceTimersByTime(0);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(1); // the browser reconnected the same one
  });

  it("opens a refused stream again after 30 seconds, and calls back once it is open", async () => {
    const onChange = vi.fn();
    await watchTables(["articles"], onChange);
    const refused = latest();
    refused.refuse();
    vi.advanceTimersByTime(29_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(onChange).toHaveBeenCalledTimes(0);
    latest().open();
    vi.advanceTimersByTime(0);
    expect(onChange).toHaveBeenCalledTimes(1);
    latest().send("articles");
    vi.advanceTimersByTime(1000);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("shares one stream between watchers, and closes it when the last one stops", async () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = await watchTables(["articles"], first);
    const stopSecond = await watchTables(["comments"], second);
    expect(FakeEventSource.opened).toHaveLength(1);
    const stream = latest();
    stream.open();
    stream.send("comments");
    vi.advanceTimersByTime(0);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([0, 1]);
    stopFirst();
    expect(stream.readyState).toBe(FakeEventSource.OPEN);
    stopSecond();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("calls nothing once stopped, not even a call already waiting", async () => {
    const onChange = vi.fn();
    const stop = await watchTables(["articles"], onChange, 1000);
    latest().open();
    latest().send("articles");
    vi.advanceTimersByTime(0);
    latest().send("articles");
    stop();
    vi.advanceTimersByTime(5000);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("does not open a refused stream again once nobody watches", async () => {
    const stop = await watchTables(["articles"], vi.fn());
    latest().refuse();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
