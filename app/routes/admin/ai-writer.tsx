import { adminMeta } from "#app/lib/seo";
import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { FilePlus2, Sparkles, Square } from "lucide-react";
import { showToast } from "#app/lib/toast";
import type { Route } from "./+types/ai-writer";
import { services } from "#app/server/core/services.server";
import { categoryChoices } from "#app/server/articles/admin-articles.server";
import { Button } from "#app/components/ui/button";
import { SelectField, TextAreaField } from "#app/components/ui/field";
import { NewsPanel } from "#app/components/admin/news-panel";
import { GenerateError, streamGeneration } from "#app/components/admin/ai-stream";
import { aiDraftQuery, storeAiDraft } from "#app/components/admin/ai-draft-handoff";
import {
  contentReadyText,
  contentTypeLabels,
  contentTypes,
  countWords,
  defaultCategorySlug,
  draftToArticleFields,
  generateFailedText,
  generateRequestSchema,
  lengthLabels,
  lengths,
  maxPromptLength,
  promptRequiredText,
  toneLabels,
  tones,
  type GeneratedContentMetadata,
  type GenerateRequest,
} from "#app/lib/ai-options";
import { plural } from "#app/lib/plural";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("AI Writer", matches);

export async function loader() {
  const { db, config } = services();
  return { categories: await categoryChoices(db), provider: config.AI_BASE_URL ? { model: config.AI_MODEL } : null };
}

type Status = "idle" | "generating" | "done" | "failed" | "cancelled";

interface Result {
  text: string;
  type: GenerateRequest["type"];
  prompt: string;
  metadata: GeneratedContentMetadata | null;
  words: number;
}

export default function AiWriter({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>("idle");
  const [prompt, setPrompt] = useState("");
  const [promptError, setPromptError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const running = useRef<AbortController | null>(null);
  const focusPrompt = () => document.getElementById("ai-prompt")?.focus();
  const { categories: categoryList, provider } = loaderData;
  const defaultCategory = categoryList.some((category) => category.slug === defaultCategorySlug)
    ? defaultCategorySlug
    : (categoryList[0]?.slug ?? defaultCategorySlug);

  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = generateRequestSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message;
      setPromptError(message === promptRequiredText ? message : undefined);
      showToast({ type: "error", title: message });
      focusPrompt();
      return;
    }
    setPromptError(undefined);
    setFailure(null);
    const controller = new AbortController();
    running.current = controller;
    setStatus("generating");
    let text = "";
    setResult({ text, type: parsed.data.type, prompt: parsed.data.prompt, metadata: null, words: 0 });
    let streamError: string | null = null;
    try {
      await streamGeneration(parsed.data, controller.signal, (message) => {
        if (message.event === "meta") setResult((current) => current && { ...current, metadata: message.data.metadata });
        else if (message.event === "chunk") {
          text += message.data.text;
          setResult((current) => current && { ...current, text, words: countWords(text) });
        } else if (message.event === "error") streamError = message.data.message;
      });
      if (controller.signal.aborted) return;
      if (streamError) throw new GenerateError(streamError);
      setStatus("done");
      showToast({
        type: "success",
        title: contentReadyText,
        description: `${plural(countWords(text), { one: "word", other: "words" })} written. Review the draft before you use it.`,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus("failed");
      setFailure(error instanceof GenerateError ? error.message : "The server could not be reached.");
      showToast({ type: "error", title: generateFailedText });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  function cancel() {
    running.current?.abort();
    running.current = null;
    setStatus("cancelled");
  }

  function openInArticleForm() {
    if (!result) return;
    const fields = draftToArticleFields(result.text, result.type, result.prompt);
    const category = categoryList.find((entry) => entry.slug === result.metadata?.category);
    storeAiDraft({ ...fields, categoryId: category?.id ?? "" });
    navigate(`/admin/articles/new?${aiDraftQuery}`);
  }

  function pickSuggestion(text: string) {
    setPrompt(text);
    setPromptError(undefined);
    focusPrompt();
    showToast({ type: "info", title: "Prompt filled from the news item." });
  }

  const generating = status === "generating";
  const offline = result?.metadata ? result.metadata.source === "offline" : !provider;

  return (
    <div>
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <Sparkles aria-hidden className="size-6 text-accent" /> AI Writer
      </h1>
      <p className="mt-1 text-muted-foreground">
        {provider
          ? `Drafts are written by the configured AI model (${provider.model}).`
          : "No AI provider is configured: drafts come from the built-in offline draft generator, a structured starting point to edit."}
      </p>

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <form onSubmit={generate} noValidate className="space-y-4 rounded-xl border border-border p-5" aria-label="Generate content">
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField id="ai-type" name="type" label="Content type" defaultValue="article">
                {contentTypes.map((type) => (
                  <option key={type} value={type}>
                    {contentTypeLabels[type]}
                  </option>
                ))}
              </SelectField>
              <SelectField id="ai-tone" name="tone" label="Tone" defaultValue="professional">
                {tones.map((tone) => (
                  <option key={tone} value={tone}>
                    {toneLabels[tone]}
                  </option>
                ))}
              </SelectField>
              <SelectField id="ai-length" name="length" label="Length" defaultValue="medium" hint="Applies to articles.">
                {lengths.map((length) => (
                  <option key={length} value={length}>
                    {lengthLabels[length]}
                  </option>
                ))}
              </SelectField>
              <SelectField id="ai-category" name="category" label="Category" defaultValue={defaultCategory}>
                {categoryList.length === 0 && <option value={defaultCategorySlug}>Education News</option>}
                {categoryList.map((category) => (
                  <option key={category.id} value={category.slug}>
                    {category.name}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextAreaField
              id="ai-prompt"
              name="prompt"
              label="Prompt"
              required
              rows={5}
              maxLength={maxPromptLength}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              error={promptError}
              placeholder="What should the piece be about? e.g. Using mobile phones to support learning in rural classrooms"
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={generating}>
                <Sparkles aria-hidden className="size-4" />
                {generating ? "Generating..." : "Generate"}
              </Button>
              {generating && (
                <Button variant="outline" onClick={cancel}>
                  <Square aria-hidden className="size-4" /> Cancel
                </Button>
              )}
            </div>
          </form>

          {result && (
            <section aria-labelledby="ai-result-heading" aria-busy={generating} className="rounded-xl border border-border p-5">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 id="ai-result-heading" className="text-lg font-semibold">
                  Generated {contentTypeLabels[result.type].toLowerCase()}
                </h2>
                <span className="rounded-full bg-muted px-3 py-1 text-xs font-medium">
                  {offline ? "Offline draft" : `AI draft · ${result.metadata?.model ?? provider?.model ?? ""}`}
                </span>
              </div>
              {offline && (
                <p className="mt-2 text-sm text-muted-foreground">
                  Written by the offline draft generator from your prompt and options. Add facts, names and local examples before publishing.
                </p>
              )}
              <p role="status" className="mt-2 text-sm text-muted-foreground">
                {status === "generating" && "Writing..."}
                {status === "done" && `${contentReadyText}: ${plural(result.words, { one: "word", other: "words" })}.`}
                {status === "cancelled" && `Stopped after ${plural(result.words, { one: "word", other: "words" })}.`}
                {status === "failed" && generateFailedText}
              </p>
              {failure && (
                <p
                  role="alert"
                  className="mt-2 rounded-md border border-destructive-border bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground"
                >
                  {failure}
                </p>
              )}
              {/* Generated text is untrusted: it is shown as text, never as HTML. */}
              <div
                role="region"
                aria-label="Generated text"
                tabIndex={0}
                className="mt-4 max-h-[32rem] overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-subtle p-4 font-mono text-sm leading-relaxed"
              >
                {result.text}
              </div>
              {status === "done" && result.text.trim() && (
                <Button className="mt-4" onClick={openInArticleForm}>
                  <FilePlus2 aria-hidden className="size-4" /> Use this draft
                </Button>
              )}
            </section>
          )}
        </div>
        <NewsPanel onPick={pickSuggestion} />
      </div>
    </div>
  );
}
