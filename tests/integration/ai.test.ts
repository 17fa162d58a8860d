import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "#app/server/auth/auth.server";
import { parseEvents } from "#app/components/admin/ai-stream";
import { countWords, lengthWords, type GenerateEvent } from "#app/lib/ai-options";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { fakeModelPieces, startFakeAiProvider, type FakeAiProvider } from "#tests/fixtures/feeds/servers";

let server: TestServer;
let owner: CookieJar;
let reader: CookieJar;

async function start(env: Record<string, string> = {}) {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret", ...env });
  await signUp({ email: "reader@example.com", password: "reader-secret" }, { ip: "127.0.0.1" });
  [owner, reader] = await Promise.all([
    signInOverHttp(server.url, "owner@example.com", "owner-secret"),
    signInOverHttp(server.url, "reader@example.com", "reader-secret"),
  ]);
}

function generate(jar: CookieJar | null, body: unknown, signal?: AbortSignal) {
  return fetch(`${server.url}/api/ai/generate`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/json", "Accept-Encoding": "gzip", ...(jar ? { Cookie: jar.header() } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal,
  });
}

async function events(response: Response): Promise<GenerateEvent[]> {
  return parseEvents(await response.text()).events;
}

const text = (list: GenerateEvent[]) => list.flatMap((event) => (event.event === "chunk" ? [event.data.text] : [])).join("");

describe(`the AI generate endpoint, offline (${testDatabaseKind})`, () => {
  beforeAll(() => start());
  afterAll(() => server.close());

  it("is for admins only", async () => {
    expect((await generate(null, { prompt: "x" })).status).toBe(401);
    const refused = await generate(reader, { prompt: "x" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Access denied. Admin privileges required." });
  });

  it("refuses a missing prompt and bad options with clear messages", async () => {
    const blank = await generate(owner, { prompt: "   " });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({
      error: "Please enter a prompt for content generation",
      errors: { prompt: ["Please enter a prompt for content generation"] },
    });
    const badTone = await generate(owner, { prompt: "x", tone: "angry" });
    expect(badTone.status).toBe(400);
    expect((await badTone.json()).error).toBe("Choose a tone.");
    expect((await generate(owner, "{not json")).status).toBe(400);
    expect((await fetch(`${server.url}/api/ai/generate`, { headers: { Cookie: owner.header() } })).status).toBe(405);
  });

  it("streams an offline draft as events: meta, many chunks, done, uncompressed", async () => {
    const response = await generate(owner, { prompt: "Teacher wellbeing during exam season", length: "short", tone: "casual", category: "health" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("content-encoding")).toBeNull();
    const list = await events(response);
    expect(list[0]).toMatchObject({
      event: "meta",
      data: { type: "article", metadata: { tone: "casual", length: "short", category: "health", source: "offline", model: null } },
    });
    expect(Date.parse((list[0] as Extract<GenerateEvent, { event: "meta" }>).data.metadata.timestamp)).not.toBeNaN();
    expect(list.filter((event) => event.event === "chunk").length).toBeGreaterThan(50);
    const draft = text(list);
    expect(draft.startsWith("# Teacher Wellbeing During Exam Season: What Actually Works in Class")).toBe(true);
    expect(countWords(draft)).toBeGreaterThanOrEqual(lengthWords.short.min);
    expect(list.at(-1)).toEqual({ event: "done", data: { words: countWords(draft) } });
  });
});

describe(`the AI generate endpoint with a local OpenAI-compatible provider (${testDatabaseKind})`, () => {
  let fake: FakeAiProvider;
  beforeAll(async () => {
    fake = await startFakeAiProvider();
    await start({ AI_BASE_URL: fake.url, AI_API_KEY: "sk-local", AI_MODEL: "local-model", AI_TIMEOUT_SECONDS: "1" });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("streams what the model writes, with the model named", async () => {
    const list = await events(await generate(owner, { prompt: "Reading routines", type: "excerpt" }));
    expect(list[0]).toMatchObject({
      event: "meta",
      data: { type: "excerpt", metadata: { source: "provider", model: "local-model", tone: "professional", length: "medium", category: "education-news" } },
    });
    expect(list.filter((event) => event.event === "chunk").map((event) => event.data)).toEqual(fakeModelPieces.map((piece) => ({ text: piece })));
    expect(list.at(-1)).toEqual({ event: "done", data: { words: countWords(fakeModelPieces.join("")) } });
    expect(fake.requests.at(-1)).toMatchObject({ authorization: "Bearer sk-local", body: { model: "local-model", stream: true } });
  });

  it("answers provider failures with a status and a clear message", async () => {
    const cases: [string, number, string][] = [
      ["[401]", 502, "The AI provider refused the API key (HTTP 401). Check AI_API_KEY."],
      ["[429]", 429, "The AI provider is rate limiting requests (HTTP 429). Wait a minute, then try again."],
      ["[500]", 502, "The AI provider is failing (HTTP 500). Try again later."],
      ["[hang]", 504, "The AI provider did not answer within 1 second."],
    ];
    for (const [prompt, status, message] of cases) {
      const response = await generate(owner, { prompt });
      expect(response.status, prompt).toBe(status);
      expect(await response.json(), prompt).toEqual({ error: message });
    }
  });

  it("reports a failure in the middle of the stream as an error event", async () => {
    const list = await events(await generate(owner, { prompt: "[broken]" }));
    expect(list.map((event) => event.event)).toEqual(["meta", "chunk", "error"]);
    expect(list.at(-1)).toEqual({ event: "error", data: { message: "The AI provider sent an answer that is not valid JSON." } });
  });

  it("stops the provider's request when the browser goes away", async () => {
    const controller = new AbortController();
    const response = await generate(owner, { prompt: "[slow]" }, controller.signal);
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(Promise.race([fake.slowStreamClosed.then(() => "closed"), new Promise((resolve) => setTimeout(resolve, 5_000, "still open"))])).resolves.toBe(
      "closed",
    );
  });
});
