import type { GenerateEvent, GenerateRequest } from "#app/lib/ai-options";

export class GenerateError extends Error {}

/** Splits a server-sent events text into complete events; returns them and the unfinished rest. */
export function parseEvents(buffer: string): { events: GenerateEvent[]; rest: string } {
  const blocks = buffer.split("\n\n");
  const rest = blocks.pop() ?? "";
  const events: GenerateEvent[] = [];
  for (const block of blocks) {
    const name = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (name && data !== undefined) events.push({ event: name, data: JSON.parse(data) } as GenerateEvent);
  }
  return { events, rest };
}

/**
 * Posts the options to /api/ai/generate and hands each event to `onEvent` as it arrives.
 * Throws GenerateError with the server's message when it refuses; an abort ends quietly.
 */
export async function streamGeneration(options: GenerateRequest, signal: AbortSignal, onEvent: (event: GenerateEvent) => void): Promise<void> {
  const response = await fetch("/api/ai/generate", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(options),
    signal,
  });
  if (!response.ok || !response.body) {
    const answer = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new GenerateError(answer?.error ?? `The server answered ${response.status}.`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const parsed = parseEvents(buffer + value);
    buffer = parsed.rest;
    parsed.events.forEach(onEvent);
  }
}
