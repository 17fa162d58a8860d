import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateRequestSchema } from "#app/lib/ai-options";
import { fakeModelPieces, startFakeAiProvider, type FakeAiProvider } from "#tests/fixtures/feeds/servers";
import { createOpenAiCompatibleProvider } from "./openai-compatible.server";
import { AiProviderError } from "./types.server";

let fake: FakeAiProvider;
beforeAll(async () => {
  fake = await startFakeAiProvider();
});
afterAll(() => fake.close());

const provider = () => createOpenAiCompatibleProvider({ baseUrl: fake.url, apiKey: "sk-test", model: "test-model", timeoutMs: 1_000 });
const request = (prompt: string) => generateRequestSchema.parse({ prompt, tone: "casual", length: "short", category: "health" });

async function collect(prompt: string, signal = new AbortController().signal) {
  const pieces: string[] = [];
  for await (const piece of provider().generate(request(prompt), signal)) pieces.push(piece);
  return pieces;
}

async function failure(prompt: string) {
  try {
    await collect(prompt);
  } catch (error) {
    return error as AiProviderError;
  }
  throw new Error("expected a failure");
}

describe("the OpenAI-compatible provider", () => {
  it("streams the model's pieces and sends the model, the options and the key", async () => {
    expect(await collect("Reading routines")).toEqual(fakeModelPieces);
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe("Bearer sk-test");
    expect(sent.body).toMatchObject({ model: "test-model", stream: true });
    expect(sent.body.messages[1]).toEqual({ role: "user", content: "Reading routines" });
    expect(sent.body.messages[0]!.content).toMatch(/friendly and relaxed.*500-800 words.*"Health" section/s);
  });

  it("turns provider failures into messages an editor can act on", async () => {
    expect(await failure("[401]")).toMatchObject({
      failure: "bad-key",
      status: 502,
      message: "The AI provider refused the API key (HTTP 401). Check AI_API_KEY.",
    });
    expect(await failure("[429]")).toMatchObject({ failure: "rate-limited", status: 429 });
    expect(await failure("[500]")).toMatchObject({ failure: "unavailable", message: "The AI provider is failing (HTTP 500). Try again later." });
    expect(await failure("[broken]")).toMatchObject({ failure: "bad-answer" });
    const started = Date.now();
    expect(await failure("[hang]")).toMatchObject({ failure: "timeout", status: 504, message: "The AI provider did not answer within 1 second." });
    expect(Date.now() - started).toBeLessThan(3_000);
    const down = createOpenAiCompatibleProvider({ baseUrl: "http://127.0.0.1:9/v1", model: "m", timeoutMs: 1_000 });
    await expect(down.generate(request("x"), new AbortController().signal)[Symbol.asyncIterator]().next()).rejects.toThrow(
      "Could not reach the AI provider at 127.0.0.1:9.",
    );
    // The provider's own error text (which may quote the key) is never passed on.
    expect((await failure("[401]")).message).not.toContain("sk-secret");
  });

  it("stops the upstream request when the caller aborts", async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    await expect(
      (async () => {
        for await (const piece of provider().generate(request("[slow]"), controller.signal)) {
          pieces.push(piece);
          if (pieces.length === 3) controller.abort();
        }
      })(),
    ).rejects.toThrow();
    expect(pieces).toHaveLength(3);
    await fake.slowStreamClosed;
  });
});
