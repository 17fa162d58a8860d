// What the AI writer's providers share: the interface and its failures (the providers and the
// factory import these; nothing here imports them back).
import type { GenerateRequest } from "#app/lib/ai-options";

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
