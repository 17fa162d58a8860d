import type { Config } from "../config.server";
import type { GenerateRequest } from "../../lib/ai-options";
import { createOfflineDraftProvider } from "./offline-draft.server";
import { createOpenAiCompatibleProvider } from "./openai-compatible.server";

/** Something that writes text for the AI writer, piece by piece. */
export interface AiProvider {
  readonly source: "offline" | "provider";
  readonly model: string | null;
  /** Yields text as it is written; stops when `signal` aborts. Throws AiProviderError. */
  generate(request: GenerateRequest, signal: AbortSignal): AsyncIterable<string>;
}

export type AiFailure = "bad-key" | "rate-limited" | "timeout" | "unavailable" | "bad-answer";

/** A provider failure, with a message an editor can act on. */
export class AiProviderError extends Error {
  constructor(
    readonly failure: AiFailure,
    message: string,
  ) {
    super(message);
  }

  /** The HTTP status the generate endpoint answers with. */
  get status(): number {
    return this.failure === "rate-limited" ? 429 : this.failure === "timeout" ? 504 : 502;
  }
}

/** The OpenAI-compatible provider when AI_BASE_URL is set, else the offline draft generator. */
export function aiProviderFrom(config: Config): AiProvider {
  if (!config.AI_BASE_URL) return createOfflineDraftProvider();
  return createOpenAiCompatibleProvider({
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_SECONDS * 1000,
  });
}
