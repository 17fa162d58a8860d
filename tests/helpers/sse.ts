/** A minimal Server-Sent Events reader over fetch, for tests. */
export interface SseClient {
  /** Resolves with the first "change" event that matches, or rejects after `timeoutMs`. */
  next(match: (data: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  received: Array<Record<string, unknown>>;
  /** Resolves when the server ends the stream (or close() is called). */
  ended: Promise<void>;
  close(): void;
}

export async function connectSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { Accept: "text/event-stream", ...headers }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`SSE connection failed: ${response.status}`);
  const received: Array<Record<string, unknown>> = [];
  const waiters = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let boundary: number;
        while ((boundary = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          if (block.includes(": connected")) connected();
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === "change" && data) {
            received.push(JSON.parse(data) as Record<string, unknown>);
            for (const wake of waiters) wake();
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  await ready;
  return {
    received,
    ended,
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
