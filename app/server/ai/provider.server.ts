import type { Config } from "#app/server/core/config.server";
import { createOfflineDraftProvider } from "./offline-draft.server";
import { createOpenAiCompatibleProvider } from "./openai-compatible.server";
import type { AiProvider } from "./types.server";

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
