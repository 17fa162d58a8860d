import type { GenerateRequest } from "#app/lib/ai-options";
import { AiProviderError, type AiProvider } from "./types.server";
import { writingMessages } from "./writing-brief.server";
import { plural } from "#app/lib/plural";

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest silence allowed: before the answer starts, and between two pieces of text. */
  timeoutMs: number;
}

function statusError(status: number, model: string): AiProviderError {
  if (status === 401 || status === 403) return new AiProviderError("bad-key", `The AI provider refused the API key (HTTP ${status}). Check AI_API_KEY.`);
  if (status === 429) return new AiProviderError("rate-limited", "The AI provider is rate limiting requests (HTTP 429). Wait a minute, then try again.");
  if (status === 404)
    return new AiProviderError("unavailable", `The AI provider does not know this address or the model "${model}" (HTTP 404). Check AI_BASE_URL and AI_MODEL.`);
  if (status >= 500) return new AiProviderError("unavailable", `The AI provider is failing (HTTP ${status}). Try again later.`);
  return new AiProviderError("bad-answer", `The AI provider refused the request (HTTP ${status}).`);
}

/** The text of one streamed chat-completions event, or null for events without text. */
function deltaText(json: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new AiProviderError("bad-answer", "The AI provider sent an answer that is not valid JSON.");
  }
  const event = parsed as { choices?: { delta?: { content?: unknown } }[]; error?: { message?: unknown } };
  if (event.error) throw new AiProviderError("unavailable", "The AI provider stopped with an error while writing. Try again.");
  const content = event.choices?.[0]?.delta?.content;
  return typeof content === "string" && content ? content : null;
}

/** Any OpenAI-compatible chat-completions endpoint, streamed (server-sent events). */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const host = new URL(endpoint).host;
  const seconds = Math.round(options.timeoutMs / 1000);

  return {
    source: "provider",
    model: options.model,
    async *generate(request: GenerateRequest, signal: AbortSignal) {
      const silence = new AbortController();
      let timer = setTimeout(() => silence.abort(), options.timeoutMs);
      const heardFrom = () => {
        clearTimeout(timer);
        timer = setTimeout(() => silence.abort(), options.timeoutMs);
      };
      const combined = AbortSignal.any([signal, silence.signal]);
      const failure = (error: unknown): unknown => {
        if (error instanceof AiProviderError) return error;
        if (silence.signal.aborted)
          return new AiProviderError("timeout", `The AI provider did not answer within ${plural(seconds, { one: "second", other: "seconds" })}.`);
        if (signal.aborted) return error;
        return new AiProviderError("unavailable", `Could not reach the AI provider at ${host}.`);
      };

      try {
        let response: Response;
        try {
          response = await fetch(endpoint, {
            method: "POST",
            signal: combined,
            headers: {
              "Content-Type": "application/json",
              Accept: "text/event-stream",
              ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
            },
            body: JSON.stringify({ model: options.model, stream: true, messages: writingMessages(request) }),
          });
        } catch (error) {
          throw failure(error);
        }
        if (!response.ok || !response.body) {
          await response.body?.cancel();
          throw statusError(response.status, options.model);
        }

        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        try {
          for (;;) {
            let read: ReadableStreamReadResult<string>;
            try {
              read = await reader.read();
            } catch (error) {
              throw failure(error);
            }
            if (read.done) return;
            heardFrom();
            buffer += read.value;
            const lines = buffer.split(/\r?\n/);
            buffer = lines.pop() ?? "";
            for (const line of lines) {
              if (!line.startsWith("data:")) continue;
              const data = line.slice(5).trim();
              if (data === "[DONE]") return;
              const text = deltaText(data);
              if (text) yield text;
            }
          }
        } finally {
          await reader.cancel().catch(() => undefined);
        }
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
