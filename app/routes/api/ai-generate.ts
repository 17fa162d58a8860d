import { z } from "zod";
import type { Route } from "./+types/ai-generate";
import { requireAbility } from "#app/server/auth/access.server";
import { readJsonBody } from "#app/server/core/json-body.server";
import { describeWait, hitRateLimits } from "#app/server/auth/rate-limit.server";
import { services } from "#app/server/core/services.server";
import { AiProviderError } from "#app/server/ai/types.server";
import { aiProviderFrom } from "#app/server/ai/provider.server";
import { bodyLimits } from "#app/lib/request-limits";
import { countWords, generateFailedText, generateRequestSchema, type GenerateEvent } from "#app/lib/ai-options";

function methodNotAllowed() {
  return Response.json({ error: "Use POST to generate content." }, { status: 405, headers: { Allow: "POST" } });
}

export function loader(_: Route.LoaderArgs) {
  return methodNotAllowed();
}

const encoder = new TextEncoder();
const sse = ({ event, data }: GenerateEvent) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * POST /api/ai/generate (admins only): JSON {prompt, type, tone, length, category} in, the
 * text out as server-sent events while it is written. A provider failure before the first
 * word answers with its HTTP status and a message; closing the request stops the provider.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireAbility(request, "useAiWriter");
  const { config, db, log } = services();

  const body = await readJsonBody(request, { maxBytes: bodyLimits.aiGenerate, invalidMessage: "Send the options as JSON." });
  if (!body.ok) return body.response;
  const parsed = generateRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const fields = z.flattenError(parsed.error).fieldErrors;
    return Response.json({ error: parsed.error.issues[0]!.message, errors: fields }, { status: 400 });
  }

  const wait = await hitRateLimits(db, [{ key: `ai-generate:user:${admin.id}`, limit: 30, windowSeconds: 10 * 60 }]);
  if (wait !== null) {
    return Response.json(
      { error: `Too many drafts in a short time. Please try again in ${describeWait(wait)}.` },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }

  const provider = aiProviderFrom(config);
  const pieces = provider.generate(parsed.data, request.signal)[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await pieces.next();
  } catch (error) {
    if (error instanceof AiProviderError) {
      log.warn({ failure: error.failure }, "AI provider failed");
      return Response.json({ error: error.message }, { status: error.status });
    }
    log.error({ err: error }, "AI generation failed");
    return Response.json({ error: generateFailedText }, { status: 500 });
  }

  let written = "";
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const { tone, length, category, type } = parsed.data;
      controller.enqueue(
        sse({
          event: "meta",
          data: { type, metadata: { tone, length, category, timestamp: new Date().toISOString(), source: provider.source, model: provider.model } },
        }),
      );
      if (!first.done) {
        written += first.value;
        controller.enqueue(sse({ event: "chunk", data: { text: first.value } }));
      }
    },
    async pull(controller) {
      if (first.done) {
        controller.enqueue(sse({ event: "done", data: { words: countWords(written) } }));
        controller.close();
        return;
      }
      try {
        const next = await pieces.next();
        if (next.done) {
          controller.enqueue(sse({ event: "done", data: { words: countWords(written) } }));
          controller.close();
          return;
        }
        written += next.value;
        controller.enqueue(sse({ event: "chunk", data: { text: next.value } }));
      } catch (error) {
        if (request.signal.aborted) return controller.close();
        const message = error instanceof AiProviderError ? error.message : generateFailedText;
        if (!(error instanceof AiProviderError)) log.error({ err: error }, "AI generation failed");
        controller.enqueue(sse({ event: "error", data: { message } }));
        controller.close();
      }
    },
    async cancel() {
      await pieces.return?.();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps compression from holding pieces back; the page shows them as they come.
      "Cache-Control": "private, no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
